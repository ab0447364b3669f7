import { LRUCache } from 'lru-cache';
import { canSee } from '../domain/access';
import { analyseStage } from '../analyse/analyse.stage';
import type { QueryAnalysis } from '../analyse/analyse';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-codes';
import type { ChangeSignal } from '../app/change-signal';
import type { Expansion } from '../expand/expand';
import type { OffenceElements } from '../expand/elements';
import type { Glossary } from '../expand/glossary';
import { equivalentsStage, lookUpCounterparts } from '../expand/equivalents.stage';
import { expandStage } from '../expand/expand.stage';
import { eventNames, narrativeEvents } from '../expand/events';
import { ExampleIndex, EXAMPLES_MIN_WORDS, type ExampleMatch, type LabelledExample } from '../expand/examples';
import type { SectionClassifier } from '../expand/section-classifier';
import { SectionNames, type NameMatch } from '../expand/section-names';
import { fuseStage } from '../fuse/fuse.stage';
import { rerankPooled } from '../rerank/rerank.stage';
import { retrieveStage } from '../retrieve/retrieve.stage';
import { transliterators } from '../text/romanised';
import { assembleStage } from './assemble.stage';
import { gatherEvidence } from './evidence';
import { judgesDomain, refusalWithoutLogit } from './refusal';
import type { DomainWords } from './domain-words';
import { ms, SearchContext, type PipelineDeps } from './pipeline';
import type { SearchRequest, SearchResponse } from './search.types';

export const MAX_QUERY_CHARS = 4000;
export const MAX_TOP_K = 20;
const CANDIDATES = 20;

export interface SearchDeps extends PipelineDeps {
  glossary: Glossary;
  /** Offence ingredients and the rules that combine them, for narratives. */
  elements: OffenceElements;
  /** Fired after every write: the cache of answers is dropped. */
  changes: Pick<ChangeSignal, 'on' | 'version'>;
  /** Disk memo for the section-name embeddings; none keeps them in memory only. */
  namesCache?: string;
  /** Labelled examples whose nearest neighbours vote sections (expand/examples.ts); none turns that list off. */
  examples?: LabelledExample[];
  /** Disk memo for the examples' embeddings, for a model the seed ships no vectors for. */
  examplesCache?: string;
  /** The section classifier fitted on the examples (its list's weight is PipelineDeps.classifierWeight); none: no such list. */
  sectionClassifier?: SectionClassifier | null;
  domainWords: DomainWords;
}

/** Sections taken from the name list: a short query names one or two offences, whose IPC and BNS titles both match. */
const NAME_MATCHES = 4;
/**
 * Names compared with a query: those in its own language. Across languages e5-small rates some unrelated Hindi
 * titles above the English title that fits an English query. Gujarati also meets the Hindi titles: no Gujarati
 * statute text exists, and the two share most legal vocabulary.
 */
const NAME_LANGUAGES: Record<string, ('en' | 'hi' | 'gu')[]> = { en: ['en'], hi: ['hi'], gu: ['gu', 'hi'] };
/**
 * Whether the labelled examples (their votes, the classifier fitted on them) are asked about a query: not one that names
 * its section, which says what it wants, nor one of a few words, an offence's name the section-name list matches.
 */
const readsExamples = (analysis: QueryAnalysis, req: SearchRequest) =>
  !req.disable?.examples && analysis.words >= EXAMPLES_MIN_WORDS && !analysis.references.some((r) => !r.inferred);

/** Sections taken from the examples' votes: a narrative's neighbours share its two or three offences and their counterparts. */
const EXAMPLE_SECTIONS = 10;

/**
 * The search pipeline: analyse → expand → retrieve (dense, keyword, sections) → fuse → rerank → section
 * expansion → assemble. Every stage reports its time and whether it ran; identical queries are answered
 * from a cache that every write clears.
 */
