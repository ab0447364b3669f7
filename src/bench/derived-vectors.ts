import { createHash } from 'node:crypto';
import type { Embedder } from '../models/embedder';
import { mulberry32 } from '../seeds/synthetic-fir';

/**
 * Passage vectors for corpora larger than the model can embed within a bench run (100k chunks take ~80 min of
 * embedding on 2 cores, 1M chunks most of a day). A search's latency depends on how many vectors there are and
 * how they are spread, not on what they mean, so past the first FIRs (embedded by the model, and recorded here)
 * each passage gets a vector derived from the recorded ones: two of them, picked by a hash of the passage's text,
 * mixed 0.7 / 0.3 with Gaussian noise of norm ~0.25, then normalised. They cluster as the synthetic FIRs' real vectors
 * do (those FIRs are written from templates) without repeating them exactly, and the same text always gets the same
 * vector. Query vectors stay real. Quality figures never use these; bench:search says which rows did.
 */
export class DerivedVectors {
  private readonly pool: Float32Array[] = [];
  private deriving = false;
  private readonly realEmbed: Embedder['embed'];

  constructor(private readonly embedder: Embedder, private readonly poolSize = 8192) {
    this.realEmbed = embedder.embed.bind(embedder);
    // The ingest service holds this embedder: replacing the instance's method reaches it.
    embedder.embed = (texts, kind, batchSize, cache) => this.embed(texts, kind, batchSize, cache);
  }

  /** From now on passages get derived vectors (the vectors recorded so far are the pool). */
  startDeriving(): number {
    if (!this.pool.length) throw new Error('no real passage vectors recorded to derive from');
    this.deriving = true;
    return this.pool.length;
  }

  restore(): void {
    this.embedder.embed = this.realEmbed;
  }

  private async embed(...[texts, kind, batchSize, cache]: Parameters<Embedder['embed']>): Promise<Float32Array[]> {
    if (kind !== 'passage') return this.realEmbed(texts, kind, batchSize, cache);
    if (this.deriving) return texts.map((t) => this.derive(t));
    const vectors = await this.realEmbed(texts, kind, batchSize, cache);
    for (const v of vectors) if (this.pool.length < this.poolSize) this.pool.push(v);
    return vectors;
  }

  private derive(text: string): Float32Array {
    const h = createHash('sha1').update(text).digest();
    const rnd = mulberry32(h.readUInt32LE(8));
    const a = this.pool[h.readUInt32LE(0) % this.pool.length];
    const b = this.pool[h.readUInt32LE(4) % this.pool.length];
    const dims = a.length;
    const sigma = 0.25 / Math.sqrt(dims);
    const v = new Float32Array(dims);
    let norm = 0;
    for (let i = 0; i < dims; i++) {
      // Box–Muller: one standard normal per dimension.
      const g = Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
      v[i] = 0.7 * a[i] + 0.3 * b[i] + sigma * g;
      norm += v[i] * v[i];
    }
    norm = Math.sqrt(norm);
    for (let i = 0; i < dims; i++) v[i] /= norm;
    return v;
  }
}
