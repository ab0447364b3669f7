import type { DomainWeights } from './domain.classifier';

export interface FitOptions {
  /** L2 penalty on the weights (not the bias), per example. */
  l2: number;
  iterations: number;
  learningRate: number;
}

export const FIT_DEFAULTS: FitOptions = { l2: 1e-2, iterations: 1500, learningRate: 0.5 };

/**
 * Logistic regression (label 1 = off-domain) by full-batch gradient descent with Nesterov momentum, on standardised
 * features, each label weighted to half the total: the off-domain lines are the fewer. Deterministic: the same lines
 * give the same weights.
 */
export function fitDomain(
  xs: Float32Array[], ys: number[], embeddingModel: string, opts: Partial<FitOptions> = {},
): Omit<DomainWeights, 'fitted'> & { trainingAccuracy: number } {
  const o = { ...FIT_DEFAULTS, ...opts };
  const n = xs.length;
  const dims = xs[0]?.length ?? 0;
  if (!n || ys.length !== n || !ys.includes(0) || !ys.includes(1)) throw new Error('domain fit: both labels are needed');
  const mean = new Float64Array(dims);
  const scale = new Float64Array(dims);
  for (const x of xs) for (let j = 0; j < dims; j++) mean[j] += x[j] / n;
  for (const x of xs) for (let j = 0; j < dims; j++) scale[j] += (x[j] - mean[j]) ** 2 / n;
  // A feature (nearly) constant over the lines carries no information: left unscaled rather than blown up.
  for (let j = 0; j < dims; j++) scale[j] = scale[j] > 1e-12 ? Math.sqrt(scale[j]) : 1;
  const z = xs.map((x) => Float64Array.from(x, (v, j) => (v - mean[j]) / scale[j]));
  const positives = ys.filter((y) => y === 1).length;
  const weightOf = (y: number) => (y === 1 ? n / (2 * positives) : n / (2 * (n - positives)));
  const sw = ys.map(weightOf);

  // Parameters w[0..dims-1], bias at w[dims]; v is the momentum.
  const w = new Float64Array(dims + 1);
  const v = new Float64Array(dims + 1);
  const look = new Float64Array(dims + 1);
  const grad = new Float64Array(dims + 1);
  for (let it = 0; it < o.iterations; it++) {
    for (let j = 0; j <= dims; j++) look[j] = w[j] + 0.9 * v[j];
    grad.fill(0);
    for (let i = 0; i < n; i++) {
      const zi = z[i];
      let s = look[dims];
      for (let j = 0; j < dims; j++) s += look[j] * zi[j];
      const err = (sigmoid(s) - ys[i]) * sw[i];
      for (let j = 0; j < dims; j++) grad[j] += err * zi[j];
      grad[dims] += err;
    }
    for (let j = 0; j <= dims; j++) {
      const g = grad[j] / n + (j < dims ? o.l2 * look[j] : 0);
      v[j] = 0.9 * v[j] - o.learningRate * g;
      w[j] += v[j];
    }
  }
  let correct = 0;
  for (let i = 0; i < n; i++) {
    let s = w[dims];
    for (let j = 0; j < dims; j++) s += w[j] * z[i][j];
    if ((s >= 0 ? 1 : 0) === ys[i]) correct++;
  }
  const round = (x: number) => Math.round(x * 1e7) / 1e7;
  return {
    embeddingModel, dims, mean: Array.from(mean, round), scale: Array.from(scale, round),
    weights: Array.from(w.subarray(0, dims), round), bias: round(w[dims]), trainingAccuracy: correct / n,
  };
}

const sigmoid = (s: number) => 1 / (1 + Math.exp(-s));
