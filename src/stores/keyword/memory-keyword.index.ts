import { logger } from '../../logger';
import type { SqlClient } from '../sql/sql.client';
import type { IndexHit, KeywordIndex, KeywordQuery, SearchFilter } from '../store.types';
import { installChangeLog, pruneLog, readChanges, startCursor, unapplied, type LogCursor } from './keyword.changelog';
import { HEADING_WEIGHT, SqlKeywordIndex, TIE_DECIMALS } from './keyword.index';
import { headingTopK, kthLargest } from './bounded-top-k';
import { filterPredicate, Postings, type ChunkTerms } from './postings';
import { ScratchPool, type Scratch } from './scratch';
import { TrigramRules, type TrigramQuery } from './trigram';
import { tableLog2Divisor, type Log2Divisor } from './tsvector';

const COLUMNS = `id, document_id, document_type, language, district, date, section_id, sections, heading, tsv::text AS tsv`;

/** Scores closer than this tie (see TIE_DECIMALS). */
const TIE = 10 ** -TIE_DECIMALS;

/** Lengths (positions per chunk) whose rank divisor is read from PostgreSQL; chunks are far shorter. */
const DIVISOR_TABLE = 16384;

/** Chunks read per statement while building: PGlite has one connection, so a search waits at most one page. */
const PAGE = 1000;

export interface MemoryKeywordOptions {
  /** Changes applied before answering; a longer backlog is applied in the background while SQL answers. */
  inlineChanges: number;
  /** Heading similarities computed chunk by chunk before the trigram postings are used instead. */
  directSimilarities: number;
  /** Change-log entries are kept this long after being applied, for other processes reading the same tables. */
  retainSeconds: number;
}

const DEFAULTS: MemoryKeywordOptions = { inlineChanges: 2000, directSimilarities: 2000, retainSeconds: 900 };

/** Pruning the change log is a DELETE: done at most this often. */
const PRUNE_EVERY_MS = 60_000;

/**
 * The keyword index both profiles use by default: the SQL index's scoring (keyword.index.ts) with its postings held in
 * process. Every (lexeme, chunk) pair carries the ts_rank PostgreSQL would compute for it, so a search sums
 * idf × rank over the query terms' postings in typed arrays and applies the metadata and access filters in
 * memory; heading similarity is pg_trgm's word_similarity over trigram postings (trigram.ts). Only the
 * parsing of query terms, and the rare terms that parse to several lexemes, stay in SQL.
 * Results are the SQL index's, exactly — without its common-terms cut-off, which only a very large
 * corpus reaches.
 *
 * The postings follow the chunks table through a change log kept by triggers (keyword.changelog.ts): each
 * search first applies what changed. Until the first build is done, or while a long backlog is applied in
 * the background, the SQL index answers.
 */
export class MemoryKeywordIndex implements KeywordIndex {
  private postings: Postings;
  private cursor: LogCursor = { xmin: '0', seen: [] };
  private prunedAt = 0;
  private ready = false;
  private background: Promise<void> | null = null;
  private failedAt = 0;
  private closed = false;
  /** Searches reading the postings, and changes waiting for them to finish. */
  private readers = 0;
  private writing = false;
  private readonly drained: (() => void)[] = [];
  private readonly opts: MemoryKeywordOptions;
  private readonly fallback: SqlKeywordIndex;
  private readonly scratch = new ScratchPool();

  private constructor(
    private readonly sql: SqlClient, private readonly divisor: Log2Divisor, private readonly rules: TrigramRules, opts: Partial<MemoryKeywordOptions>,
  ) {
    this.opts = { ...DEFAULTS, ...opts };
    this.postings = new Postings(divisor);
    this.fallback = new SqlKeywordIndex(sql, { directSimilarities: this.opts.directSimilarities });
  }

  static async open(sql: SqlClient, opts: Partial<MemoryKeywordOptions> = {}): Promise<MemoryKeywordIndex> {
    await installChangeLog(sql);
    const rows = await sql.query<{ d: number }>(`SELECT ln(l + 1::float8) / ln(2::float8) AS d FROM generate_series(0, ${DIVISOR_TABLE - 1}) AS l ORDER BY l`);
    const rules = await TrigramRules.open(sql);
    const index = new MemoryKeywordIndex(sql, tableLog2Divisor(Float64Array.from(rows, (r) => Number(r.d))), rules, opts);
    index.startBackground();
    return index;
  }

  /** Whether searches are answered from memory yet (tests and the benchmark wait for it). */
  async whenReady(): Promise<void> {
    for (;;) {
      if (this.background) await this.background;
      else if (!this.ready || (await this.backlog()) > this.opts.inlineChanges) {
        this.startBackground();
        if (!this.background) throw new Error('keyword index: the in-memory build failed moments ago (see the log)');
      } else return;
      if (this.closed) return;
    }
  }

  stats(): ReturnType<Postings['stats']> & { ready: boolean } {
    return { ...this.postings.stats(), ready: this.ready };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.background?.catch(() => undefined);
  }

