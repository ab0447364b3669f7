import type { SqlClient } from '../sql/sql.client';

/**
 * Which chunks changed, for the in-process keyword index: statement triggers append the id of every chunk
 * inserted, updated or deleted (NULL for a TRUNCATE: everything), in the same transaction as the write, so
 * no writer — ingestion, a migration, an operator's UPDATE — can change chunks without the index noticing.
 * A reader prunes what it has applied and records the pruned horizon in meta; a second reader that finds
 * itself behind the horizon rebuilds instead of missing changes.
 *
 * Only the embedded profile uses this: PGlite has one connection, so changes commit in sequence order.
 * (With concurrent PostgreSQL writers a lower sequence number can commit after a higher one is read.)
 */
const DDL = `
CREATE TABLE IF NOT EXISTS {S}.chunk_changes (seq bigserial PRIMARY KEY, chunk_id text);

CREATE OR REPLACE FUNCTION {S}.chunks_log_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO {S}.chunk_changes (chunk_id) VALUES (NULL);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO {S}.chunk_changes (chunk_id) SELECT id FROM old_rows;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO {S}.chunk_changes (chunk_id) SELECT id FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO {S}.chunk_changes (chunk_id) SELECT id FROM new_rows EXCEPT SELECT id FROM old_rows;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS chunks_log_ins ON {S}.chunks;
DROP TRIGGER IF EXISTS chunks_log_del ON {S}.chunks;
DROP TRIGGER IF EXISTS chunks_log_upd ON {S}.chunks;
DROP TRIGGER IF EXISTS chunks_log_trunc ON {S}.chunks;
CREATE TRIGGER chunks_log_ins AFTER INSERT ON {S}.chunks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION {S}.chunks_log_changes();
CREATE TRIGGER chunks_log_del AFTER DELETE ON {S}.chunks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION {S}.chunks_log_changes();
CREATE TRIGGER chunks_log_upd AFTER UPDATE ON {S}.chunks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION {S}.chunks_log_changes();
CREATE TRIGGER chunks_log_trunc AFTER TRUNCATE ON {S}.chunks FOR EACH STATEMENT EXECUTE FUNCTION {S}.chunks_log_changes();
`;

export async function installChangeLog(sql: SqlClient): Promise<void> {
  await sql.exec(DDL);
}

/** The newest sequence number written, and the horizon below which entries may have been pruned. */
export async function logPosition(sql: SqlClient): Promise<{ head: number; horizon: number }> {
  const [r] = await sql.query<{ head: string | null; horizon: string | null }>(
    `SELECT (SELECT max(seq) FROM {S}.chunk_changes) AS head,
            (SELECT value FROM {S}.meta WHERE key = 'chunk_changes_horizon') AS horizon`);
  const horizon = Number(r?.horizon ?? 0);
  // An emptied log still stands at its horizon: reading head as 0 would send a reader into endless rebuilds.
  return { head: Math.max(Number(r?.head ?? 0), horizon), horizon };
}

/** Changed chunk ids after `since`, up to `head`; `all` when a TRUNCATE is among them. */
export async function changesSince(sql: SqlClient, since: number, head: number): Promise<{ ids: string[]; all: boolean }> {
  const rows = await sql.query<{ chunk_id: string | null }>(
    `SELECT DISTINCT chunk_id FROM {S}.chunk_changes WHERE seq > $1 AND seq <= $2`, [since, head]);
  return { ids: rows.flatMap((r) => (r.chunk_id === null ? [] : [r.chunk_id])), all: rows.some((r) => r.chunk_id === null) };
}

/** Drops entries up to `upTo` and moves the horizon there, in one transaction. */
export async function pruneLog(sql: SqlClient, upTo: number): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.query(`DELETE FROM {S}.chunk_changes WHERE seq <= $1`, [upTo]);
    await tx.query(
      `INSERT INTO {S}.meta (key, value) VALUES ('chunk_changes_horizon', $1)
       ON CONFLICT (key) DO UPDATE SET value = greatest(excluded.value::bigint, {S}.meta.value::bigint)::text`, [String(upTo)]);
  });
}
