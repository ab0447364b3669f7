/**
 * The one SQL surface both profiles share: PGlite in-process and PostgreSQL over `pg` run the same statements.
 * Table names are written `{S}.table` and bound to the client's schema, so tests can each own a schema
 * inside one shared database (PGlite takes seconds to start; a schema takes milliseconds).
 */
export interface SqlExecutor {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface SqlClient extends SqlExecutor {
  readonly kind: 'pglite' | 'postgres';
  readonly schema: string;
  /** Runs several statements separated by semicolons, no parameters. */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Counts statements sent, so tests can prove batching (no N+1). */
  readonly stats: { queries: number };
  close(): Promise<void>;
}

export function bindSchema(sql: string, schema: string): string {
  return sql.replace(/\{S\}\./g, `"${schema}".`);
}
