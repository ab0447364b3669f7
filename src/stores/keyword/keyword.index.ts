import type { SqlClient } from '../sql/sql.client';
import { filterSql } from '../sql/filter.sql';
import type { IndexHit, KeywordIndex, KeywordQuery, SearchFilter } from '../store.types';

/**
 * Postings (term, chunk) scored per search before the common-terms cut-off applies. Up to this every
 * matching chunk is scored (the heaviest benchmark query has 143k postings at 100k chunks, so every
 * measured search is exact); beyond it the rarest terms up to this many postings choose the candidates and
 * the commoner terms only add to the score of the best of them, so the cost stops growing with the corpus.
 * That changes results (tried at 20k postings on the 100k benchmark corpus: 8 of 20 top-20 lists differed,
 * losing bare-act sections that match common words in their titles), hence the high bound.
 */
const EXACT_POSTINGS = 250_000;

/** Candidates per requested hit that the common terms rescore when the postings exceed EXACT_POSTINGS. */
const RESCORED_PER_HIT = 25;

/**
 * Heading similarities worth computing row by row for the chunks just below the top k; past this many,
 * the trigram index finds the matching headings more cheaply.
 */
const DIRECT_SIMILARITIES = 2000;

/** The most a heading match adds to a chunk's score: 4 × word similarity, which is at most 1. */
export const HEADING_WEIGHT = 4;

/**
 * Scores are compared to this many decimals, then by chunk id: sums of the same postings added in another
 * order differ in the last bits, and without this, equal chunks would swap places between runs and indexes.
 */
export const TIE_DECIMALS = 6;

/** The cost limits above; tests lower them to take the paths a large corpus takes. */
export interface KeywordTuning {
  exactPostings: number;
  directSimilarities: number;
}

/**
 * Keyword retrieval in SQL, the same on PGlite and PostgreSQL: full-text matching on a tsvector (English
 * stemming; Devanagari and Gujarati words pass through the parser whole) scored BM25-style — each term's
 * ts_rank weighted by its inverse document frequency, which ts_rank alone lacks — plus pg_trgm word
 * similarity of phrases against chunk headings, which catches inflected Hindi/Gujarati titles.
 *
 * score = Σ idf(t) · ts_rank(t) / 0.0607 + 4 · max word_similarity(phrase, heading), the heading part
 * counted when some phrase reaches pg_trgm's word-similarity threshold. One statement:
 * - document frequencies come from term_stats (kept by triggers, keyword.schema.ts); only a term that
 *   parses to several lexemes is counted against the index;
 * - the full-text part is summed per chunk over (term, chunk) postings found through the GIN index — all
 *   of them up to EXACT_POSTINGS, otherwise those of the rarest terms, the commoner terms then scoring the
 *   best RESCORED_PER_HIT × k chunks (a common-terms cut-off: a chunk matching only very common words is
 *   not a candidate);
 * - heading similarity is exact for every chunk that can still reach the top k: a chunk whose full-text
 *   score plus the largest possible heading part (4) stays below the k-th best score found so far cannot,
 *   so similarity is computed for the top k, then for the few chunks within 4 of the bar they set, or —
 *   when that set is large, or too few chunks match the terms — through the trigram index.
 */
export class SqlKeywordIndex implements KeywordIndex {
  private readonly tuning: KeywordTuning;

  constructor(private readonly sql: SqlClient, tuning: Partial<KeywordTuning> = {}) {
    this.tuning = { exactPostings: EXACT_POSTINGS, directSimilarities: DIRECT_SIMILARITIES, ...tuning };
  }

