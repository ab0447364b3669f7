import { ddlUnderLock } from './notify';
import type { SqlClient } from './sql.client';

/**
 * Runs DDL so that instances starting together on one PostgreSQL do not collide: `IF NOT EXISTS` alone is not
 * atomic there (two creators both find nothing and the second fails on the catalogue's unique index), so each
 * runs it under one database-wide advisory lock. PGlite has a single process (DATA_DIR is locked).
 */
export async function runDdl(sql: SqlClient, ddl: string): Promise<void> {
  if (sql.kind === 'postgres') await ddlUnderLock(sql, ddl, 'nyaya-migrate');
  else await sql.exec(ddl);
}
