import type { SearchFilter } from '../store.types';
import { HeadingIndex } from './heading-index';
import type { TrigramQuery } from './trigram';
import { jsLog2Divisor, parseTsvector, tsLength, tsRankOne, type Log2Divisor } from './tsvector';

/** ts_rank's weights as the SQL keyword index passes them ({D, C, B, A}): headings are weight A. */
export const RANK_WEIGHTS = [0.4, 0.4, 0.4, 1.0] as const;

/** A chunk row as the in-process index reads it: the filterable columns and the tsvector's text form. */
export interface ChunkTerms {
  id: string;
  document_id: string;
  document_type: string;
  language: string;
  district: string | null;
  date: string | null;
  section_id: string | null;
  sections: string[];
  heading: string;
  tsv: string | null;
}

/** One lexeme's postings: chunk slots and the ts_rank each would get for the lexeme alone. */
class PostingList {
  slots = new Uint32Array(4);
  ranks = new Float32Array(4);
  n = 0;
  /**
   * Live postings, as counted when the list held `dfN` postings and Postings.removals was `dfRemovals`: a common
   * lexeme's list is long, and most searches come between writes.
   */
  df = 0;
  dfN = -1;
  dfRemovals = -1;

  push(slot: number, rank: number): void {
    if (this.n === this.slots.length) {
      const grow = this.n * 2;
      const s = new Uint32Array(grow);
      s.set(this.slots);
      const r = new Float32Array(grow);
      r.set(this.ranks);
      this.slots = s;
      this.ranks = r;
    }
    this.slots[this.n] = slot;
    this.ranks[this.n++] = rank;
  }
}

export interface ChunkMeta {
  id: string;
  documentId: string;
  type: string;
  language: string;
  district: string | null;
  date: string | null;
  sectionId: string | null;
  sections: string[];
}

/**
 * Impact-scored postings held in memory: for every (lexeme, chunk) the ts_rank the SQL index would compute,
 * so a search adds up precomputed numbers instead of reading and ranking every matching tsvector. Removal
 * marks a slot dead; `compact` drops dead slots once they are a large share.
 */
export class Postings {
  private readonly lists = new Map<string, PostingList>();
  private meta: (ChunkMeta | null)[] = [];
  private readonly slotOf = new Map<string, number>();
  private alive = new Uint8Array(1024);
  private dead = 0;
  /** Chunks removed so far: a list's cached live count is current while this has not moved. */
  private removals = 0;
  private readonly headings = new HeadingIndex();

  constructor(private readonly divisor: Log2Divisor = jsLog2Divisor) {}

  get size(): number {
    return this.slotOf.size;
  }

  get deadShare(): number {
    return this.meta.length ? this.dead / this.meta.length : 0;
  }

  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  slot(id: string): number | undefined {
    return this.slotOf.get(id);
  }

  chunk(slot: number): ChunkMeta {
    return this.meta[slot]!;
  }

