/** The dot product of two vectors of the same length: the cosine, for the unit vectors the embedder returns. */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let k = 0; k < a.length; k++) sum += a[k] * b[k];
  return sum;
}
