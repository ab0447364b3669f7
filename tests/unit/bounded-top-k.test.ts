import { boundedTopK, kthLargest } from '../../src/stores/keyword/bounded-top-k';

/** A small deterministic generator, so a failure can be replayed. */
function lcg(seed: number) {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const topK = (scores: { slot: number; score: number }[], k: number) =>
  [...scores].sort((a, b) => b.score - a.score || a.slot - b.slot).slice(0, k);

describe('boundedTopK', () => {
  it('finds the same top k as scoring everything, while scoring fewer when bounds are tight', () => {
    const rand = lcg(7);
    for (let round = 0; round < 50; round++) {
      const n = 200 + Math.floor(rand() * 800);
      const k = 1 + Math.floor(rand() * 20);
      const exactScores = Float64Array.from({ length: n }, () => Math.round(rand() * 50) / 10);
      // Bounds at or above the score: some exact, some loose.
      const bound = Float64Array.from(exactScores, (s) => s + (rand() < 0.5 ? 0 : rand() * 2));
      let calls = 0;
      const got = boundedTopK([...Array(n).keys()], bound, (s) => (calls++, exactScores[s]), k, 1e-6);
      const all = [...exactScores].map((score, slot) => ({ slot, score }));
      expect(topK(got, k)).toEqual(topK(all, k));
      expect(calls).toBeLessThan(n);
    }
  });

  it('keeps every candidate tied with the k-th score, so the caller can break ties by id', () => {
    const scores = Float64Array.from([5, 3, 3, 3, 1]);
    const got = boundedTopK([0, 1, 2, 3, 4], scores, (s) => scores[s], 2, 1e-6);
    expect(got.map((g) => g.slot).sort()).toEqual([0, 1, 2, 3]);
  });

  it('returns all candidates when there are fewer than k', () => {
    const scores = Float64Array.from([2, 1]);
    expect(boundedTopK([1, 0], scores, (s) => scores[s], 5, 1e-6)).toHaveLength(2);
  });
});

describe('kthLargest', () => {
  it('matches sorting, with ties, runs and too few values', () => {
    const rand = lcg(11);
    for (let round = 0; round < 200; round++) {
      const n = Math.floor(rand() * 3000);
      // Few distinct values (many ties) in some rounds, sorted runs in others.
      const values = Float64Array.from({ length: n }, (_, i) => (round % 3 === 0 ? Math.floor(rand() * 5) : round % 3 === 1 ? i % 97 : rand()));
      const k = 1 + Math.floor(rand() * 40);
      const sorted = [...values].sort((a, b) => b - a);
      expect(kthLargest(Float64Array.from(values), k)).toBe(n >= k ? sorted[k - 1] : 0);
    }
  });
});

describe('boundedTopK over many candidates', () => {
  it('scores the same candidates in the same order as a full sort by bound, past the first slice', () => {
    const rand = lcg(5);
    const n = 20_000;
    const bound = Float64Array.from({ length: n }, () => Math.round(rand() * 1000) / 100);
    // Exact scores far below their bounds: the loop has to go through several slices before it can stop.
    const scores = Float64Array.from(bound, (b) => b - 1 - rand() * 3);
    const order: number[] = [];
    const got = boundedTopK([...Array(n).keys()], bound, (s) => (order.push(s), scores[s]), 10, 1e-6);
    const full = [...Array(n).keys()].sort((a, b) => bound[b] - bound[a]).slice(0, order.length);
    expect(order).toEqual(full);
    expect(order.length).toBeGreaterThan(256);
    const all = [...scores].map((score, slot) => ({ slot, score }));
    expect(topK(got, 10)).toEqual(topK(all, 10));
  });
});
