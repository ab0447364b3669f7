import { boundedTopK } from '../../src/stores/keyword/bounded-top-k';

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
