import type { App } from '../app/app';
import type { DocumentType } from '../domain/document.types';
import { logger } from '../logger';
import type { SearchRequest } from '../search/search.types';
import { MAX_QUERY_CHARS } from '../search/search.service';
import type { ChunkRecord } from '../stores/store.types';
import type { Answer, AnswerCitation, AskEvent } from './answer.types';
import { reviewChargesheet } from './chargesheet-review';
import { assembleContext, renderContext, type ContextBlock } from './context';
import { extractiveAnswer } from './extractive';
import { streamChat, type LlmSettings } from './llm.client';
import { renderPrompt, type UseCase } from './prompts';
import { sopSteps } from './sop-assistant';

export interface AskRequest {
  query: string;
  useCase?: UseCase;
  filter?: SearchRequest['filter'];
  topK?: number;
  /** Date of the FIR or draft (CHARGESHEET_REVIEW checks the code in force). */
  date?: string;
  tokenBudget?: number;
}

const NOT_ENOUGH: Record<string, string> = {
  en: 'There is not enough relevant material in the indexed documents to answer this.',
  hi: 'अनुक्रमित दस्तावेज़ों में इसका उत्तर देने के लिए पर्याप्त प्रासंगिक सामग्री नहीं है।',
  gu: 'અનુક્રમિત દસ્તાવેજોમાં આનો જવાબ આપવા માટે પૂરતી સંબંધિત સામગ્રી નથી.',
};

/** Which documents each use case draws on. */
const SOURCES: Record<UseCase, DocumentType[] | undefined> = {
  GENERAL_QA: undefined,
  SOP_ASSISTANT: ['CHARGESHEET', 'PANCHNAMA', 'SOP', 'FIR', 'BARE_ACT_SECTION'],
  CHARGESHEET_REVIEW: ['BARE_ACT_SECTION', 'CHARGESHEET'],
};

/**
 * `ask`: search → assemble context → answer → cite. The extractive generator needs no model and is the
 * default; with LLM_BASE_URL set, an OpenAI-compatible model writes the answer, and any failure or time-out
 * falls back to the extractive answer. Every citation resolves to a chunk, a document and, for statutes,
 * a section node in the graph.
 */
export class AskService {
  constructor(private readonly app: Pick<App, 'search' | 'stores' | 'embedder' | 'catalogue'>, private readonly llm: LlmSettings | null) {}

  async ask(req: AskRequest, signal?: AbortSignal): Promise<Answer> {
    let answer: Answer | undefined;
    for await (const e of this.stream(req, signal)) if (e.kind === 'DONE') answer = e.answer;
    if (!answer) throw new Error('the answer stream ended without an answer');
    return answer;
  }

