import { LRUCache } from 'lru-cache';
import { canSee } from '../domain/access';
import { analyseQuery } from '../analyse/analyse';
import type { App } from '../app/app';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-codes';
import { expandQuery, namedSections, type NamedSection, usefulEquivalents, type Expansion } from '../expand/expand';
import { OffenceElements } from '../expand/elements';
import { Glossary } from '../expand/glossary';
import { eventNames, narrativeEvents } from '../expand/events';
import { SectionNames, type NameMatch } from '../expand/section-names';
import { AUTHORITY_BOOST, fuse, LINEAR_WEIGHTS, priorIntent, provisionPrior, RRF_WEIGHTS } from '../fuse/fuse';
import { capPerDocument, dedupe, rerankStage, type Candidate, type RerankSettings } from '../rerank/rerank';
import { retrieve, type StageOutcome } from '../retrieve/retrieve';
import type { CitationGraph } from '../stores/graph/graph.types';
import type { ChunkRecord } from '../stores/store.types';
import { highlights } from './highlight';
import type { SearchHit, SearchRequest, SearchResponse, StageReport } from './search.types';
import { MIN_DENSE, MIN_KEYWORD } from './thresholds';
import type { DomainWords } from './domain-words';
import { refused, type RefusalThresholds } from './refusal';

export const MAX_QUERY_CHARS = 4000;
export const MAX_TOP_K = 20;
const CANDIDATES = 20;
/** One hit per document by default: its best chunk, the document's other matching chunks as its siblings. */
export const MAX_PER_DOCUMENT = 1;

type Deps = Pick<App, 'stores' | 'embedder' | 'rerank' | 'glossary' | 'elements' | 'catalogue' | 'changes'> & {
  /** Disk memo for the section-name embeddings; none keeps them in memory only. */
  namesCache?: string;
  /** How the rerank stage runs, and the logits below which an unnamed query is refused. */
  rerankSettings: RerankSettings & RefusalThresholds;
  domainWords: DomainWords;
};

/** Sections taken from the name list: a short query names one or two offences, whose IPC and BNS titles both match. */
const NAME_MATCHES = 4;
/**
 * Names compared with a query: those in its own language. Across languages e5-small rates some unrelated Hindi
 * titles above the English title that fits an English query. Gujarati also meets the Hindi titles: no Gujarati
 * statute text exists, and the two share most legal vocabulary.
 */
const NAME_LANGUAGES: Record<string, ('en' | 'hi' | 'gu')[]> = { en: ['en'], hi: ['hi'], gu: ['gu', 'hi'] };

/** Stand-ins for ablation runs that turn the glossary or the graph expansion off. */
const NO_GLOSSARY = new Glossary([]);
const NO_ELEMENTS = OffenceElements.none();
const NO_GRAPH: Pick<CitationGraph, 'equivalents' | 'coCited'> = { equivalents: async () => [], coCited: async () => [] };

const ms = (t0: number) => Math.round((performance.now() - t0) * 10) / 10;

