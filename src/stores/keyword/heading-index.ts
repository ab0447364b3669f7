import { wordSimilarity, type TrigramQuery } from './trigram';

/** A growable list of slots. */
class SlotList {
  slots = new Uint32Array(4);
  n = 0;

  push(slot: number): void {
    if (this.n === this.slots.length) {
      const s = new Uint32Array(this.n * 2);
      s.set(this.slots);
      this.slots = s;
    }
    this.slots[this.n++] = slot;
  }
}

/**
 * Chunk headings as pg_trgm sees them, per postings slot: each heading's trigram sequence (for exact
 * word_similarity) and, per trigram, the slots whose heading holds it — the in-process counterpart of the
 * `gin_trgm_ops` index on chunks.heading.
 */
export class HeadingIndex {
  private seq = new Int32Array(1 << 16);
  private used = 0;
  private start = new Int32Array(1024);
  private len = new Int32Array(1024);
  private lists = new Map<number, SlotList>();

  /** Records the trigram sequence of the heading in a slot just handed out. */
  set(slot: number, keys: Int32Array): void {
    if (slot >= this.start.length) {
      const size = Math.max(slot + 1, this.start.length * 2);
      this.start = grow(this.start, size);
      this.len = grow(this.len, size);
    }
    if (this.used + keys.length > this.seq.length) this.seq = grow(this.seq, Math.max(this.used + keys.length, this.seq.length * 2));
    this.seq.set(keys, this.used);
    this.start[slot] = this.used;
    this.len[slot] = keys.length;
    this.used += keys.length;
    for (const key of new Set(keys)) {
      let list = this.lists.get(key);
      if (!list) this.lists.set(key, (list = new SlotList()));
      list.push(slot);
    }
  }

  /** word_similarity(query, heading of slot). */
  similarity(q: TrigramQuery, slot: number): number {
    const from = this.start[slot];
    return wordSimilarity(q, this.seq, from, from + this.len[slot]);
  }

  /**
   * Live slots whose heading shares at least `need` of the query's distinct trigrams: word_similarity is at
   * most shared / |query trigrams|, so no heading outside this set can reach the threshold. Afterwards
   * `counts[slot]` holds how many of the query's trigrams each returned slot's heading shares.
   */
  candidates(q: TrigramQuery, need: number, alive: Uint8Array, counts: Uint16Array): number[] {
    const out: number[] = [];
    counts.fill(0);
    for (const key of q.keys) {
      const list = this.lists.get(key);
      if (!list) continue;
      const { slots, n } = list;
      for (let i = 0; i < n; i++) {
        const s = slots[i];
        if (alive[s] && ++counts[s] === need) out.push(s);
      }
    }
    return out;
  }

  /** Renumbers slots as Postings.compact does (remap[old] = new, or −1 for a dead slot). */
  compact(remap: Int32Array, live: number): void {
    const start = new Int32Array(Math.max(1024, live * 2));
    const len = new Int32Array(start.length);
    let total = 0;
    for (let s = 0; s < remap.length; s++) if (remap[s] >= 0) total += this.len[s];
    const seq = new Int32Array(Math.max(1 << 16, total * 2));
    let used = 0;
    for (let s = 0; s < remap.length; s++) {
      const to = remap[s];
      if (to < 0) continue;
      seq.set(this.seq.subarray(this.start[s], this.start[s] + this.len[s]), used);
      start[to] = used;
      len[to] = this.len[s];
      used += this.len[s];
    }
    const lists = new Map<number, SlotList>();
    for (const [key, list] of this.lists) {
      const next = new SlotList();
      for (let i = 0; i < list.n; i++) {
        const to = remap[list.slots[i]];
        if (to >= 0) next.push(to);
      }
      if (next.n) lists.set(key, next);
    }
    this.seq = seq;
    this.used = used;
    this.start = start;
    this.len = len;
    this.lists = lists;
  }

  /** Typed-array bytes held. */
  get bytes(): number {
    let b = this.seq.byteLength + this.start.byteLength + this.len.byteLength;
    for (const l of this.lists.values()) b += l.slots.byteLength;
    return b;
  }
}

function grow<T extends Int32Array>(a: T, size: number): T {
  const b = new Int32Array(size);
  b.set(a);
  return b as T;
}