export class SearchService {
  /**
   * Bounded in bytes as well as entries: every hit holds its document's stored input, hundreds of KB for a long FIR,
   * so 500 answers over such documents could hold gigabytes. The size is an estimate (UTF-16 text plus a margin).
   */
  private readonly cache = new LRUCache<string, SearchResponse>({
    max: 500, maxSize: 64 * 2 ** 20,
    sizeCalculation: (r) => 16384 + 2 * r.hits.reduce((n, h) => n + h.chunk.text.length + JSON.stringify(h.document.input).length
      + h.siblings.reduce((m, c) => m + c.text.length, 0), 0),
  });
  private names: Promise<SectionNames> | undefined;
  private examples: Promise<ExampleIndex> | undefined;
  /** The examples' index once embedded: a search does not wait for it (minutes for a model the seed ships no vectors for). */
  private examplesReady: ExampleIndex | undefined;

  constructor(private readonly deps: SearchDeps) {
    deps.changes.on(() => this.cache.clear());
  }

  validate(req: SearchRequest): void {
    const q = req.query?.trim() ?? '';
    if (!q) throw new AppError(ErrorCode.BAD_USER_INPUT, 'query must not be empty');
    if (q.length > MAX_QUERY_CHARS) throw new AppError(ErrorCode.QUERY_TOO_LONG, `query has ${q.length} characters; at most ${MAX_QUERY_CHARS} are accepted`);
    const maxK = Math.max(MAX_TOP_K, req.candidates ?? 0);
    if (req.topK !== undefined && (!Number.isInteger(req.topK) || req.topK < 1 || req.topK > maxK)) {
      throw new AppError(ErrorCode.BAD_USER_INPUT, `topK must be an integer from 1 to ${maxK}`);
    }
    const f = req.filter;
    if (f?.dateFrom && f?.dateTo && f.dateFrom > f.dateTo) throw new AppError(ErrorCode.BAD_USER_INPUT, 'filter.dateFrom is after filter.dateTo');
  }

  async search(req: SearchRequest): Promise<SearchResponse> {
    this.validate(req);
    // req.filter carries the caller's access scope, so one caller's results are never served to another.
    const key = JSON.stringify([req.query.trim().normalize('NFC').replace(/\s+/g, ' '), req.topK, req.filter, req.fusion, req.authorityBoost,
      req.expandCoCited, req.rerank, req.maxPerDocument, req.disable, req.candidates]);
    const hit = this.cache.get(key);
    if (hit) return { ...hit, cached: true };
    const version = this.deps.changes.version;
    const warm = this.examplesReady !== undefined || !this.deps.examples?.length;
    const res = await this.run(req);
    // A degraded answer is not kept: once the missing store is back, the next identical query must use it. Nor is
    // one a write (here or on another instance) overtook while it ran: it may predate the write. Nor one searched
    // before the examples were embedded.
    if (!res.missingSources.length && this.deps.changes.version === version && warm) this.cache.set(key, res);
    return res;
  }

