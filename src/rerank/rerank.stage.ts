import type { QueryAnalysis } from '../analyse/analyse';
import type { SearchContext, StageResult } from '../search/pipeline';
import { rerankStage, type Candidate } from './rerank';

/** Why the stage does not run the model when its output cannot change the answer. */
export const NOT_NEEDED = 'not needed: the model\'s rank has weight 0 (RERANK_WEIGHT) and the refusal was decided without its logit';

/**
 * Stage 5, as the pipeline runs it: skipped when the request turns it off, no model is loaded, nothing is to be
 * scored, or the model's output could not change the answer (`refusalDecided`: the refusal without the logit, from
 * refusalWithoutLogit; its rank at weight 0 keeps the fused order anyway).
 */
export async function rerankPooled<C extends Candidate & { scores?: Record<string, number | undefined> }>(
  pooled: C[], analysis: QueryAnalysis, ctx: SearchContext, refusalDecided: boolean | null = null,
): Promise<StageResult<{ pooled: C[]; bestLogit: number | null }>> {
  const { req, deps } = ctx;
  const reranker = deps.rerank.reranker;
  const s = deps.rerankSettings;
  const notNeeded = s.weight === 0 && refusalDecided !== null && !s.scoreAlways;
  if (!reranker || req.rerank === false || !pooled.length || notNeeded) {
    const detail = req.rerank === false ? 'disabled by request' : !reranker ? deps.rerank.reason ?? 'no model' : notNeeded ? NOT_NEEDED : 'no candidates';
    return { output: { pooled, bestLogit: null }, report: [{ name: 'rerank', status: 'SKIPPED', ms: 0, detail }] };
  }
  const r = await rerankStage(reranker, analysis.normalised, pooled, deps.rerankSettings);
  return { output: { pooled: r.candidates, bestLogit: r.best }, report: { status: r.status, detail: r.detail } };
}
