import type { QueryAnalysis } from '../analyse/analyse';
import type { Ordered } from '../expand/equivalents.stage';
import type { Expansion } from '../expand/expand';
import type { StoredDocument } from '../stores/store.types';
import type { Evidence } from './evidence';
import { highlights } from './highlight';
import type { SearchContext, StageResult } from './pipeline';
import { refused } from './refusal';
import type { SearchHit, SearchResponse } from './search.types';

type Assembled = Pick<SearchResponse, 'hits' | 'k' | 'belowThreshold' | 'message' | 'evidence'>;

/**
 * Stage 7: the refusal, decided on the evidence (gathered before the rerank, with the model's best logit added), then
 * the top k hits with their documents, scores and highlights, or none when the query found nothing relevant enough
 * ("nothing is shown rather than unrelated text").
 */
export async function assembleStage(
  input: { analysis: QueryAnalysis; expansion: Expansion; ordered: Ordered[]; docs: Map<string, StoredDocument>; evidence: Evidence; bestLogit: number | null },
  ctx: SearchContext,
): Promise<StageResult<Assembled>> {
  const { analysis, expansion, ordered, docs } = input;
  const k = ctx.req.topK ?? analysis.k;
  const evidence: SearchResponse['evidence'] = { ...input.evidence, bestLogit: input.bestLogit };
  const belowThreshold = refused(evidence, ctx.deps.rerankSettings);
  const top = belowThreshold ? [] : ordered.slice(0, k);
  const extraDocs = await ctx.deps.stores.documents.getDocuments(top.map((c) => c.chunk.documentId).filter((id) => !docs.has(id)));
  for (const d of extraDocs) docs.set(d.id, d);
  const terms = [...expansion.keywordTerms, ...expansion.terms.map((x) => x.term)];
  const hits: SearchHit[] = top.map((c) => ({
    chunk: c.chunk, document: docs.get(c.chunk.documentId)!, highlights: highlights(c.chunk.text, terms), addedBy: c.addedBy, siblings: c.siblings,
    scores: {
      dense: c.scores.dense ?? null, keyword: c.scores.keyword ?? null, reference: c.scores.reference ?? null,
      elements: c.scores.elements ?? null, glossary: c.scores.glossary ?? null, names: c.scores.names ?? null, examples: c.scores.examples ?? null, classifier: c.scores.classifier ?? null, fused: c.fused, rerank: c.rerank,
    },
  }));
  return {
    output: {
      hits, k, belowThreshold, evidence,
      message: belowThreshold ? 'Not enough relevant material was found for this query; nothing is shown rather than unrelated text.' : null,
    },
    report: { status: 'RAN', detail: null },
  };
}
