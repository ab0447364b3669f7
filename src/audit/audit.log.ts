import type { Principal } from '../auth/principal';
import { logger } from '../logger';
import type { SqlClient } from '../stores/sql/sql.client';

export interface AuditEntry {
  principal: Principal;
  operation: string;
  /** The query text or the start of the traversal, cut to 500 characters. */
  query: string | null;
  returned: number;
  /** Results the caller's access left out. */
  hidden: number;
}

/**
 * Who asked what, and how much their access hid from them. Every read by a restricted caller is recorded
 * (full-access reads only when something was hidden, which cannot happen, so they are skipped); a failing
 * write is logged and never fails the request it audits.
 */
export class AuditLog {
  constructor(private readonly sql: SqlClient) {}

  record(e: AuditEntry): void {
    const row = { principal: e.principal.id, role: e.principal.role, operation: e.operation, returned: e.returned, hidden: e.hidden };
    logger.info({ audit: row }, 'audit');
    void this.sql
      .query(`INSERT INTO {S}.audit_log (principal, role, operation, query, returned, hidden) VALUES ($1, $2, $3, $4, $5, $6)`,
        [row.principal, row.role, row.operation, e.query?.slice(0, 500) ?? null, row.returned, row.hidden])
      .catch((err: unknown) => logger.warn({ err }, 'audit log write failed'));
  }

  async recent(limit = 100): Promise<{ at: string; principal: string; role: string; operation: string; query: string | null; returned: number; hidden: number }[]> {
    return this.sql.query(
      `SELECT at::text AS at, principal, role, operation, query, returned, hidden FROM {S}.audit_log ORDER BY id DESC LIMIT $1`, [limit]);
  }
}
