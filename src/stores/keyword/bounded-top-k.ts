import { HEADING_WEIGHT } from './keyword.index';
import { minShared, type Postings } from './postings';
import type { TrigramQuery } from './trigram';

/**
 * The k best of `candidates` by an exact score that is costly to compute, given a cheap upper bound of it for
 * each (`bound[slot]`): candidates are scored in order of falling bound until the k-th best score so far exceeds
 * every bound left by more than `margin`, so that no candidate left unscored could reach or tie the top k.
 * Returns every candidate scored (at least the top k, with their ties), unordered.
 */
export function boundedTopK(
  candidates: readonly number[], bound: Float64Array, exact: (slot: number) => number, k: number, margin: number,
): { slot: number; score: number }[] {
  const order = Uint32Array.from(candidates).sort((a, b) => bound[b] - bound[a]);
  // The best k scores so far, ascending: best[0] is the k-th best once k have been scored.
  const best: number[] = [];
  const out: { slot: number; score: number }[] = [];
  for (const slot of order) {
    if (best.length >= k && bound[slot] < best[0] - margin) break;
    const score = exact(slot);
    out.push({ slot, score });
    if (best.length < k) best.splice(sortedIndex(best, score), 0, score);
    else if (score > best[0]) {
      best.shift();
      best.splice(sortedIndex(best, score), 0, score);
    }
  }
  return out;
}

function sortedIndex(xs: number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The top k when many chunks can reach it through their heading: the trigram postings give each heading's
 * shared trigram count, hence a bound on its similarity, and similarities are computed best bound first until
 * the k-th best score beats every bound left (a FIR corpus has thousands of near-identical headings).
 * `acc` holds each touched slot's full-text score and `bar` the k-th best of them.
 */
export function headingTopK(
  postings: Postings, q: { queries: TrigramQuery[]; threshold: number; k: number; bar: number; tie: number },
  acc: Float64Array, touched: number[], keep: ((s: number) => boolean) | null, heading: (s: number, among: TrigramQuery[]) => number,
): { slot: number; score: number }[] {
  const { queries, threshold } = q;
  const shared = new Float64Array(postings.slotCount);
  const which = new Uint8Array(postings.slotCount);
  const pool = [...touched];
  queries.forEach((t, i) => postings.headingShared(t, minShared(t, threshold), keep, (s, n) => {
    if (!which[s] && acc[s] === 0) pool.push(s);
    which[s] |= 1 << i;
    shared[s] = Math.max(shared[s], n / t.keys.size);
  }));
  // The bound's slack covers float4 rounding in word_similarity.
  const bound = new Float64Array(postings.slotCount);
  const live = pool.filter((s) => (bound[s] = acc[s] + HEADING_WEIGHT * shared[s] + 1e-6) >= q.bar - q.tie);
  const exact = (s: number) => acc[s] + (which[s] ? HEADING_WEIGHT * heading(s, queries.filter((_, i) => which[s] & (1 << i))) : 0);
  // A heading that shares trigrams but stays under the threshold, with no full-text match, is no match.
  return boundedTopK(live, bound, exact, q.k, 2 * q.tie).filter((c) => c.score > 0);
}