  async *stream(req: AskRequest, signal?: AbortSignal): AsyncGenerator<AskEvent> {
    const useCase = req.useCase ?? 'GENERAL_QA';
    const types = SOURCES[useCase];
    const res = await this.app.search.search({
      query: req.query.slice(0, MAX_QUERY_CHARS), topK: req.topK ?? 8, maxPerDocument: 3,
      filter: types && !req.filter?.documentTypes ? { ...(req.filter ?? {}), documentTypes: types } : req.filter,
    });
    const language = res.analysis.language;
    yield { kind: 'ANALYSIS', analysis: res.analysis };
    if (signal?.aborted) return;

    const sectionIds = [...new Set(res.hits.map((h) => h.chunk.sectionId).filter((s): s is string => !!s))];
    const siblings = new Map<string, ChunkRecord[]>();
    for (const c of await this.app.stores.documents.chunksOfSections(sectionIds)) siblings.set(c.sectionId!, [...(siblings.get(c.sectionId!) ?? []), c]);
    const blocks = assembleContext(res.hits, siblings, (t) => this.app.embedder.countTokens(t), req.tokenBudget);
    yield { kind: 'SOURCES', sources: blocks };

    const base = { useCase, language, sources: blocks, completeness: null as number | null, hiddenByAccess: res.hiddenByAccess, missingSources: res.missingSources };
    if (res.belowThreshold || !blocks.length) {
      const text = NOT_ENOUGH[language] ?? NOT_ENOUGH.en;
      yield { kind: 'TEXT_DELTA', text };
      yield { kind: 'DONE', answer: { ...base, text, citations: [], generator: 'extractive', fallbackReason: null, belowThreshold: true } };
      return;
    }

    const terms = [...res.expansion.keywordTerms, ...res.expansion.terms.map((t) => t.term)];
    const extractive = () => {
      if (useCase === 'SOP_ASSISTANT') return { text: sopSteps(blocks, terms, language) || extractiveAnswer(blocks, terms, language, this.app.catalogue), completeness: null };
      if (useCase === 'CHARGESHEET_REVIEW') return reviewChargesheet(req.query, req.date, blocks, language);
      return { text: extractiveAnswer(blocks, terms, language, this.app.catalogue), completeness: null };
    };

    let text = '';
    let generator: Answer['generator'] = 'extractive';
    let fallbackReason: string | null = null;
    let completeness: number | null = null;
    const cited = new Set<number>();
    const citations: AnswerCitation[] = [];
    const valid = await this.citableBlocks(blocks);
    const newCitations = function* (fragment: string): Generator<AskEvent> {
      for (const m of fragment.matchAll(/\[(\d+)\]/g)) {
        const n = Number(m[1]);
        const b = valid.get(n);
        if (!b || cited.has(n)) continue;
        cited.add(n);
        const citation = { n, documentId: b.document.id, chunkId: b.chunks[0].id, sectionId: b.sectionId, title: b.document.title };
        citations.push(citation);
        yield { kind: 'CITATION', citation };
      }
    };

    if (this.llm && useCase !== 'CHARGESHEET_REVIEW') {
      const prompt = renderPrompt(useCase, { query: req.query, context: renderContext(blocks), language });
      try {
        let pending = '';
        for await (const delta of streamChat(this.llm, prompt, signal)) {
          text += delta;
          pending += delta;
          yield { kind: 'TEXT_DELTA', text: delta };
          // Citation markers can straddle deltas: only look at text up to the last closed bracket.
          const cut = pending.lastIndexOf(']') + 1;
          if (cut > 0) {
            yield* newCitations(pending.slice(0, cut));
            pending = pending.slice(cut);
          }
        }
        yield* newCitations(pending);
        generator = 'llm';
        if (!text.trim()) throw new Error('the model returned no text');
      } catch (err) {
        if (signal?.aborted) return;
        fallbackReason = `LLM failed: ${(err as Error).message.split('\n')[0]}`;
        logger.warn({ reason: fallbackReason }, 'falling back to the extractive answer');
        generator = 'extractive';
        text = '';
        citations.length = 0;
        cited.clear();
        yield { kind: 'TEXT_DELTA', text: '\n' };
      }
    }
    if (generator === 'extractive') {
      const out = extractive();
      completeness = out.completeness;
      text = out.text;
      for (const line of text.split('\n')) {
        if (signal?.aborted) return;
        yield { kind: 'TEXT_DELTA', text: line + '\n' };
        yield* newCitations(line);
      }
    }
    yield { kind: 'DONE', answer: { ...base, text, citations, generator, fallbackReason, belowThreshold: false, completeness } };
  }

  /** Blocks a citation may point at: a statute block only if its section exists in the graph (else dropped and logged). */
  private async citableBlocks(blocks: ContextBlock[]): Promise<Map<number, ContextBlock>> {
    const ids = blocks.map((b) => b.sectionId).filter((s): s is string => !!s);
    let known = new Set<string>();
    try {
      known = new Set((await this.app.stores.graph.getSections(ids)).map((s) => s.id));
    } catch (err) {
      // Graph down: statute citations cannot be verified, but the chunk and document still resolve.
      logger.warn({ err: (err as Error).message }, 'graph unavailable: statute citations not verified');
      known = new Set(ids);
    }
    const out = new Map<number, ContextBlock>();
    for (const b of blocks) {
      if (b.sectionId && !known.has(b.sectionId)) {
        logger.warn({ section: b.sectionId }, 'cited section is not in the graph; citation dropped');
        continue;
      }
      out.set(b.n, b);
    }
    return out;
  }
}
