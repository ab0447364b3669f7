import type { QueryAnalysis } from '../analyse/analyse';
import type { SearchContext, StageResult } from '../search/pipeline';
import { rerankStage, type Candidate } from './rerank';

/** Stage 5, as the pipeline runs it: skipped when the request turns it off, no model loaded, or nothing to score. */
export async function rerankPooled<C extends Candidate & { scores?: Record<string, number | undefined> }>(
  pooled: C[], analysis: QueryAnalysis, ctx: SearchContext,
): Promise<StageResult<{ pooled: C[]; bestLogit: number | null }>> {
  const { req, deps } = ctx;
  const reranker = deps.rerank.reranker;
  if (!reranker || req.rerank === false || !pooled.length) {
    const detail = req.rerank === false ? 'disabled by request' : deps.rerank.reason ?? 'no candidates';
    return { output: { pooled, bestLogit: null }, report: [{ name: 'rerank', status: 'SKIPPED', ms: 0, detail }] };
  }
  const r = await rerankStage(reranker, analysis.normalised, pooled, deps.rerankSettings);
  return { output: { pooled: r.candidates, bestLogit: r.best }, report: { status: r.status, detail: r.detail } };
}
