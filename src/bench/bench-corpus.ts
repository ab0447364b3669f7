import type { App } from '../app/app';
import type { DocumentInput } from '../domain/document.types';
import { firStream } from '../seeds/synthetic-fir';
import { rssMiB } from './bench-env';
import { DerivedVectors } from './derived-vectors';

/** FIRs handed to the ingest service at a time: enough for its own grouping, few enough to keep memory flat. */
const SLICE = 2048;

/**
 * The benchmark corpus: the bare acts, then synthetic FIRs (seed 11) added as it grows, so one store is measured at
 * 10k, 100k and 1M chunks in turn instead of being built again for each size. With `realFirs`, only that many FIRs
 * are embedded by the model; the rest get vectors derived from theirs (DerivedVectors).
 */
export class GrowingCorpus {
  private readonly stream = firStream(11);
  private firs = 0;
  private derived: DerivedVectors | undefined;
  private pool = 0;

  constructor(private readonly app: App, private readonly profile: string, private readonly realFirs: number | undefined, private readonly log: (s: string) => void) {}

  async start(): Promise<void> {
    this.log(`[bench:search] ${this.profile}: indexing bare acts`);
    await this.app.ingest.ingest(this.app.catalogue.bareActDocuments());
    this.log(`[bench:search] ${this.profile}: ${(await this.app.stores.documents.counts()).chunks} bare-act chunks`);
    // Recording from here: derived FIR vectors come from real FIR vectors, not from the bare acts'.
    if (this.realFirs !== undefined) this.derived = new DerivedVectors(this.app.embedder);
  }

  /** Takes over an index an earlier run kept: returns how many FIRs it holds. */
  async adopt(): Promise<number> {
    const [r] = await this.app.stores.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM {S}.documents WHERE type = 'FIR'`);
    this.firs = r.n;
    this.log(`[bench:search] ${this.profile}: measuring a kept index again: ${r.n} FIRs`);
    return r.n;
  }

  /** How the vectors of the FIRs so far were made, for the row; undefined when all were embedded by the model. */
  get derivedVectors(): { realFirs: number; derivedFirs: number; pool: number } | undefined {
    return this.derived && this.firs > this.realFirs! ? { realFirs: this.realFirs!, derivedFirs: this.firs - this.realFirs!, pool: this.pool } : undefined;
  }

  /**
   * Adds FIRs until there are `target`, with progress every 15 s: at 100k chunks of real vectors, most of an hour.
   * Returns how many were added and how long that took (the ingest pipeline's pace at this size).
   */
  async growTo(target: number): Promise<{ firs: number; seconds: number }> {
    const { app, profile, log } = this;
    log(`[bench:search] ${profile}: adding ${Math.max(0, target - this.firs)} synthetic FIRs (to ${target}, ~${target * 4} FIR chunks)`);
    const t0 = performance.now();
    const from = this.firs;
    const e0 = { ...app.embedder.stats };
    let last = 0;
    while (this.firs < target) {
      // A slice never straddles the switch to derived vectors.
      const limit = this.derived && this.firs < this.realFirs! ? Math.min(target, this.realFirs!) : target;
      if (this.derived && this.firs === this.realFirs) {
        this.pool = this.derived.startDeriving();
        log(`[bench:search] ${profile}: FIRs past ${this.realFirs} get vectors derived from ${this.pool} real ones`);
      }
      const slice: DocumentInput[] = [];
      while (slice.length < SLICE && this.firs + slice.length < limit) slice.push(this.stream.next().value);
      const before = this.firs;
      await app.ingest.ingest(slice, {
        groupSize: 64,
        onProgress: (p) => {
          if (!p.finished && Date.now() - last < 15_000) return;
          last = Date.now();
          const done = before + p.done - from;
          const s = (performance.now() - t0) / 1000;
          const rate = done / s;
          log(`[bench:search] ${profile}: ${before + p.done}/${target} FIRs, ${rate.toFixed(1)} FIRs/s, `
            + `embeddings computed ${app.embedder.stats.computed - e0.computed} / from cache ${app.embedder.stats.cached - e0.cached}, `
            + `ETA ${Math.round((target - before - p.done) / Math.max(rate, 1e-9))} s, RSS ${rssMiB()} MiB${p.failed ? `, ${p.failed} failed` : ''}`);
        },
      });
      this.firs += slice.length;
    }
    return { firs: this.firs - from, seconds: Math.round((performance.now() - t0) / 100) / 10 };
  }

  close(): void {
    this.derived?.restore();
  }
}
