/**
 * A search's per-chunk arrays (score sums, filter verdicts, heading bounds). At a million chunks they are ~30 MB per
 * search; allocated afresh each time, the garbage collection they caused took a fifth of the searches' CPU time
 * (docs/measured.md), in pauses that landed on whichever stage was waiting. A few sets are kept and handed back
 * zeroed: each search clears what it wrote (the slots it touched), not the whole arrays.
 */
export class Scratch {
  acc: Float64Array;
  verdict: Int8Array;
  shared: Float64Array;
  bound: Float64Array;
  which: Uint8Array;
  counts: Uint16Array;
  /** Any per-slot numbers a step needs in a row (the touched chunks' scores, to select the k-th best); never cleared. */
  values: Float64Array;
  /** Slots headingTopK gave a heading share (and flags and a bound), to clear them on release. */
  readonly written: number[] = [];
  verdictsUsed = false;

  constructor(readonly size: number) {
    this.acc = new Float64Array(size);
    this.verdict = new Int8Array(size);
    this.shared = new Float64Array(size);
    this.bound = new Float64Array(size);
    this.which = new Uint8Array(size);
    this.counts = new Uint16Array(size);
    this.values = new Float64Array(size);
  }

  /** Zeroes what a search wrote: the accumulator and bounds at `touched`, everything at `written`, the verdicts wholesale. */
  clear(touched: readonly number[]): void {
    for (const s of touched) {
      this.acc[s] = 0;
      this.bound[s] = 0;
    }
    for (const s of this.written) {
      this.acc[s] = 0;
      this.shared[s] = 0;
      this.bound[s] = 0;
      this.which[s] = 0;
    }
    this.written.length = 0;
    // Verdicts are written wherever a filter was asked, which can be most slots: one fill is cheaper than tracking them.
    if (this.verdictsUsed) this.verdict.fill(0);
    this.verdictsUsed = false;
    // counts is zeroed by each of its users (HeadingIndex.candidates) before use.
  }
}

/** Scratch sets for the searches in flight; more are made when several run at once, at most `keep` are kept. */
export class ScratchPool {
  private readonly free: Scratch[] = [];

  constructor(private readonly keep = 2) {}

  /** A zeroed set covering `slots` slots (with room to grow, so an index that grows does not reallocate every search). */
  acquire(slots: number): Scratch {
    const s = this.free.pop();
    if (s && s.size >= slots) return s;
    return new Scratch(Math.max(1024, Math.ceil(slots * 1.1)));
  }

  release(s: Scratch, touched: readonly number[]): void {
    s.clear(touched);
    if (this.free.length < this.keep) this.free.push(s);
  }
}
