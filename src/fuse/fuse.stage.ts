import type { QueryAnalysis } from '../analyse/analyse';
import type { Expansion } from '../expand/expand';
import type { Candidate } from '../rerank/rerank';
import type { RetrieveOutput } from '../retrieve/retrieve.stage';
import type { SearchContext, StageResult } from '../search/pipeline';
import type { ChunkRecord, StoredDocument } from '../stores/store.types';
import { AUTHORITY_BOOST, fuse, LINEAR_WEIGHTS, priorIntent, provisionPrior, RRF_WEIGHTS, type Fused } from './fuse';
import { capPerDocument, dedupe } from './pool';

/** One hit per document by default: its best chunk, the document's other matching chunks as its siblings. */
export const MAX_PER_DOCUMENT = 1;

export type Pooled = Candidate & { scores: Fused['scores']; siblings: ChunkRecord[] };

export interface FuseOutput {
  /** The candidates for the rerank stage, best first. */
  pooled: Pooled[];
  /** The documents of the fused chunks, by id (assemble adds those of hits that came later). */
  docs: Map<string, StoredDocument>;
}

/**
 * The per-query list weights. Three concepts or fewer are strong evidence; a narrative touching many of them spreads
 * that evidence thin. Likewise for inferred offences: one or two are a finding, many mean the rules read a busy
 * narrative loosely. The dense list speaks only for the part of a long narrative the embedder read; the keyword list
 * saw all of it.
 */
export function listWeights(method: 'RRF' | 'WEIGHTED', expansion: Pick<Expansion, 'concepts' | 'offences'>, denseCoverage: number, examplesWeight?: number, classifierWeight?: number) {
  const base = method === 'RRF' ? RRF_WEIGHTS : LINEAR_WEIGHTS;
  const dilution = Math.min(1, 3 / Math.max(1, expansion.concepts));
  const inferredDilution = Math.min(1, 2 / Math.max(1, expansion.offences.length));
  const examples = method === 'RRF' ? examplesWeight ?? base.examples : base.examples;
  const classifier = method === 'RRF' ? classifierWeight ?? base.classifier : base.classifier;
  return { glossary: base.glossary * dilution, elements: base.elements * inferredDilution, dense: base.dense * denseCoverage, examples, classifier };
}

/**
 * Stage 4: the ranked lists fused (RRF or weighted), each chunk's score times the provision prior and, when asked,
 * its document's authority; near duplicates dropped and at most `maxPerDocument` chunks per document, then cut to
 * the pool the reranker scores.
 */
export async function fuseStage(
  input: { analysis: QueryAnalysis; expansion: Expansion; retrieve: RetrieveOutput }, ctx: SearchContext, pool: number,
): Promise<StageResult<FuseOutput>> {
  const { req, off, deps } = ctx;
  const { retrieved, lists } = input.retrieve;
  const method = req.fusion ?? 'RRF';
  const fused = fuse(lists, method, listWeights(method, input.expansion, retrieved.denseCoverage, deps.examplesWeight, deps.classifierWeight)).slice(0, pool * 3);
  const [chunkList, docList] = await Promise.all([
    deps.stores.documents.getChunks(fused.map((f) => f.chunkId)), deps.stores.documents.getDocuments([...new Set(fused.map((f) => f.documentId))]),
  ]);
  const chunks = new Map(chunkList.map((c) => [c.id, c]));
  const docs = new Map(docList.map((d) => [d.id, d]));
  const intent = priorIntent(input.analysis, !!off.prior);
  const candidates = fused
    .filter((f) => chunks.has(f.chunkId))
    .map((f) => {
      const chunk = chunks.get(f.chunkId)!;
      const code = chunk.sectionId?.split(':')[0] ?? null;
      let score = f.fused * provisionPrior(intent, code, !!chunk.sectionId && deps.catalogue.isPenal(chunk.sectionId));
      if (req.authorityBoost) score *= AUTHORITY_BOOST[docs.get(f.documentId)?.authority ?? 'CASE_RECORD'] ?? 1;
      return { chunk, scores: f.scores, rerank: null, fused: score };
    })
    .sort((a, b) => b.fused - a.fused);
  // Collapsed before the cut: a pool of twenty chunks that holds three of one section holds two sections fewer.
  const perDocument = req.maxPerDocument ?? MAX_PER_DOCUMENT;
  const pooled = capPerDocument(dedupe(candidates), perDocument).slice(0, pool);
  const coverage = retrieved.denseCoverage < 1 ? `, dense weight × ${retrieved.denseCoverage.toFixed(2)} (query longer than the embedder reads)` : '';
  return {
    output: { pooled, docs },
    report: { status: 'RAN', detail: `${method}, ${intent} prior${req.authorityBoost ? ', authority boost' : ''}${coverage}: ${pooled.length} candidates, at most ${perDocument} per document` },
  };
}