  /** Adds (or replaces) a chunk; `heading` is its heading's pg_trgm trigram sequence (TrigramRules.sequence). */
  add(row: ChunkTerms, heading: Int32Array): void {
    this.remove(row.id);
    const slot = this.meta.length;
    this.meta.push({
      id: row.id, documentId: row.document_id, type: row.document_type, language: row.language,
      district: row.district?.toLowerCase() ?? null, date: row.date, sectionId: row.section_id, sections: row.sections ?? [],
    });
    if (slot >= this.alive.length) {
      const a = new Uint8Array(this.alive.length * 2);
      a.set(this.alive);
      this.alive = a;
    }
    this.alive[slot] = 1;
    this.slotOf.set(row.id, slot);
    this.headings.set(slot, heading);
    if (!row.tsv) return;
    const entries = parseTsvector(row.tsv);
    const divisor = this.divisor(tsLength(entries));
    for (const e of entries) {
      let list = this.lists.get(e.lexeme);
      if (!list) this.lists.set(e.lexeme, (list = new PostingList()));
      list.push(slot, tsRankOne(e, divisor, RANK_WEIGHTS));
    }
  }

  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.alive[slot] = 0;
    this.meta[slot] = null;
    this.dead++;
    this.removals++;
  }

  /** Slots handed out so far (live or dead): the length a per-search accumulator needs. */
  get slotCount(): number {
    return this.meta.length;
  }

  /**
   * Adds weight(df) × ts_rank to `acc[slot]` for the lexeme's live postings that pass `keep`, recording
   * first-touched slots in `touched`. The weight comes from the document frequency among all live chunks,
   * as the SQL index reads it from term_stats.
   */
  accumulate(lexeme: string, weight: (df: number) => number, keep: ((slot: number) => boolean) | null, acc: Float64Array, touched: number[]): void {
    const list = this.lists.get(lexeme);
    if (!list) return;
    const { slots, ranks, n } = list;
    const alive = this.alive;
    // Additions grow n; removals move the counter: either way the cached count is stale.
    if (list.dfN !== n || list.dfRemovals !== this.removals) {
      let live = 0;
      for (let i = 0; i < n; i++) live += alive[slots[i]];
      list.df = live;
      list.dfN = n;
      list.dfRemovals = this.removals;
    }
    const df = list.df;
    if (!df) return;
    const w = weight(df);
    for (let i = 0; i < n; i++) {
      const s = slots[i];
      if (!alive[s] || (keep && !keep(s))) continue;
      if (acc[s] === 0) touched.push(s);
      acc[s] += w * ranks[i];
    }
  }

  /** word_similarity(query, the chunk's heading). */
  headingSimilarity(q: TrigramQuery, slot: number): number {
    return this.headings.similarity(q, slot);
  }

  /**
   * Calls `visit(slot, shared)` for every live chunk passing `keep` whose heading holds at least `need` of the
   * query's distinct trigrams; word_similarity with that heading is at most shared / |query trigrams|. `counts`
   * (at least slotCount long, zeroed here) is the caller's, reused between searches.
   */
  headingShared(
    q: TrigramQuery, need: number, keep: ((slot: number) => boolean) | null, visit: (slot: number, shared: number) => void, counts: Uint16Array,
  ): void {
    for (const s of this.headings.candidates(q, need, this.alive, counts)) if (!keep || keep(s)) visit(s, counts[s]);
  }

  /** Renumbers the live chunks densely and drops dead postings; slots handed out earlier become invalid. */
  compact(): void {
    const remap = new Int32Array(this.meta.length).fill(-1);
    const meta: ChunkMeta[] = [];
    for (let s = 0; s < this.meta.length; s++) {
      const m = this.meta[s];
      if (!m) continue;
      remap[s] = meta.length;
      meta.push(m);
    }
    for (const [lexeme, list] of this.lists) {
      const next = new PostingList();
      for (let i = 0; i < list.n; i++) {
        const to = remap[list.slots[i]];
        if (to >= 0) next.push(to, list.ranks[i]);
      }
      if (next.n) this.lists.set(lexeme, next);
      else this.lists.delete(lexeme);
    }
    this.headings.compact(remap, meta.length);
    this.meta = meta;
    this.slotOf.clear();
    for (const [s, m] of meta.entries()) this.slotOf.set(m.id, s);
    this.alive = new Uint8Array(Math.max(1024, meta.length * 2));
    this.alive.fill(1, 0, meta.length);
    this.dead = 0;
  }

  /** Postings held (live and dead) and an estimate of their typed-array bytes (heading trigrams included). */
  stats(): { chunks: number; lexemes: number; postings: number; bytes: number; headingBytes: number } {
    let postings = 0;
    let bytes = 0;
    for (const l of this.lists.values()) {
      postings += l.n;
      bytes += l.slots.byteLength + l.ranks.byteLength;
    }
    const headingBytes = this.headings.bytes;
    return { chunks: this.size, lexemes: this.lists.size, postings, bytes: bytes + headingBytes, headingBytes };
  }
}

/** Trigrams a heading must share with the query for word_similarity to reach `threshold`. */
export const minShared = (q: TrigramQuery, threshold: number) => Math.max(1, Math.ceil(threshold * q.keys.size - 1e-6));

/** filterSql (../sql/filter.sql.ts) as a predicate over a chunk's columns; null when nothing is filtered. */
export function filterPredicate(f: SearchFilter | undefined): ((m: ChunkMeta) => boolean) | null {
  if (!f) return null;
  const tests: ((m: ChunkMeta) => boolean)[] = [];
  const set = (xs: readonly string[]) => new Set(xs);
  if (f.documentTypes?.length) {
    const s = set(f.documentTypes);
    tests.push((m) => s.has(m.type));
  }
  if (f.languages?.length) {
    const s = set(f.languages);
    tests.push((m) => s.has(m.language));
  }
  if (f.districts?.length) {
    const s = set(f.districts.map((d) => d.toLowerCase()));
    tests.push((m) => m.district !== null && s.has(m.district));
  }
  // ISO dates compare as strings; a chunk without a date fails a date bound, as NULL does in SQL.
  const day = (d: string) => d.slice(0, 10);
  if (f.dateFrom) tests.push((m) => m.date !== null && m.date >= day(f.dateFrom!));
  if (f.dateTo) tests.push((m) => m.date !== null && m.date <= day(f.dateTo!));
  if (f.sections?.length) {
    const s = set(f.sections);
    tests.push((m) => (m.sectionId !== null && s.has(m.sectionId)) || m.sections.some((x) => s.has(x)));
  }
  if (f.codes?.length) {
    const s = set(f.codes);
    tests.push((m) => m.sectionId !== null && s.has(m.sectionId.split(':')[0]));
  }
  if (f.documentIds?.length) {
    const s = set(f.documentIds);
    tests.push((m) => s.has(m.documentId));
  }
  const access = f.access;
  if (access && !access.all) {
    const types = set(access.openTypes);
    const districts = set(access.districts);
    tests.push((m) => types.has(m.type) || (m.district !== null && districts.has(m.district)));
  }
  return tests.length ? (m) => tests.every((t) => t(m)) : null;
}