  async search(q: KeywordQuery, k: number, filter?: SearchFilter): Promise<IndexHit[]> {
    if (!(await this.current())) return this.fallback.search(q, k, filter);
    this.readers++;
    try {
      // A change may have begun between the check and now: it waits for readers, so back off to SQL.
      if (this.writing) return await this.fallback.search(q, k, filter);
      return await this.score(q, k, filter);
    } finally {
      if (--this.readers === 0) for (const resolve of this.drained.splice(0)) resolve();
    }
  }

  private async score(q: KeywordQuery, k: number, filter?: SearchFilter): Promise<IndexHit[]> {
    const terms = [...new Set(q.terms.map((t) => t.trim()).filter(Boolean))].slice(0, 120);
    const phrases = [...new Set(q.phrases.map((p) => p.trim()).filter((p) => p.length >= 3))].slice(0, 6);
    if (!terms.length && !phrases.length) return [];

    const postings = this.postings;
    const scratch = this.scratch.acquire(postings.slotCount);
    const touched: number[] = [];
    try {
      return await this.scoreWith(postings, scratch, touched, terms, phrases, k, filter);
    } finally {
      this.scratch.release(scratch, touched);
    }
  }

  private async scoreWith(
    postings: Postings, scratch: Scratch, touched: number[], terms: string[], phrases: string[], k: number, filter?: SearchFilter,
  ): Promise<IndexHit[]> {
    const acc = scratch.acc;
    const pred = filterPredicate(filter);
    const verdict = pred ? scratch.verdict : null;
    scratch.verdictsUsed = !!pred;
    const keep = pred ? (s: number) => (verdict![s] || (verdict![s] = pred(postings.chunk(s)) ? 1 : -1)) > 0 : null;
    const total = Math.max(postings.size, 1);
    const weight = (df: number) => Math.log(1 + (total - df + 0.5) / (df + 0.5)) / 0.0607;

    if (terms.length) {
      const parsed = await this.sql.query<{ t: string; nodes: number; lex: string[] }>(
        `SELECT t, numnode(plainto_tsquery('english', t)) AS nodes, tsvector_to_array(to_tsvector('english', t)) AS lex
         FROM unnest($1::text[]) WITH ORDINALITY AS u(t, ord) WHERE numnode(plainto_tsquery('english', t)) > 0 ORDER BY ord`, [terms]);
      const several: string[] = [];
      for (const p of parsed) {
        if (Number(p.nodes) === 1 && p.lex.length === 1) postings.accumulate(p.lex[0], weight, keep, acc, touched);
        else several.push(p.t);
      }
      if (several.length) await this.rankInSql(several, weight, keep, acc, touched);
    }

    // The k-th best full-text score: a chunk whose score plus the largest heading part stays below it cannot
    // reach the top k.
    // touched can hold a slot twice (a posting that added 0), so it may outgrow the scratch arrays.
    const values = touched.length <= scratch.values.length ? scratch.values.subarray(0, touched.length) : new Float64Array(touched.length);
    for (let i = 0; i < touched.length; i++) values[i] = acc[touched[i]];
    const bar = kthLargest(values, k);
    let queries: TrigramQuery[] = [];
    if (phrases.length) {
      await this.rules.learn(this.sql, phrases);
      queries = phrases.map((p) => ({ keys: new Set(this.rules.sequence(p)) })).filter((t) => t.keys.size);
    }
    const reachable = (reach: number) => touched.filter((s) => acc[s] + reach >= bar - TIE);
    const threshold = this.rules.threshold;
    const heading = (s: number, among = queries) => {
      const g = Math.max(0, ...among.map((t) => postings.headingSimilarity(t, s)));
      return g >= threshold ? g : 0;
    };
    // Few chunks can still reach the top k: compute their similarity directly. Below the heading weight every
    // touched chunk can, and the bounded top k over the trigram postings takes over.
    const few = queries.length && bar > HEADING_WEIGHT ? reachable(HEADING_WEIGHT) : null;
    let scored: { slot: number; score: number }[];
    if (!queries.length) scored = reachable(0).map((slot) => ({ slot, score: acc[slot] }));
    else if (few && few.length * queries.length <= this.opts.directSimilarities) {
      scored = few.map((slot) => ({ slot, score: acc[slot] + HEADING_WEIGHT * heading(slot) }));
    } else {
      scored = headingTopK(postings, { queries, threshold, k, bar, tie: TIE }, scratch, touched, keep, heading);
    }
    return scored
      .map((c) => ({ s: c.slot, score: c.score, tie: Math.round(c.score / TIE), id: postings.chunk(c.slot).id }))
      .sort((a, b) => b.tie - a.tie || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, k)
      .map((c) => ({ chunkId: c.id, documentId: postings.chunk(c.s).documentId, score: c.score }));
  }