  /** The stages in order, each taking what the ones before it produced (src/search/pipeline.ts). */
  private async run(req: SearchRequest): Promise<SearchResponse> {
    const ctx = new SearchContext(req, this.deps);
    const pool = req.candidates ?? CANDIDATES;
    const analysis = await ctx.run('analyse', () => analyseStage(req));
    let margin: Promise<number | null> = Promise.resolve(null);
    const { expansion, named } = await ctx.run('expand', async () => {
      const near = await this.near(analysis, req);
      margin = near.margin;
      return expandStage(analysis, near, ctx, this.deps);
    });
    // For the audit log, beside retrieval: it never delays the answer.
    const hidden = this.countHidden(expansion, req.filter, pool);
    const retrieved = await ctx.run('retrieve', () => retrieveStage(expansion, ctx, pool));
    const fused = await ctx.run('fuse', () => fuseStage({ analysis, expansion, retrieve: retrieved }, ctx, pool));
    // Started before the rerank and awaited after it: its round trips overlap the model's scoring. The no-op handler
    // keeps a store failure from being reported as unhandled while the rerank runs; the stage still receives it.
    const counterparts = ctx.off.equivalents ? undefined : lookUpCounterparts(fused.pooled, ctx);
    counterparts?.catch(() => undefined);
    // The refusal's evidence before the rerank: where it decides without the model's logit, a model whose rank has no
    // weight need not run.
    const evidence = await gatherEvidence({ analysis, expansion, retrieve: retrieved, exampleMargin: await margin }, ctx, this.deps.domainWords);
    const decided = refusalWithoutLogit(evidence, this.deps.rerankSettings);
    const reranked = await ctx.run('rerank', () => rerankPooled(fused.pooled, analysis, ctx, decided));
    const ordered = await ctx.run('expand.sections', () => equivalentsStage(reranked.pooled, named, ctx, counterparts));
    const assembled = await ctx.run('assemble', () => assembleStage(
      { analysis, expansion, ordered, docs: fused.docs, evidence, bestLogit: reranked.bestLogit }, ctx));
    return {
      query: req.query, analysis, expansion, ...assembled,
      stages: ctx.stages, missingSources: [...ctx.missing], cached: false, tookMs: ms(ctx.started), hiddenByAccess: await hidden,
    };
  }

  private async near(analysis: QueryAnalysis, req: SearchRequest): Promise<{ names: NameMatch[]; examples: ExampleMatch[] | null; classified: ExampleMatch[]; margin: Promise<number | null> }> {
    // The whole query's vector, shared: the embedder memoises a query only once computed, so the two lists asking for
    // it at once would run the model twice. The dense stage and the domain classifier find it in that memo later.
    let whole: Promise<Float32Array> | undefined;
    const vector = () => (whole ??= this.deps.embedder.embed([analysis.normalised], 'query').then(([v]) => v));
    const [names, examples, classified] = await Promise.all([this.similarNames(analysis, req, vector), this.nearExamples(analysis, req, vector), this.classified(analysis, req, vector)]);
    return { names, examples, classified, margin: this.exampleMargin(analysis, req, vector) };
  }

  /**
   * The sections of the labelled examples nearest the query, narratives and procedure questions alike: the whole
   * query is compared, as the examples are whole complaints and questions. Null while the examples are still being
   * embedded: the search goes on without them.
   */
  private async nearExamples(analysis: QueryAnalysis, req: SearchRequest, vector: () => Promise<Float32Array>): Promise<ExampleMatch[] | null> {
    if (!this.deps.examples?.length || !readsExamples(analysis, req)) return [];
    const index = this.examplesReady;
    if (!index) {
      void this.exampleIndex().catch(() => undefined);
      return null;
    }
    try {
      return index.match(await vector(), EXAMPLE_SECTIONS, (id) => this.deps.catalogue.has(id));
    } catch {
      // The embedder's failure shows in the dense stage.
      return [];
    }
  }

  /**
   * The sections the section classifier fitted on the examples rates most probable, each with the cosine of the
   * nearest example citing it once the examples are embedded. The same queries as the votes.
   */
  private async classified(analysis: QueryAnalysis, req: SearchRequest, vector: () => Promise<Float32Array>): Promise<ExampleMatch[]> {
    const classifier = this.deps.sectionClassifier;
    if (!classifier || !readsExamples(analysis, req)) return [];
    try {
      const v = await vector();
      const index = this.examplesReady;
      return classifier.top(v, EXAMPLE_SECTIONS, (id) => this.deps.catalogue.has(id))
        .map((m) => ({ ...m, nearest: index?.nearestCiting(v, m.id) ?? 0 }));
    } catch {
      return [];
    }
  }

  /**
   * How much nearer the query is to the in-domain examples than to the off-domain lines (ExampleIndex.margin), for the
   * refusal, for the queries the domain classifier judges (refusal.ts, judgesDomain). Null while the examples are being
   * embedded, when the embedder fails, or when no margin rule is configured (nothing would read it).
   */
  private async exampleMargin(analysis: QueryAnalysis, req: SearchRequest, vector: () => Promise<Float32Array>): Promise<number | null> {
    const index = this.examplesReady;
    const { refuseMargin, keepMargin } = this.deps.rerankSettings;
    if (!index || req.disable?.examples || (refuseMargin === null && keepMargin === null) || !judgesDomain(analysis)) return null;
    try {
      return index.margin(await vector());
    } catch {
      return null;
    }
  }