/** A graph whose failures are recorded instead of thrown: search goes on without expansion through it. */
function tolerant(graph: CitationGraph, failures: string[]): Pick<CitationGraph, 'equivalents' | 'coCited'> {
  const guard = <T>(fn: () => Promise<T[]>) => fn().catch((err: Error) => {
    failures.push(err.message.split('\n')[0]);
    return [] as T[];
  });
  return { equivalents: (ids) => guard(() => graph.equivalents(ids)), coCited: (id, n, access) => guard(() => graph.coCited(id, n, access)) };
}

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

  constructor(private readonly deps: Deps) {
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
    const res = await this.run(req);
    // A degraded answer is not kept: once the missing store is back, the next identical query must use it. Nor is
    // one a write (here or on another instance) overtook while it ran: it may predate the write.
    if (!res.missingSources.length && this.deps.changes.version === version) this.cache.set(key, res);
    return res;
  }

  private async run(req: SearchRequest): Promise<SearchResponse> {
    const t0 = performance.now();
    const { stores, embedder, glossary, catalogue } = this.deps;
    const stages: StageReport[] = [];
    const missing = new Set<string>();
    const off = req.disable ?? {};
    const narrowed = !!(req.filter?.documentTypes?.length || req.filter?.codes?.length);

    let t = performance.now();
    const analysis = analyseQuery(req.query, { narrowed });
    stages.push({ name: 'analyse', status: 'RAN', ms: ms(t), detail: `${analysis.language} ${analysis.type} (${analysis.confidence})` });
    const k = req.topK ?? analysis.k;

    t = performance.now();
    const similar = await this.similarNames(analysis, req);
    const graphFailures: string[] = [];
    const graph = tolerant(stores.graph, graphFailures);
    let expansion: Expansion = await expandQuery(
      analysis,
      { glossary: off.expansion ? NO_GLOSSARY : glossary, elements: off.expansion || off.elements ? NO_ELEMENTS : this.deps.elements, graph: off.equivalents ? NO_GRAPH : graph, catalogue, names: similar },
      { coCited: !!req.expandCoCited, access: req.filter?.access },
    );
    if (off.sections) expansion = { ...expansion, sections: [] };
    if (off.expansion) expansion = { ...expansion, concepts: 0 };
    if (graphFailures.length) missing.add(stores.graph.name);
    stages.push({ name: 'expand', status: graphFailures.length ? 'FAILED' : off.expansion ? 'SKIPPED' : 'RAN', ms: ms(t),
      detail: graphFailures[0] ?? `${expansion.offences.length ? `offences inferred: ${expansion.offences.join(', ')}; ` : ''}${expansion.sections.length} sections, ${expansion.terms.length} terms, ${expansion.similar.length} names near in meaning, ${expansion.denseQueries.length} dense queries` });

    t = performance.now();
    const pool = req.candidates ?? CANDIDATES;
    const hidden = this.countHidden(expansion, req.filter, pool);
    const retrieved = await retrieve(stores, embedder, expansion, req.filter, pool);
    const lists = retrieved.lists.filter((l) => !(off.dense && l.name === 'dense') && !(off.keyword && l.name === 'keyword'));
    const report = (name: string, o: StageOutcome, disabled?: boolean) => stages.push({ name, ...(disabled ? { status: 'SKIPPED', detail: 'disabled' } : o), ms: Math.round(o.ms * 10) / 10 } as StageReport);
    report('retrieve.dense', retrieved.stages.dense, off.dense);
    report('retrieve.keyword', retrieved.stages.keyword, off.keyword);
    report('retrieve.sections', retrieved.stages.graph, off.sections);
    if (retrieved.stages.dense.status === 'FAILED') missing.add(stores.vector.name);

    t = performance.now();
    // Three concepts or fewer are strong evidence; a narrative touching many of them spreads that evidence thin.
    const dilution = Math.min(1, 3 / Math.max(1, expansion.concepts));
    // Likewise for inferred offences: one or two are a finding, many mean the rules read a busy narrative loosely.
    const inferredDilution = Math.min(1, 2 / Math.max(1, expansion.offences.length));
    const method = req.fusion ?? 'RRF';
    const base = method === 'RRF' ? RRF_WEIGHTS : LINEAR_WEIGHTS;
    // The dense list speaks only for the part of a long narrative the embedder read; the keyword list saw all of it.
    const fused = fuse(lists, method, { glossary: base.glossary * dilution, elements: base.elements * inferredDilution, dense: base.dense * retrieved.denseCoverage }).slice(0, pool * 3);
    const chunks = new Map((await stores.documents.getChunks(fused.map((f) => f.chunkId))).map((c) => [c.id, c]));
    const docs = new Map((await stores.documents.getDocuments([...new Set(fused.map((f) => f.documentId))])).map((d) => [d.id, d]));
    const intent = priorIntent(analysis, !!off.prior);
    const candidates: (Candidate & { scores: (typeof fused)[number]['scores'] })[] = fused
      .filter((f) => chunks.has(f.chunkId))
      .map((f) => {
        const chunk = chunks.get(f.chunkId)!;
        const code = chunk.sectionId?.split(':')[0] ?? null;
        let score = f.fused * provisionPrior(intent, code, !!chunk.sectionId && catalogue.isPenal(chunk.sectionId));
        if (req.authorityBoost) score *= AUTHORITY_BOOST[docs.get(f.documentId)?.authority ?? 'CASE_RECORD'] ?? 1;
        return { chunk, scores: f.scores, rerank: null, fused: score };
      })
      .sort((a, b) => b.fused - a.fused);
    // Collapsed before the cut: a pool of twenty chunks that holds three of one section holds two sections fewer.
    const perDocument = req.maxPerDocument ?? MAX_PER_DOCUMENT;
    let pooled = capPerDocument(dedupe(candidates), perDocument).slice(0, pool);
    stages.push({ name: 'fuse', status: 'RAN', ms: ms(t), detail: `${req.fusion ?? 'RRF'}, ${intent} prior${req.authorityBoost ? ', authority boost' : ''}${retrieved.denseCoverage < 1 ? `, dense weight × ${retrieved.denseCoverage.toFixed(2)} (query longer than the embedder reads)` : ''}: ${pooled.length} candidates, at most ${perDocument} per document` });

    t = performance.now();
    const reranker = this.deps.rerank.reranker;
    let bestLogit: number | null = null;
    if (reranker && req.rerank !== false && pooled.length) {
      const r = await rerankStage(reranker, analysis.normalised, pooled, this.deps.rerankSettings);
      pooled = r.candidates;
      bestLogit = r.best;
      stages.push({ name: 'rerank', status: r.status, ms: ms(t), detail: r.detail });
    } else {
      stages.push({ name: 'rerank', status: 'SKIPPED', ms: 0, detail: req.rerank === false ? 'disabled by request' : this.deps.rerank.reason ?? 'no candidates' });
    }

    t = performance.now();
    const ordered = off.equivalents ? pooled.map((c) => ({ ...c, addedBy: null as string | null }))
      : await this.withEquivalents(pooled, graph, req, namedSections(analysis, catalogue));
    stages.push({ name: 'expand.sections', status: off.equivalents ? 'SKIPPED' : 'RAN', ms: ms(t), detail: null });

    t = performance.now();
    const hasMaterial = expansion.sections.length > 0
      || (retrieved.bestDense ?? 0) >= MIN_DENSE[analysis.type]
      || (lists.find((l) => l.name === 'keyword')?.hits[0]?.score ?? 0) >= MIN_KEYWORD;
    const evidence: SearchResponse['evidence'] = {
      named: analysis.references.some((r) => !r.inferred), material: hasMaterial, bestLogit,
      lexicon: expansion.sections.filter((x) => x.reason === 'GLOSSARY' || x.reason === 'ELEMENTS').length,
      domainWords: this.deps.domainWords.mentioned(analysis.normalised),
      bestDense: retrieved.bestDense ?? null, bestKeyword: lists.find((l) => l.name === 'keyword')?.hits[0]?.score ?? null,
    };
    const belowThreshold = refused(evidence, this.deps.rerankSettings);
    const top = belowThreshold ? [] : ordered.slice(0, k);
    const extraDocs = await stores.documents.getDocuments(top.map((c) => c.chunk.documentId).filter((id) => !docs.has(id)));
    for (const d of extraDocs) docs.set(d.id, d);
    const terms = [...expansion.keywordTerms, ...expansion.terms.map((x) => x.term)];
    const hits: SearchHit[] = top.map((c) => ({
      chunk: c.chunk, document: docs.get(c.chunk.documentId)!, highlights: highlights(c.chunk.text, terms), addedBy: c.addedBy, siblings: c.siblings,
      scores: {
        dense: c.scores.dense ?? null, keyword: c.scores.keyword ?? null, reference: c.scores.reference ?? null,
        elements: c.scores.elements ?? null, glossary: c.scores.glossary ?? null, names: c.scores.names ?? null, fused: c.fused, rerank: c.rerank,
      },
    }));
    stages.push({ name: 'assemble', status: 'RAN', ms: ms(t), detail: null });
    return {
      query: req.query, analysis, expansion, hits, k, belowThreshold,
      message: belowThreshold ? 'Not enough relevant material was found for this query; nothing is shown rather than unrelated text.' : null,
      stages, missingSources: [...missing], cached: false, tookMs: ms(t0), hiddenByAccess: await hidden,
      evidence,
    };
  }

  /**
   * Sections whose names are nearest a short query in meaning; for an incident narrative, whose embedding is a blend
   * of everything that happened, those nearest each of its events. Not for a query that names its section
   * ("BNS 303(2)"), which says what it wants.
   */
  private async similarNames(analysis: ReturnType<typeof analyseQuery>, req: SearchRequest): Promise<NameMatch[]> {
    if (req.disable?.names || req.disable?.expansion || analysis.references.some((r) => !r.inferred)) return [];
    const languages = NAME_LANGUAGES[analysis.language] ?? ['en', 'hi', 'gu'];
    try {
      // A story that ends in a question ("… can this be used as a confession?") asks about procedure or evidence:
      // the offences its events name are its background, not its answer.
      if (analysis.type === 'FACT_PATTERN') return /[?？]/.test(analysis.normalised) ? [] : await this.namesOfEvents(analysis.normalised, languages);
      const [names, [vector]] = await Promise.all([this.warm(), this.deps.embedder.embed([analysis.normalised], 'query')]);
      return names.match(vector, NAME_MATCHES, languages);
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
    const [names, vectors] = await Promise.all([this.warm(), this.deps.embedder.embed(events, 'query')]);
    return eventNames(names, vectors, languages, (id) => this.deps.catalogue.isPenal(id));
  }

  /** Embeds the section names now rather than on the first short query (a few seconds without the disk memo). */
  warm(): Promise<SectionNames> {
    const { embedder, catalogue, glossary } = this.deps;
    this.names ??= SectionNames.build(embedder, catalogue, glossary, this.deps.namesCache);
    return this.names;
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

  /**
   * Stage 6: a bare-act hit brings its counterpart in the other code right after it (IPC 302 → BNS 103),
   * so an officer sees the section in force and the one the older records cite; for a sub-section the user
   * named, the counterpart of that sub-section.
   */
  private async withEquivalents<C extends Candidate & { scores: Record<string, number | undefined>; siblings: ChunkRecord[] }>(
    candidates: C[], graph: Pick<CitationGraph, 'equivalents'>, req: SearchRequest, named: Map<string, NamedSection>,
  ): Promise<(C & { addedBy: string | null })[]> {
    const sectionIds = [...new Set(candidates.map((c) => c.chunk.sectionId).filter((s): s is string => !!s))];
    const edges = await graph.equivalents(sectionIds);
    const present = new Set(sectionIds);
    const wanted = [...new Set(edges.map((e) => e.toId).filter((id) => !present.has(id)))];
    const siblingChunks = await this.deps.stores.documents.chunksOfSections(wanted, req.filter);
    const firstChunk = new Map<string, (typeof siblingChunks)[number]>();
    for (const c of siblingChunks) if (!firstChunk.has(c.sectionId!)) firstChunk.set(c.sectionId!, c);
    const out: (C & { addedBy: string | null })[] = [];
    const placed = new Set<string>();
    for (const c of candidates) {
      if (out.some((o) => o.chunk.id === c.chunk.id)) continue;
      out.push({ ...c, addedBy: null });
      if (!c.chunk.sectionId) continue;
      placed.add(`s:${c.chunk.sectionId}`);
      for (const e of usefulEquivalents(edges, c.chunk.sectionId, named.get(c.chunk.sectionId))) {
        const sib = firstChunk.get(e.toId);
        if (!sib || placed.has(`s:${e.toId}`)) continue;
        placed.add(`s:${e.toId}`);
        out.push({ ...c, chunk: sib, fused: c.fused * 0.99, rerank: c.rerank, scores: {} as C['scores'], siblings: [], addedBy: `equivalent of ${c.chunk.sectionId}` });
      }
    }
    return out;
  }
}
