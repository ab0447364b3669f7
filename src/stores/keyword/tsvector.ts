/**
 * PostgreSQL's tsvector text form, read in JavaScript, and ts_rank for a one-lexeme query computed the way
 * PostgreSQL computes it (src/backend/utils/adt/tsrank.c: calc_rank_or, then RANK_NORM_LOGLENGTH), so the
 * in-process keyword index scores a posting exactly as `ts_rank(weights, tsv, 'lexeme', 1)` would.
 */

export interface TsEntry {
  lexeme: string;
  /** Weight class per position: 0 = D (unmarked), 1 = C, 2 = B, 3 = A. Empty when the entry has no positions. */
  weights: number[];
}

const WEIGHT_CLASS: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/**
 * Parses `'lexeme':1A,5 'other'` (lexemes quoted, `''` and `\\` escaped). Positions are not kept, only
 * their weight classes in order, which is all ts_rank's one-lexeme formula reads.
 */
export function parseTsvector(text: string): TsEntry[] {
  const out: TsEntry[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && text[i] === ' ') i++;
    if (i >= n) break;
    if (text[i] !== "'") throw new Error(`tsvector: expected a quote at ${i}`);
    let lexeme = '';
    i++;
    for (;;) {
      if (i >= n) throw new Error('tsvector: unterminated lexeme');
      const c = text[i];
      if (c === '\\') {
        lexeme += text[i + 1];
        i += 2;
      } else if (c === "'") {
        if (text[i + 1] === "'") {
          lexeme += "'";
          i += 2;
        } else {
          i++;
          break;
        }
      } else {
        lexeme += c;
        i++;
      }
    }
    const weights: number[] = [];
    if (text[i] === ':') {
      i++;
      for (;;) {
        while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
        const w = WEIGHT_CLASS[text[i]];
        if (w !== undefined) i++;
        weights.push(w ?? 0);
        if (text[i] !== ',') break;
        i++;
      }
    }
    out.push({ lexeme, weights });
  }
  return out;
}

/** tsrank.c's cnt_length: every position counts, an entry without positions counts once. */
export function tsLength(entries: TsEntry[]): number {
  let len = 0;
  for (const e of entries) len += e.weights.length || 1;
  return len;
}

/**
 * RANK_NORM_LOGLENGTH's divisor, log(length + 1) / log(2), per length. PostgreSQL's C `log` and V8's
 * Math.log disagree in the last bit for about 1 % of lengths, which moves a float rank by one unit, so the
 * index reads the divisors from PostgreSQL itself (`log2Divisors`); beyond the table JavaScript computes them.
 */
export type Log2Divisor = (length: number) => number;

export const jsLog2Divisor: Log2Divisor = (length) => Math.log(length + 1) / Math.log(2);

export function tableLog2Divisor(table: Float64Array): Log2Divisor {
  return (length) => (length < table.length ? table[length] : jsLog2Divisor(length));
}

const f = Math.fround;
const ZETA2 = 1.64493406685;

/**
 * ts_rank(w, tsv, q, 1) for a query of one lexeme found in the entry: calc_rank_or over its positions
 * (an entry without positions is one position of weight D), divided by `divisor` (see Log2Divisor). Single
 * precision at every step where tsrank.c keeps a float, so ties come out as PostgreSQL's do.
 * `w` is ts_rank's weight array in its order: {D, C, B, A}.
 */
export function tsRankOne(entry: TsEntry, divisor: number, w: readonly [number, number, number, number]): number {
  const classes = entry.weights.length ? entry.weights : [0];
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < classes.length; j++) {
    const wp = f(w[classes[j]]);
    resj = f(resj + f(wp / ((j + 1) * (j + 1))));
    if (wp > wjm) {
      wjm = wp;
      jm = j;
    }
  }
  // (wjm + resj - wjm / ((jm+1)^2)) is float arithmetic; dividing by the double constant promotes to double.
  let res = f(f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1)))) / ZETA2);
  if (res < 0) res = f(1e-20);
  return f(res / divisor);
}