  /** Terms that parse to several lexemes (hyphenated words, "u/s"): ranked by PostgreSQL, as the SQL index does. */
  private async rankInSql(terms: string[], weight: (df: number) => number, keep: ((s: number) => boolean) | null, acc: Float64Array, touched: number[]) {
    const rows = await this.sql.query<{ ord: number; id: string; r: number }>(
      `SELECT u.ord::int AS ord, c.id, ts_rank('{0.4,0.4,0.4,1.0}', c.tsv, plainto_tsquery('english', u.t), 1)::float8 AS r
       FROM unnest($1::text[]) WITH ORDINALITY AS u(t, ord) JOIN {S}.chunks c ON c.tsv @@ plainto_tsquery('english', u.t)`, [terms]);
    const df = new Map<number, number>();
    for (const r of rows) df.set(r.ord, (df.get(r.ord) ?? 0) + 1);
    const w = new Map([...df].map(([ord, n]) => [ord, weight(n)]));
    for (const r of rows) {
      const s = this.postings.slot(r.id);
      if (s === undefined || (keep && !keep(s))) continue;
      if (acc[s] === 0) touched.push(s);
      acc[s] += w.get(r.ord)! * Number(r.r);
    }
  }

  private async addRows(p: Postings, rows: ChunkTerms[]): Promise<void> {
    await this.rules.learn(this.sql, rows.map((r) => r.heading));
    for (const r of rows) p.add(r, this.rules.sequence(r.heading));
  }

  /** Log entries not yet applied (counted up to just past the inline limit), or MAX when some were pruned unread. */
  private async backlog(): Promise<number> {
    const { count, lost } = await unapplied(this.sql, this.cursor, this.opts.inlineChanges + 1);
    return lost ? Number.MAX_SAFE_INTEGER : count;
  }

  /** True when the postings are current (applying a short backlog first); false when SQL must answer. */
  private async current(): Promise<boolean> {
    if (this.background || this.writing || this.closed) return false;
    if (!this.ready) {
      this.startBackground();
      return false;
    }
    const behind = await this.backlog();
    if (behind === 0) return true;
    if (behind > this.opts.inlineChanges) {
      this.startBackground();
      return false;
    }
    if (this.background || this.writing) return false;
    try {
      if ((await this.exclusive(() => this.catchUp(this.postings))) === 'done') return true;
      this.ready = false;
      this.startBackground();
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'keyword index: applying changes failed; answering from SQL');
    }
    return false;
  }

  /** Runs a change to the live postings once no search is reading them; searches meanwhile go to SQL. */
  private async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    this.writing = true;
    try {
      while (this.readers) await new Promise<void>((resolve) => this.drained.push(resolve));
      return await fn();
    } finally {
      this.writing = false;
    }
  }

  private startBackground(): void {
    if (this.background || this.closed || Date.now() - this.failedAt < 5000) return;
    const work = async () => {
      if (this.ready && (await this.exclusive(() => this.catchUp(this.postings))) === 'done') return;
      await this.rebuild();
    };
    this.background = work()
      .catch((err) => {
        this.failedAt = Date.now();
        if (!this.closed) logger.warn({ err: (err as Error).message }, 'keyword index: build failed; SQL answers meanwhile');
      })
      .finally(() => {
        this.background = null;
      });
  }

  /** Reads every chunk into fresh postings, then swaps them in and applies what changed meanwhile. */
  private async rebuild(): Promise<void> {
    this.ready = false;
    while (!this.closed) {
      const t0 = performance.now();
      const start = await startCursor(this.sql);
      const fresh = new Postings(this.divisor);
      let after = '';
      for (;;) {
        if (this.closed) return;
        const rows = await this.sql.query<ChunkTerms>(`SELECT ${COLUMNS} FROM {S}.chunks WHERE id > $1 ORDER BY id LIMIT ${PAGE}`, [after]);
        await this.addRows(fresh, rows);
        if (rows.length < PAGE) break;
        after = rows[rows.length - 1].id;
      }
      const outcome = await this.exclusive(async () => {
        this.postings = fresh;
        this.cursor = start;
        return this.catchUp(fresh);
      });
      if (outcome === 'done') {
        this.ready = true;
        logger.info({ ...fresh.stats(), ms: Math.round(performance.now() - t0) }, 'keyword index: built in memory');
        return;
      }
    }
  }

  /**
   * Applies the change log past the cursor to `p`: removed chunks leave, changed and new ones are read again.
   * 'rebuild' when the log cannot say what changed (a TRUNCATE, or entries pruned before this reader saw them).
   */
  private async catchUp(p: Postings): Promise<'done' | 'rebuild'> {
    const { ids, all, lost, next } = await readChanges(this.sql, this.cursor);
    if (all || lost) return 'rebuild';
    for (const id of ids) p.remove(id);
    for (let i = 0; i < ids.length; i += PAGE) {
      if (this.closed) return 'rebuild';
      const rows = await this.sql.query<ChunkTerms>(`SELECT ${COLUMNS} FROM {S}.chunks WHERE id = ANY($1::text[])`, [ids.slice(i, i + PAGE)]);
      await this.addRows(p, rows);
    }
    this.cursor = next;
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await pruneLog(this.sql, next, this.opts.retainSeconds);
    }
    if (p.deadShare > 0.3 && p.slotCount > 1000) p.compact();
    return 'done';
  }
}
