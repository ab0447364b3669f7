import type { SqlExecutor } from '../sql/sql.client';

/**
 * pg_trgm's word_similarity computed in JavaScript the way PostgreSQL computes it
 * (contrib/pg_trgm/trgm_op.c: generate_trgm_only, compact_trigram, calc_word_similarity,
 * iterate_word_similarity), so the in-process keyword index matches headings without a round trip.
 *
 * What a "word character" is and how a character lower-cases depend on the server's locale and libc,
 * which JavaScript cannot know: they are asked of PostgreSQL itself, once per code point seen
 * (`TrigramRules.learn`). A trigram is kept as the 24-bit value pg_trgm stores: its three bytes when the
 * three characters are single-byte, otherwise three bytes of PostgreSQL's legacy CRC-32 of its UTF-8 bytes.
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

const encoder = new TextEncoder();

/** The value pg_trgm keeps for a trigram of three characters (as show_trgm prints it, `0x…` for hashed ones). */
export function trigramKey(three: string): number {
  const bytes = encoder.encode(three);
  if (bytes.length === 3) return (bytes[0] << 16) | (bytes[1] << 8) | bytes[2];
  let crc = 0xffffffff;
  // PostgreSQL's legacy CRC-32: the reflected table, shifted the other way (pg_crc.h, COMP_CRC32_NORMAL_TABLE).
  for (const b of bytes) crc = (CRC_TABLE[((crc >>> 24) ^ b) & 0xff] ^ (crc << 8)) >>> 0;
  crc = (crc ^ 0xffffffff) >>> 0;
  // CPTRGM copies the CRC's first three bytes in memory: little-endian, so its low bytes, lowest first.
  return ((crc & 0xff) << 16) | (((crc >>> 8) & 0xff) << 8) | ((crc >>> 16) & 0xff);
}

/** Per code point: word character or not, and its lower-case form, as this PostgreSQL server sees them. */
export class TrigramRules {
  private readonly word = new Map<number, boolean>();
  private readonly lower = new Map<number, string>();

  private constructor(readonly threshold: number) {}

  static async open(sql: SqlExecutor): Promise<TrigramRules> {
    const [row] = await sql.query<{ v: number }>(
      `SELECT coalesce(nullif(current_setting('pg_trgm.word_similarity_threshold', true), '')::float8, 0.6) AS v`);
    return new TrigramRules(Number(row.v));
  }

  /** Asks PostgreSQL about the code points in `texts` not seen before. */
  async learn(sql: SqlExecutor, texts: Iterable<string>): Promise<void> {
    const unseen = new Set<number>();
    for (const t of texts) for (const ch of t) {
      const cp = ch.codePointAt(0)!;
      if (!this.word.has(cp)) unseen.add(cp);
    }
    unseen.delete(0);
    if (!unseen.size) return;
    const rows = await sql.query<{ cp: number; word: boolean; low: string }>(
      `SELECT cp, cardinality(show_trgm(chr(cp))) > 0 AS word, lower(chr(cp)) AS low FROM unnest($1::int[]) AS cp`, [[...unseen]]);
    for (const r of rows) {
      this.word.set(Number(r.cp), r.word);
      if (r.low !== String.fromCodePoint(Number(r.cp))) this.lower.set(Number(r.cp), r.low);
    }
  }

  /** Whether every character of `text` has been learned (otherwise `sequence` would guess). */
  knows(text: string): boolean {
    for (const ch of text) if (!this.word.has(ch.codePointAt(0)!)) return false;
    return true;
  }

  /** The trigram sequence generate_trgm_only makes: each lower-cased word padded "  word ", in order. */
  sequence(text: string): Int32Array {
    const out: number[] = [];
    let word: string[] = [];
    const flush = () => {
      if (!word.length) return;
      const padded = [' ', ' ', ...word, ' '];
      for (let i = 0; i + 2 < padded.length; i++) out.push(trigramKey(padded[i] + padded[i + 1] + padded[i + 2]));
      word = [];
    };
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (this.word.get(cp)) word.push(...(this.lower.get(cp) ?? ch));
      else flush();
    }
    flush();
    return Int32Array.from(out);
  }
}

/** A phrase's distinct trigrams, the "required word" of word_similarity. */
export interface TrigramQuery {
  keys: Set<number>;
}

/** Float4 division as CALCSML does it: count / (len1 + len2 − count). */
const sml = (count: number, len1: number, len2: number) => Math.fround(count / (len1 + len2 - count));

/**
 * word_similarity(query, text) for a text given as its trigram sequence: the greatest similarity between the
 * query's trigrams and any continuous extent of the text's (iterate_word_similarity, plain, not strict).
 */
export function wordSimilarity(q: TrigramQuery, seq: Int32Array, from = 0, to = seq.length): number {
  const ulen1 = q.keys.size;
  const len2 = to - from;
  if (!ulen1 || !len2) return 0;
  // Distinct trigrams of the text numbered in order of appearance; found = also in the query.
  const index = new Int32Array(len2);
  const ids = new Map<number, number>();
  const found: boolean[] = [];
  for (let i = 0; i < len2; i++) {
    const key = seq[from + i];
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
      found.push(q.keys.has(key));
    }
    index[i] = id;
  }
  const lastpos = new Int32Array(ids.size).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let max = 0;
  for (let i = 0; i < len2; i++) {
    const t = index[i];
    if (lower >= 0 || found[t]) {
      if (lastpos[t] < 0) {
        ulen2++;
        if (found[t]) count++;
      }
      lastpos[t] = i;
    }
    if (!found[t]) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let cur = sml(count, ulen1, ulen2);
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tl = lower; tl <= upper; tl++) {
      const s = sml(tmpCount, ulen1, tmpUlen2);
      if (s > cur) {
        cur = s;
        ulen2 = tmpUlen2;
        lower = tl;
        count = tmpCount;
      }
      const tt = index[tl];
      if (lastpos[tt] === tl) {
        tmpUlen2--;
        if (found[tt]) tmpCount--;
      }
    }
    if (cur > max) max = cur;
    for (let tl = prevLower; tl < lower; tl++) {
      const tt = index[tl];
      if (lastpos[tt] === tl) lastpos[tt] = -1;
    }
  }
  return max;
}