  async search(q: KeywordQuery, k: number, filter?: SearchFilter): Promise<IndexHit[]> {
    const terms = [...new Set(q.terms.map((t) => t.trim()).filter(Boolean))].slice(0, 120);
    const phrases = [...new Set(q.phrases.map((p) => p.trim()).filter((p) => p.length >= 3))].slice(0, 6);
    if (!terms.length && !phrases.length) return [];
    const params: unknown[] = [terms, phrases, k, this.tuning.directSimilarities, this.tuning.exactPostings, RESCORED_PER_HIT * k];
    const where = filterSql(filter, params, 'c');
    const rows = await this.sql.query<{ id: string; document_id: string; score: number }>(
      `WITH q AS (
         SELECT plainto_tsquery('english', t) AS q, tsvector_to_array(to_tsvector('english', t)) AS lex, ord
         FROM unnest($1::text[]) WITH ORDINALITY AS u(t, ord) WHERE numnode(plainto_tsquery('english', t)) > 0
       ),
       n AS (SELECT greatest(coalesce((SELECT df FROM {S}.term_stats WHERE lexeme = ''), 0), 1)::float8 AS total),
       dfs AS MATERIALIZED (
         SELECT q.q, q.ord, d.df, ln(1 + (n.total - d.df + 0.5) / (d.df + 0.5)) / 0.0607 AS w
         FROM q CROSS JOIN n CROSS JOIN LATERAL (
           SELECT CASE WHEN cardinality(q.lex) = 1
             THEN coalesce((SELECT greatest(s.df, 0) FROM {S}.term_stats s WHERE s.lexeme = q.lex[1]), 0)
             ELSE (SELECT count(*) FROM {S}.chunks c WHERE c.tsv @@ q.q) END::float8 AS df
         ) d
       ),
       terms AS MATERIALIZED (
         SELECT q, w, sum(df) OVER (ORDER BY df, ord) <= $5 OR row_number() OVER (ORDER BY df, ord) = 1 AS rare FROM dfs
       ),
       found AS MATERIALIZED (
         -- OFFSET 0 keeps ts_rank next to the index scan, so only (id, score) pairs reach the aggregate.
         SELECT id, document_id, sum(s) AS f FROM (
           SELECT c.id, c.document_id, terms.w * ts_rank('{0.4,0.4,0.4,1.0}', c.tsv, terms.q, 1) AS s
           FROM terms JOIN {S}.chunks c ON c.tsv @@ terms.q WHERE terms.rare AND ${where} OFFSET 0
         ) postings GROUP BY id, document_id
       ),
       fts AS MATERIALIZED (
         SELECT id, document_id, f FROM found WHERE NOT EXISTS (SELECT 1 FROM terms WHERE NOT rare)
         UNION ALL
         SELECT b.id, b.document_id, b.f + coalesce(x.s, 0) FROM (
           SELECT id, document_id, f FROM found WHERE EXISTS (SELECT 1 FROM terms WHERE NOT rare) ORDER BY f DESC, id LIMIT $6
         ) b JOIN {S}.chunks c ON c.id = b.id
         LEFT JOIN LATERAL (
           SELECT sum(t.w * ts_rank('{0.4,0.4,0.4,1.0}', c.tsv, t.q, 1)) AS s FROM terms t WHERE NOT t.rare AND c.tsv @@ t.q
         ) x ON true
       ),
       phr AS (SELECT p FROM unnest($2::text[]) AS p),
       thr AS (SELECT coalesce(nullif(current_setting('pg_trgm.word_similarity_threshold', true), '')::float8, 0.6) AS v),
       top AS MATERIALIZED (SELECT id, document_id, f FROM fts ORDER BY f DESC, id LIMIT $3),
       top_g AS MATERIALIZED (
         SELECT t.id, t.document_id, t.f, coalesce(max(w.ws) FILTER (WHERE w.ws >= thr.v), 0) AS g
         FROM top t JOIN {S}.chunks c ON c.id = t.id CROSS JOIN thr
         LEFT JOIN LATERAL (SELECT word_similarity(phr.p, c.heading) AS ws FROM phr) w ON true
         GROUP BY t.id, t.document_id, t.f
       ),
       bar AS (SELECT CASE WHEN count(*) < $3 THEN 0 ELSE min(f + ${HEADING_WEIGHT} * g) END AS v FROM top_g),
       rest AS MATERIALIZED (
         SELECT f.id, f.document_id, f.f FROM fts f CROSS JOIN bar
         WHERE f.f + ${HEADING_WEIGHT} >= bar.v AND NOT EXISTS (SELECT 1 FROM top t WHERE t.id = f.id)
       ),
       plan AS (
         SELECT cardinality($2::text[]) > 0 AND (bar.v <= ${HEADING_WEIGHT}
           OR (SELECT count(*) FROM rest) * cardinality($2::text[]) > $4) AS use_index FROM bar
       ),
       direct AS (
         SELECT r.id, max(w.ws) AS g FROM rest r JOIN {S}.chunks c ON c.id = r.id
           CROSS JOIN LATERAL (SELECT word_similarity(phr.p, c.heading) AS ws FROM phr) w CROSS JOIN thr
         WHERE NOT (SELECT use_index FROM plan) AND w.ws >= thr.v GROUP BY r.id
       ),
       indexed AS MATERIALIZED (
         SELECT c.id, c.document_id, max(word_similarity(phr.p, c.heading)) AS g
         FROM phr JOIN {S}.chunks c ON phr.p <% c.heading
         WHERE (SELECT use_index FROM plan) AND ${where} GROUP BY c.id, c.document_id
       ),
       scored AS (
         SELECT id, document_id, f + ${HEADING_WEIGHT} * g AS score FROM top_g
         UNION ALL
         SELECT r.id, r.document_id, r.f + ${HEADING_WEIGHT} * coalesce(d.g, i.g, 0) FROM rest r
           LEFT JOIN direct d ON d.id = r.id LEFT JOIN indexed i ON i.id = r.id
         UNION ALL
         SELECT i.id, i.document_id, coalesce(fo.f, 0) + ${HEADING_WEIGHT} * i.g FROM indexed i
           LEFT JOIN found fo ON fo.id = i.id
         WHERE NOT EXISTS (SELECT 1 FROM fts f WHERE f.id = i.id)
       )
       SELECT id, document_id, score FROM scored ORDER BY round(score::numeric, ${TIE_DECIMALS}) DESC, id LIMIT $3`,
      params,
    );
    return rows.map((r) => ({ chunkId: r.id, documentId: r.document_id, score: Number(r.score) }));
  }
}
