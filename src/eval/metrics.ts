/** Retrieval metrics as FORMAT.md and trec_eval define them (checked against trec_eval itself in tests/eval/trec-eval.test.ts). `ranked` holds distinct ids, best first. */

export function recallAt(ranked: string[], relevant: Set<string>, k: number): number {
  if (!relevant.size) return 0;
  return ranked.slice(0, k).filter((id) => relevant.has(id)).length / relevant.size;
}

export function reciprocalRank(ranked: string[], relevant: Set<string>): number {
  const i = ranked.findIndex((id) => relevant.has(id));
  return i < 0 ? 0 : 1 / (i + 1);
}

export function ndcgAt(ranked: string[], relevant: Set<string>, k: number): number {
  const dcg = ranked.slice(0, k).reduce((s, id, i) => s + (relevant.has(id) ? 1 / Math.log2(i + 2) : 0), 0);
  const ideal = Array.from({ length: Math.min(k, relevant.size) }, (_, i) => 1 / Math.log2(i + 2)).reduce((a, b) => a + b, 0);
  return ideal ? dcg / ideal : 0;
}

/** trec_eval's average precision: precision at each relevant retrieved, over all relevant. */
export function averagePrecision(ranked: string[], relevant: Set<string>): number {
  if (!relevant.size) return 0;
  let found = 0;
  let sum = 0;
  ranked.forEach((id, i) => {
    if (relevant.has(id)) {
      found++;
      sum += found / (i + 1);
    }
  });
  return sum / relevant.size;
}

export function precisionAt(ranked: string[], relevant: Set<string>, k: number): number {
  return ranked.slice(0, k).filter((id) => relevant.has(id)).length / k;
}

/**
 * trec_eval's bpref: for each relevant retrieved, 1 − (judged non-relevant ranked above it) / min(R, N),
 * averaged over R. Unjudged documents are ignored.
 */
export function bpref(ranked: string[], relevant: Set<string>, nonRelevant: Set<string>): number {
  const R = relevant.size;
  const N = nonRelevant.size;
  if (!R) return 0;
  let nonRelAbove = 0;
  let sum = 0;
  for (const id of ranked) {
    if (relevant.has(id)) sum += N ? 1 - Math.min(nonRelAbove, R) / Math.min(R, N) : 1;
    else if (nonRelevant.has(id)) nonRelAbove++;
  }
  return sum / R;
}

export function mean(xs: number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

export const round = (x: number) => Math.round(x * 10000) / 10000;
