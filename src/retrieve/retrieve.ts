import type { Expansion, ExpandedSection } from '../expand/expand';
import type { Embedder } from '../models/embedder';
import type { Stores } from '../stores/open-stores';
import type { IndexHit, SearchFilter } from '../stores/store.types';

export type ListName = 'reference' | 'elements' | 'glossary' | 'names' | 'examples' | 'classifier' | 'dense' | 'keyword';

export interface RankedList {
  name: ListName;
  hits: IndexHit[];
}

export interface StageOutcome {
  status: 'RAN' | 'SKIPPED' | 'FAILED' | 'TIMED_OUT';
  ms: number;
  detail: string | null;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T | null; outcome: StageOutcome }> {
  const t0 = performance.now();
  try {
    const value = await fn();
    return { value, outcome: { status: 'RAN', ms: performance.now() - t0, detail: null } };
  } catch (err) {
    return { value: null, outcome: { status: 'FAILED', ms: performance.now() - t0, detail: (err as Error).message.split('\n')[0] } };
  }
}

/**
 * Merges the dense lists of several query texts. The first is the query itself; the others (translations,
 * sub-queries, a narrative's sentences) add their similarity on top, so a chunk close to many parts of a
 * long narrative beats one that matches a single sentence. The reported score stays the best cosine.
 */
function mergeDense(lists: IndexHit[][], k: number): { hits: IndexHit[]; best: number | null } {
  const sum = new Map<string, { hit: IndexHit; total: number; best: number }>();
  for (const l of lists) {
    for (const h of l) {
      const e = sum.get(h.chunkId) ?? { hit: h, total: 0, best: -Infinity };
      e.total += h.score;
      e.best = Math.max(e.best, h.score);
      sum.set(h.chunkId, e);
    }
  }
  const ranked = [...sum.values()].sort((a, b) => b.total - a.total || (a.hit.chunkId < b.hit.chunkId ? -1 : 1)).slice(0, k);
  const best = ranked.length ? Math.max(...ranked.map((e) => e.best)) : null;
  return { hits: ranked.map((e) => ({ ...e.hit, score: e.best })), best };
}

/** Chunks of the sections the expansion found, in expansion order, scored by that order. */
async function sectionList(stores: Stores, sections: Pick<ExpandedSection, 'id'>[], filter: SearchFilter | undefined): Promise<IndexHit[]> {
  if (!sections.length) return [];
  const chunks = await stores.documents.chunksOfSections(sections.map((s) => s.id), filter);
  const order = new Map(sections.map((s, i) => [s.id, i]));
  return chunks
    .sort((a, b) => order.get(a.sectionId!)! - order.get(b.sectionId!)! || a.chunkIndex - b.chunkIndex)
    .map((c) => ({ chunkId: c.id, documentId: c.documentId, score: 1 / (1 + order.get(c.sectionId!)!) }));
}

/** The query prefix and the special tokens also take room in the embedder's window. */
const RESERVED_TOKENS = 8;

function coverage(embedder: Pick<Embedder, 'maxTokens' | 'countTokens'>, text: string): number {
  // A token spans at least one character, so a text this short fits without counting.
  if (text.length <= embedder.maxTokens - RESERVED_TOKENS) return 1;
  return Math.min(1, (embedder.maxTokens - RESERVED_TOKENS) / Math.max(1, embedder.countTokens(text)));
}

export interface Retrieved {
  lists: RankedList[];
  stages: Record<'dense' | 'keyword' | 'sections', StageOutcome>;
  /** Cosine of the best dense hit, for the relevance threshold. */
  bestDense: number | null;
  /** Share of the query's tokens the embedder read (it truncates at its window): 1 for all but long narratives. */
  denseCoverage: number;
}

/**
 * Stage 3: dense (vector index) and keyword (in-process postings, or SQL with KEYWORD_INDEX=sql) retrieval with the
 * same filters, top-N each, plus the chunks of the sections named or implied by the query. A store that fails is
 * reported, not fatal.
 */
export async function retrieve(stores: Stores, embedder: Embedder, x: Expansion, filter: SearchFilter | undefined, n = 20): Promise<Retrieved> {
  // The three sources are independent reads: asked at once, the query embedding overlaps the SQL, and on the
  // services profile the round trips to PostgreSQL, Chroma and the document store overlap too.
  const sections = (list: ExpandedSection['list']) => sectionList(stores, x.sections.filter((s) => s.list === list), filter);
  const [dense, keyword, named] = await Promise.all([
    timed(async () => {
      const vectors = await embedder.embed(x.denseQueries, 'query');
      return mergeDense(await Promise.all(vectors.map((v) => stores.vector.query(v, n, filter))), n);
    }),
    timed(() => stores.keyword.search({ terms: x.keywordTerms, phrases: x.phrases }, n, filter)),
    timed(async () => {
      const [reference, elements, glossary, names, examples, classifier] = await Promise.all([
        sections('reference'), sections('elements'), sections('glossary'), sectionList(stores, x.similar, filter), sectionList(stores, x.examples, filter),
        sectionList(stores, x.classified, filter)]);
      return { reference, elements, glossary, names, examples, classifier };
    }),
  ]);
  const lists: RankedList[] = [
    { name: 'reference', hits: named.value?.reference ?? [] },
    { name: 'elements', hits: (named.value?.elements ?? []).slice(0, n * 2) },
    { name: 'glossary', hits: (named.value?.glossary ?? []).slice(0, n * 2) },
    { name: 'names', hits: (named.value?.names ?? []).slice(0, n * 2) },
    { name: 'examples', hits: (named.value?.examples ?? []).slice(0, n * 2) },
    { name: 'classifier', hits: (named.value?.classifier ?? []).slice(0, n * 2) },
    { name: 'dense', hits: dense.value?.hits ?? [] },
    { name: 'keyword', hits: keyword.value ?? [] },
  ];
  return {
    lists: lists.filter((l) => l.hits.length),
    stages: { dense: dense.outcome, keyword: keyword.outcome, sections: named.outcome },
    bestDense: dense.value?.best ?? null,
    denseCoverage: coverage(embedder, x.denseQueries[0] ?? ''),
  };
}
