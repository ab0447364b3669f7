import type { SqlClient } from '../sql/sql.client';

/**
 * Which chunks changed, for the in-process keyword index: statement triggers append the id of every chunk
 * inserted, updated or deleted (NULL for a TRUNCATE: everything), with the writing transaction's id, in the
 * same transaction as the write — so no writer (ingestion, a migration, an operator's UPDATE, another API
 * process) can change chunks without the index noticing.
 *
 * Sequence numbers alone cannot say what a reader has seen when several connections write: a lower number can
 * commit after a higher one was read. So a reader's place is a snapshot's xmin — every transaction older than
 * it had finished, so all of their entries were visible — plus the entries of younger transactions it already
 * applied (`LogCursor`). Applying an entry twice is harmless: it only re-reads the chunk.
 *
 * Entries are pruned once older than a retention period and applied by the pruning reader; the newest pruned
 * transaction id is kept in meta, and a reader whose place is not past it rebuilds instead of missing changes.
 */
const DDL = `
CREATE TABLE IF NOT EXISTS {S}.chunk_changes (
  seq bigserial PRIMARY KEY,
  chunk_id text,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS chunk_changes_xid ON {S}.chunk_changes (xid);

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

/** A reader's place: entries of transactions older than `xmin` are applied, and so are the `seen` entries of younger ones. */
export interface LogCursor {
  xmin: string;
  seen: string[];
}

/** Entries not yet applied by `c`, by itself and through the statement's own snapshot. */
const UNAPPLIED = `xid >= $1::xid8 AND NOT (seq = ANY($2::bigint[]))`;

/** Whether entries `c` had not applied may have been pruned. */
const LOST = `coalesce((SELECT $1::xid8 <= value::xid8 FROM {S}.meta WHERE key = 'chunk_changes_horizon'), false)`;

/** The place every query reads in one statement: the snapshot's xmin and the entries of younger transactions. */
const PLACE = `
  snap AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin),
  recent AS (SELECT coalesce(array_agg(l.seq::text), '{}') AS seen FROM {S}.chunk_changes l, snap WHERE l.xid >= snap.xmin)`;

export async function installChangeLog(sql: SqlClient): Promise<void> {
  await sql.exec(DDL);
}

/** Where a reader that is about to read every chunk stands. */
export async function startCursor(sql: SqlClient): Promise<LogCursor> {
  const [r] = await sql.query<{ xmin: string; seen: string[] }>(`WITH ${PLACE} SELECT snap.xmin::text AS xmin, recent.seen FROM snap, recent`);
  return { xmin: r.xmin, seen: r.seen };
}

/** Entries `c` has not applied, counted up to `limit`; `lost` when some may have been pruned before it read them. */
export async function unapplied(sql: SqlClient, c: LogCursor, limit: number): Promise<{ count: number; lost: boolean }> {
  const [r] = await sql.query<{ n: number; lost: boolean }>(
    `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM {S}.chunk_changes WHERE ${UNAPPLIED} LIMIT $3) x) AS n, ${LOST} AS lost`,
    [c.xmin, c.seen, limit]);
  return { count: Number(r.n), lost: r.lost };
}

/**
 * What changed since `c`, in one statement: the chunk ids, `all` when a TRUNCATE is among them, `lost` when
 * entries may have been pruned unread, and the place after applying them.
 */
export async function readChanges(sql: SqlClient, c: LogCursor): Promise<{ ids: string[]; all: boolean; lost: boolean; next: LogCursor }> {
  const [r] = await sql.query<{ xmin: string; seen: string[]; ids: string[]; all: boolean; lost: boolean }>(
    `WITH ${PLACE},
       changed AS (SELECT coalesce(array_agg(DISTINCT chunk_id) FILTER (WHERE chunk_id IS NOT NULL), '{}') AS ids,
                          coalesce(bool_or(chunk_id IS NULL), false) AS all
                   FROM {S}.chunk_changes WHERE ${UNAPPLIED})
     SELECT snap.xmin::text AS xmin, recent.seen, changed.ids, changed.all, ${LOST} AS lost FROM snap, recent, changed`,
    [c.xmin, c.seen]);
  return { ids: r.ids, all: r.all, lost: r.lost, next: { xmin: r.xmin, seen: r.seen } };
}

/**
 * Drops entries older than `retainSeconds` that `c` has applied, and records the newest transaction pruned:
 * readers still behind it rebuild.
 */
export async function pruneLog(sql: SqlClient, c: LogCursor, retainSeconds: number): Promise<void> {
  await sql.query(
    `WITH gone AS (DELETE FROM {S}.chunk_changes WHERE xid < $1::xid8 AND at < now() - make_interval(secs => $2) RETURNING xid),
          newest AS (SELECT xid FROM gone ORDER BY xid DESC LIMIT 1)
     INSERT INTO {S}.meta (key, value) SELECT 'chunk_changes_horizon', xid::text FROM newest
     ON CONFLICT (key) DO UPDATE SET value = CASE WHEN excluded.value::xid8 > {S}.meta.value::xid8 THEN excluded.value ELSE {S}.meta.value END`,
    [c.xmin, retainSeconds]);
}
