import { ScoreDeadlineExceeded, type Reranker } from '../models/reranker';
import type { ChunkRecord } from '../stores/store.types';

export interface Candidate {
  chunk: ChunkRecord;
  fused: number;
  rerank: number | null;
}

/** How the rerank stage runs (config: RERANK_*). */
export interface RerankSettings {
  /** Candidates scored, from the top of the fused order; the rest keep their fused order below them. */
  topN: number;
  /** Past this the fused order stands and the stage reports TIMED_OUT. */
  budgetMs: number;
  /** Weight of the model's rank beside the fused rank (1 = equal say). */
  weight: number;
  /** Passage tokens the model reads (the start of a section holds its definition). */
  passageTokens: number;
  /** Score only bare-act sections: the legal models never saw FIR, ruling or SOP chunks as passages. */
  statutesOnly: boolean;
  /**
   * Score even when the model's output cannot change the answer: its rank at weight 0 and the refusal decided without
   * its logit (RERANK_SCORE_ALWAYS; the evaluations set it, so that the refusal can be replayed at other thresholds).
   */
  scoreAlways: boolean;
}

export type RerankStatus = 'RAN' | 'TIMED_OUT' | 'FAILED';

export interface RerankOutcome<C extends Candidate> {
  candidates: C[];
  status: RerankStatus;
  detail: string;
  /** The highest logit among the scored candidates; null when none was scored. */
  best: number | null;
}

/** Pairs per model call in the stage. */
export const RERANK_BATCH = 4;

/** RRF's constant for the two ranks: small, so the top of a 20-candidate list is told apart. */
const RANK_K = 10;

/** A candidate the user named by section ("IPC 302"): it stays where fusion put it, above what the model prefers. */
const pinned = (c: Candidate & { scores?: Record<string, number | undefined> }) => (c.scores?.reference ?? 0) > 0;

/**
 * Stage 5: the cross-encoder scores (query, heading + passage) pairs and its ranking is fused with the fused
 * ranking (weighted RRF of the two ranks), so neither the model nor the lexicon overrules the other alone;
 * sections the user named stay on top. On error or past the budget, the fused order stands.
 */
export async function rerankStage<C extends Candidate & { scores?: Record<string, number | undefined> }>(
  reranker: Reranker, query: string, candidates: C[], s: RerankSettings,
): Promise<RerankOutcome<C>> {
  const head = candidates.slice(0, s.topN);
  const tail = candidates.slice(s.topN);
  const scored = head.filter((c) => !pinned(c) && (!s.statutesOnly || c.chunk.documentType === 'BARE_ACT_SECTION'));
  if (!scored.length) return { candidates, status: 'RAN', detail: 'no candidate to score', best: null };
  let scores: number[];
  try {
    // Small batches: the budget is checked between them (a batch cannot be interrupted), at little cost in speed.
    scores = await reranker.score(query, scored.map((c) => `${c.chunk.heading}\n${c.chunk.text}`),
      { passageTokens: s.passageTokens, batchSize: RERANK_BATCH, deadline: Date.now() + s.budgetMs });
  } catch (err) {
    const timedOut = err instanceof ScoreDeadlineExceeded;
    return { candidates, status: timedOut ? 'TIMED_OUT' : 'FAILED', best: null,
      detail: timedOut ? (err.scored
        ? `over the ${s.budgetMs} ms budget (RERANK_BUDGET_MS) after ${err.scored} of ${err.total} pairs: fused order kept`
        : `not started: its ${err.total} pairs could not be scored within the ${s.budgetMs} ms budget (RERANK_BUDGET_MS), the model being busy with other searches' reranks or too slow: fused order kept`)
        : `${(err as Error).message.split('\n')[0].slice(0, 200)}: fused order kept` };
  }
  const logit = new Map(scored.map((c, i) => [c, scores[i]]));
  const byModel = [...scored].sort((a, b) => logit.get(b)! - logit.get(a)!);
  const modelRank = new Map(byModel.map((c, i) => [c, i]));
  // Unscored candidates (case documents) count as if the model agreed with fusion about them.
  const combined = head.map((c, fusedRank) => ({
    c: { ...c, rerank: logit.get(c) ?? null },
    pin: pinned(c),
    score: 1 / (RANK_K + fusedRank) + s.weight / (RANK_K + (modelRank.get(c) ?? fusedRank)),
    fusedRank,
  }));
  // At weight 0 the model's rank has no say, nor has the pin that guards named sections against it: the fused order
  // stands, as when the stage is skipped.
  if (s.weight > 0) combined.sort((a, b) => Number(b.pin) - Number(a.pin) || (a.pin ? a.fusedRank - b.fusedRank : b.score - a.score || a.fusedRank - b.fusedRank));
  return {
    candidates: [...combined.map((x) => x.c), ...tail],
    status: 'RAN',
    best: Math.max(...scores),
    detail: `${reranker.model} scored ${scored.length} of ${candidates.length}, fused with weight ${s.weight}`,
  };
}

