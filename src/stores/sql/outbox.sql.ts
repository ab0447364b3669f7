import type { SqlExecutor } from './sql.client';

export type OutboxTarget = 'vector' | 'graph';

export interface OutboxEntry {
  documentId: string;
  target: OutboxTarget;
  createdAt: string;
  attempts: number;
  lastError: string | null;
  /** The pass that leased this entry (claimOutbox); absent for an entry only read (pendingOutbox). */
  claimedBy?: string;
}

/**
 * The outbox's statements. Several API processes (and several passes in one) apply the outbox at once, so an
 * entry is leased before it is applied: a claim takes due, unleased rows with FOR UPDATE SKIP LOCKED (two
 * claimers never take the same row) and stamps them with the pass and a lease end. Only that pass completes or
 * fails them; a pass that dies stops renewing, its lease runs out and the next claim takes the rows over.
 * Applying an entry is idempotent (it makes a store match the document store now), so the rare double apply
 * after a lease ran out under a live but stalled pass costs time, never correctness.
 */

type Row = { document_id: string; target: OutboxTarget; created_at: string | Date; attempts: number; last_error: string | null };

const toEntry = (r: Row, claimedBy?: string): OutboxEntry => ({
  documentId: r.document_id, target: r.target, createdAt: String(r.created_at), attempts: r.attempts, lastError: r.last_error,
  ...(claimedBy ? { claimedBy } : {}),
});

const RETURNING = `o.document_id, o.target, o.created_at::text AS created_at, o.attempts, o.last_error`;

/** Due entries, oldest first, whoever holds them: for inspection; apply through claimOutbox. */
export async function pendingOutbox(sql: SqlExecutor, limit: number): Promise<OutboxEntry[]> {
  const rows = await sql.query<Row>(
    `SELECT ${RETURNING} FROM {S}.outbox o WHERE next_attempt_at <= now() ORDER BY created_at LIMIT $1`, [limit]);
  return rows.map((r) => toEntry(r));
}

/** Leases up to `limit` due entries nobody holds (of these documents only, when given) to `claimant`, oldest first. */
export async function claimOutbox(sql: SqlExecutor, claimant: string, leaseSeconds: number, limit: number, documentIds?: readonly string[]): Promise<OutboxEntry[]> {
  const rows = await sql.query<Row>(
    `WITH due AS (
       SELECT document_id, target FROM {S}.outbox
       WHERE next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until <= now())
         AND ($4::text[] IS NULL OR document_id = ANY($4::text[]))
       ORDER BY created_at LIMIT $3
       FOR UPDATE SKIP LOCKED)
     UPDATE {S}.outbox o SET claimed_by = $1, claimed_until = now() + make_interval(secs => $2::float8)
     FROM due WHERE o.document_id = due.document_id AND o.target = due.target
     RETURNING ${RETURNING}`,
    [claimant, leaseSeconds, limit, documentIds ? [...documentIds] : null]);
  return rows.map((r) => toEntry(r, claimant)).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** Extends every lease `claimant` holds: the heartbeat of a pass that is still working. */
export async function renewOutbox(sql: SqlExecutor, claimant: string, leaseSeconds: number): Promise<number> {
  const rows = await sql.query(
    `UPDATE {S}.outbox SET claimed_until = now() + make_interval(secs => $2::float8) WHERE claimed_by = $1 RETURNING 1`, [claimant, leaseSeconds]);
  return rows.length;
}

/** Gives back whatever `claimant` still holds (a pass ending early), due at once for the next claim. */
export async function releaseOutbox(sql: SqlExecutor, claimant: string): Promise<void> {
  await sql.query(`UPDATE {S}.outbox SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = $1`, [claimant]);
}

/**
 * Clears entries their holder applied, only if no newer write re-queued them meanwhile (created_at moved) and
 * the holder still holds them (a lease taken over belongs to the new holder). Re-queued entries are released in
 * the same statement, so their new work is claimed at once instead of after the lease.
 */
export async function completeOutbox(sql: SqlExecutor, entries: readonly OutboxEntry[]): Promise<void> {
  if (!entries.length) return;
  await sql.query(
    `WITH t AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS t(d, tg, c, cl)),
          done AS (DELETE FROM {S}.outbox o USING t
                   WHERE o.document_id = t.d AND o.target = t.tg AND o.created_at::text = t.c AND o.claimed_by IS NOT DISTINCT FROM t.cl
                   RETURNING 1)
     UPDATE {S}.outbox o SET claimed_by = NULL, claimed_until = NULL FROM t
     WHERE t.cl IS NOT NULL AND o.claimed_by = t.cl AND o.document_id = t.d AND o.target = t.tg AND o.created_at::text <> t.c`,
    [entries.map((e) => e.documentId), entries.map((e) => e.target), entries.map((e) => e.createdAt), entries.map((e) => e.claimedBy ?? null)]);
}

/** Records a failure and backs off exponentially up to a minute (a server that is down is not hammered); releases the lease. */
export async function failOutbox(sql: SqlExecutor, e: OutboxEntry, error: string): Promise<void> {
  await sql.query(
    `UPDATE {S}.outbox SET attempts = attempts + 1, last_error = $3,
       next_attempt_at = now() + make_interval(secs => least(power(2, attempts), 60)), claimed_by = NULL, claimed_until = NULL
     WHERE document_id = $1 AND target = $2 AND claimed_by IS NOT DISTINCT FROM $4`,
    [e.documentId, e.target, error.slice(0, 1000), e.claimedBy ?? null]);
}

/** How many entries of these documents another pass holds under a live lease. */
export async function heldByOthers(sql: SqlExecutor, documentIds: readonly string[], claimant: string): Promise<number> {
  const [r] = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM {S}.outbox WHERE document_id = ANY($1::text[]) AND claimed_until > now() AND claimed_by <> $2`,
    [[...documentIds], claimant]);
  return Number(r.n);
}
