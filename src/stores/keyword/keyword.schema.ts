import { runDdl } from '../sql/ddl';
import type { SqlClient } from '../sql/sql.client';

/**
 * What keyword search needs beyond the chunks table: document frequencies per lexeme, kept by statement
 * triggers in the same transaction as every chunk write, so a search reads its IDF statistics with one index
 * lookup per term instead of counting matching chunks (which grows with the corpus). The row with the empty
 * lexeme holds the number of chunks. Counts are applied in lexeme order, so two writers touching the same
 * lexemes lock them in the same order and cannot deadlock each other within one statement.
 */
const STATS = `
CREATE TABLE IF NOT EXISTS {S}.term_stats (lexeme text PRIMARY KEY, df integer NOT NULL);

CREATE OR REPLACE FUNCTION {S}.chunks_term_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO {S}.term_stats AS s (lexeme, df)
    SELECT lexeme, -count(*) FROM (
      SELECT '' AS lexeme FROM old_rows UNION ALL SELECT unnest(tsvector_to_array(tsv)) FROM old_rows
    ) x GROUP BY lexeme ORDER BY lexeme
    ON CONFLICT (lexeme) DO UPDATE SET df = s.df + excluded.df;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO {S}.term_stats AS s (lexeme, df)
    SELECT lexeme, count(*) FROM (
      SELECT '' AS lexeme FROM new_rows UNION ALL SELECT unnest(tsvector_to_array(tsv)) FROM new_rows
    ) x GROUP BY lexeme ORDER BY lexeme
    ON CONFLICT (lexeme) DO UPDATE SET df = s.df + excluded.df;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION {S}.chunks_term_stats_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM {S}.term_stats;
  RETURN NULL;
END $$;
`;

/** Bumped when UPGRADE changes; every step in it can run again over an earlier version's result. */
const VERSION = '2';

/** Run once per schema (recorded in meta), with writers locked out so the backfill and the triggers agree. */
const UPGRADE = [
  `DROP TRIGGER IF EXISTS chunks_term_stats_ins ON {S}.chunks`,
  `DROP TRIGGER IF EXISTS chunks_term_stats_del ON {S}.chunks`,
  `DROP TRIGGER IF EXISTS chunks_term_stats_upd ON {S}.chunks`,
  `DROP TRIGGER IF EXISTS chunks_term_stats_trunc ON {S}.chunks`,
  `CREATE TRIGGER chunks_term_stats_ins AFTER INSERT ON {S}.chunks REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION {S}.chunks_term_stats()`,
  `CREATE TRIGGER chunks_term_stats_del AFTER DELETE ON {S}.chunks REFERENCING OLD TABLE AS old_rows
     FOR EACH STATEMENT EXECUTE FUNCTION {S}.chunks_term_stats()`,
  `CREATE TRIGGER chunks_term_stats_upd AFTER UPDATE ON {S}.chunks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION {S}.chunks_term_stats()`,
  `CREATE TRIGGER chunks_term_stats_trunc AFTER TRUNCATE ON {S}.chunks FOR EACH STATEMENT EXECUTE FUNCTION {S}.chunks_term_stats_truncate()`,
  `DELETE FROM {S}.term_stats`,
  // ts_stat takes the query as text; {S} is bound inside the literal like anywhere else.
  `INSERT INTO {S}.term_stats (lexeme, df)
     SELECT word, ndoc FROM ts_stat('SELECT tsv FROM {S}.chunks WHERE tsv IS NOT NULL')
     UNION ALL SELECT '', count(*)::int FROM {S}.chunks`,
  // Without autovacuum (PGlite) a GIN pending list is merged only when it reaches gin_pending_list_limit
  // (4 MB by default), and every search scans it linearly: 2 ms per term at 10k chunks. A 256 kB list keeps
  // that negligible; fastupdate = off would too, but costs 6× the WAL and 1.7× the time per chunk insert.
  `ALTER INDEX {S}.chunks_tsv_idx SET (fastupdate = on, gin_pending_list_limit = 256)`,
  `ALTER INDEX {S}.chunks_heading_trgm_idx SET (fastupdate = on, gin_pending_list_limit = 256)`,
  `SELECT gin_clean_pending_list('{S}.chunks_tsv_idx'::regclass), gin_clean_pending_list('{S}.chunks_heading_trgm_idx'::regclass)`,
  // The tsvector is read for every matching chunk: keep it inline and move the embedding (read only when
  // re-indexing, and incompressible) out of line first. Applies to rows written from now on.
  `ALTER TABLE {S}.chunks ALTER COLUMN tsv SET STORAGE MAIN, ALTER COLUMN embedding SET STORAGE EXTERNAL`,
  `INSERT INTO {S}.meta (key, value) VALUES ('keyword_index', '${VERSION}') ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
];

export async function migrateKeywordIndex(sql: SqlClient): Promise<void> {
  await runDdl(sql, STATS);
  const done = async (q: SqlClient['query']) =>
    (await q<{ value: string }>(`SELECT value FROM {S}.meta WHERE key = 'keyword_index'`))[0]?.value === VERSION;
  if (await done((s, p) => sql.query(s, p))) return;
  await sql.transaction(async (tx) => {
    // Blocks chunk writes (not reads) until the triggers exist and the backfill is in; a second process
    // migrating at the same moment waits here and then finds the work done.
    await tx.query(`LOCK TABLE {S}.chunks IN SHARE ROW EXCLUSIVE MODE`);
    if (await done(tx.query)) return;
    for (const statement of UPGRADE) await tx.query(statement);
  });
}