  /**
   * Sections whose names are nearest a short query in meaning; for an incident narrative, whose embedding is a blend
   * of everything that happened, those nearest each of its events. Not for a query that names its section
   * ("BNS 303(2)"), which says what it wants.
   */
  private async similarNames(analysis: QueryAnalysis, req: SearchRequest, vector: () => Promise<Float32Array>): Promise<NameMatch[]> {
    if (req.disable?.names || req.disable?.expansion || analysis.references.some((r) => !r.inferred)) return [];
    const languages = NAME_LANGUAGES[analysis.language] ?? ['en', 'hi', 'gu'];
    try {
      // A story that ends in a question ("… can this be used as a confession?") asks about procedure or evidence:
      // the offences its events name are its background, not its answer.
      if (analysis.type === 'FACT_PATTERN') return /[?？]/.test(analysis.normalised) ? [] : await this.namesOfEvents(analysis.normalised, languages);
      const [names, v] = await Promise.all([this.sectionNames(), vector()]);
      return names.match(v, NAME_MATCHES, languages);
    } catch {
      // The embedder's failure shows in the dense stage; the search goes on without this list, and tries again next time.
      this.names = undefined;
      return [];
    }
  }

  /** A narrative's events, each matched with the offence names (expand/events.ts). */
  private async namesOfEvents(text: string, languages: readonly ('en' | 'hi' | 'gu')[]): Promise<NameMatch[]> {
    const events = narrativeEvents(text);
    if (!events.length) return [];
    const [names, vectors] = await Promise.all([this.sectionNames(), this.deps.embedder.embed(events, 'query')]);
    return eventNames(names, vectors, languages, (id) => this.deps.catalogue.isPenal(id));
  }

  /**
   * Embeds the section names and the labelled examples now rather than on the first search: a file read with the
   * shipped vectors, a few seconds (names) and a couple of minutes (examples) on 2 cores without them. The romanised
   * Hindi and Gujarati readings (built together, ~0.2 s) too.
   */
  async warm(): Promise<void> {
    transliterators();
    await Promise.all([this.sectionNames(), this.exampleIndex()]);
  }

  private sectionNames(): Promise<SectionNames> {
    const { embedder, catalogue, glossary } = this.deps;
    this.names ??= SectionNames.build(embedder, catalogue, glossary, this.deps.namesCache);
    return this.names;
  }

  private exampleIndex(): Promise<ExampleIndex> {
    if (this.examples) return this.examples;
    const examples = this.deps.examples ?? [];
    const building = examples.length ? ExampleIndex.build(this.deps.embedder, examples, this.deps.examplesCache) : Promise.resolve(ExampleIndex.empty());
    this.examples = building;
    // A failed build (the embedder down) is tried again by the next search.
    building.then((index) => (this.examplesReady = index), () => {
      if (this.examples === building) this.examples = undefined;
    });
    return building;
  }

  /**
   * For the audit log: how many documents the same keyword retrieval would have returned without the caller's
   * access restriction that the caller may not see. Runs beside the real retrieval, only for restricted callers.
   */
  private async countHidden(x: Expansion, filter: SearchRequest['filter'], n: number): Promise<number> {
    if (!filter?.access || filter.access.all) return 0;
    try {
      const { access, ...unrestricted } = filter;
      const hits = await this.deps.stores.keyword.search({ terms: x.keywordTerms, phrases: x.phrases }, n, unrestricted);
      const docs = await this.deps.stores.documents.getDocuments([...new Set(hits.map((h) => h.documentId))]);
      return docs.filter((d) => !canSee(access, d)).length;
    } catch {
      return 0;
    }
  }
}
