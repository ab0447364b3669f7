import { HEADING_WEIGHT } from './keyword.index';
import { minShared, type Postings } from './postings';
import type { Scratch } from './scratch';
import type { TrigramQuery } from './trigram';

/**
 * The k best of `candidates` by an exact score that is costly to compute, given a cheap upper bound of it for
 * each (`bound[slot]`): candidates are scored in order of falling bound until the k-th best score so far exceeds
 * every bound left by more than `margin`, so that no candidate left unscored could reach or tie the top k.
 * Returns every candidate scored (at least the top k, with their ties), unordered.
 *
 * At a million chunks the candidates can number hundreds of thousands while the loop stops after a few hundred, so
 * they are ordered a slice at a time: the best `take` by bound (found by selection, not sorting), then four times as
 * many of the rest, and so on. The order of scoring is the full sort's, so the result is too.
 */
export function boundedTopK(
  candidates: readonly number[], bound: Float64Array, exact: (slot: number) => number, k: number, margin: number,
): { slot: number; score: number }[] {
  // The best k scores so far, ascending: best[0] is the k-th best once k have been scored.
  const best: number[] = [];
  const out: { slot: number; score: number }[] = [];
  let rest = Uint32Array.from(candidates);
  for (let take = Math.max(256, 8 * k); rest.length; take *= 4) {
    let head = rest;
    rest = new Uint32Array(0);
    if (head.length > take) {
      // Every slot of the head has a bound at least `cut`, every slot left after it less: the slices keep the sort's order.
      const cut = kthLargest(Float64Array.from(head, (s) => bound[s]), take);
      rest = head.filter((s) => bound[s] < cut);
      head = head.filter((s) => bound[s] >= cut);
    }
    head.sort((a, b) => bound[b] - bound[a]);
    for (const slot of head) {
      if (best.length >= k && bound[slot] < best[0] - margin) return out;
      const score = exact(slot);
      out.push({ slot, score });
      if (best.length < k) best.splice(sortedIndex(best, score), 0, score);
      else if (score > best[0]) {
        best.shift();
        best.splice(sortedIndex(best, score), 0, score);
      }
    }
  }
  return out;
}

/**
 * The k-th largest of `xs` (1-based; 0 when there are fewer than k), by quickselect, reordering `xs`: a search at a
 * million chunks needs the 20th best of up to a million scores, and sorting them all took tens of milliseconds.
 */
export function kthLargest(xs: Float64Array, k: number): number {
  if (k < 1 || xs.length < k) return 0;
  const target = xs.length - k;
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    // Median of three as the pivot: scores arrive in slot order, which is often sorted in long runs.
    const mid = (lo + hi) >> 1;
    const pivot = median(xs[lo], xs[mid], xs[hi]);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (xs[i] < pivot) i++;
      while (xs[j] > pivot) j--;
      if (i <= j) {
        const t = xs[i];
        xs[i++] = xs[j];
        xs[j--] = t;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return xs[target];
  }
  return xs[target];
}

const median = (a: number, b: number, c: number) => Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));

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
  scratch: Scratch, touched: number[], keep: ((s: number) => boolean) | null, heading: (s: number, among: TrigramQuery[]) => number,
): { slot: number; score: number }[] {
  const { queries, threshold } = q;
  const { acc, shared, which, bound, counts, written } = scratch;
  const visited = written.length;
  queries.forEach((t, i) => postings.headingShared(t, minShared(t, threshold), keep, (s, n) => {
    if (!which[s]) written.push(s);
    which[s] |= 1 << i;
    shared[s] = Math.max(shared[s], n / t.keys.size);
  }, counts));
  // The bound's slack covers float4 rounding in word_similarity. A matched chunk whose heading shares too little with
  // every phrase scores its full-text part alone, so of those only the ones at the bar can place (at a million chunks
  // they are most of the matches, and most of the work this saves).
  const floor = q.bar - q.tie;
  const live: number[] = [];
  for (const s of touched) {
    if (!which[s] && (bound[s] = acc[s] + 1e-6) >= floor) live.push(s);
  }
  for (let i = visited; i < written.length; i++) {
    const s = written[i];
    if ((bound[s] = acc[s] + HEADING_WEIGHT * shared[s] + 1e-6) >= floor) live.push(s);
  }
  const exact = (s: number) => acc[s] + (which[s] ? HEADING_WEIGHT * heading(s, queries.filter((_, i) => which[s] & (1 << i))) : 0);
  // A heading that shares trigrams but stays under the threshold, with no full-text match, is no match.
  return boundedTopK(live, bound, exact, q.k, 2 * q.tie).filter((c) => c.score > 0);
}
