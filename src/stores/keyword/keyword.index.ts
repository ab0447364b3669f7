import type { SqlClient } from '../sql/sql.client';
import { filterSql } from '../sql/filter.sql';
import type { IndexHit, KeywordIndex, KeywordQuery, SearchFilter } from '../store.types';

/**
 * Keyword retrieval in SQL, the same on PGlite and PostgreSQL: full-text matching on a tsvector (English
 * stemming; Devanagari and Gujarati words pass through the parser whole) scored BM25-style — each term's
 * ts_rank weighted by its inverse document frequency, which ts_rank alone lacks — plus pg_trgm word
 * similarity of phrases against chunk headings, which catches inflected Hindi/Gujarati titles.
 */
export class SqlKeywordIndex implements KeywordIndex {
  constructor(private readonly sql: SqlClient) {}

  async search(q: KeywordQuery, k: number, filter?: SearchFilter): Promise<IndexHit[]> {
    const terms = [...new Set(q.terms.map((t) => t.trim()).filter(Boolean))].slice(0, 120);
    const phrases = [...new Set(q.phrases.map((p) => p.trim()).filter((p) => p.length >= 3))].slice(0, 6);
    if (!terms.length && !phrases.length) return [];
    const params: unknown[] = [terms, phrases, k];
    const where = filterSql(filter, params, 'c');
    const phraseCandidates = phrases
      .map((_, i) => `SELECT c.id FROM {S}.chunks c WHERE ($2::text[])[${i + 1}] <% c.heading AND ${where}`)
      .join(' UNION ');
    const rows = await this.sql.query<{ id: string; document_id: string; score: number }>(
      `WITH n AS (SELECT greatest(count(*), 1)::float8 AS total FROM {S}.chunks),
       terms AS (
         SELECT q, ln(1 + (n.total - df + 0.5) / (df + 0.5)) AS idf FROM (
           SELECT plainto_tsquery('english', t) AS q FROM unnest($1::text[]) AS t
         ) x CROSS JOIN n
         CROSS JOIN LATERAL (SELECT count(*)::float8 AS df FROM {S}.chunks c WHERE c.tsv @@ x.q) d
         WHERE numnode(x.q) > 0
       ),
       fts AS (
         SELECT c.id, sum(terms.idf * ts_rank('{0.4,0.4,0.4,1.0}', c.tsv, terms.q, 1) / 0.0607) AS s
         FROM terms JOIN {S}.chunks c ON c.tsv @@ terms.q
         WHERE ${where}
         GROUP BY c.id
       ),
       trgm AS (
         ${phrases.length ? `SELECT x.id, max(word_similarity(p, c.heading)) AS s
           FROM (${phraseCandidates}) x JOIN {S}.chunks c ON c.id = x.id CROSS JOIN unnest($2::text[]) AS p GROUP BY x.id`
          : `SELECT NULL::text AS id, 0::float8 AS s WHERE cardinality($2::text[]) < 0`}
       )
       SELECT c.id, c.document_id, coalesce(fts.s, 0) + 4 * coalesce(trgm.s, 0) AS score
       FROM (SELECT id FROM fts UNION SELECT id FROM trgm) ids
       JOIN {S}.chunks c ON c.id = ids.id
       LEFT JOIN fts ON fts.id = ids.id LEFT JOIN trgm ON trgm.id = ids.id
       ORDER BY score DESC, c.id LIMIT $3`,
      params,
    );
    return rows.map((r) => ({ chunkId: r.id, documentId: r.document_id, score: Number(r.score) }));
  }
}
