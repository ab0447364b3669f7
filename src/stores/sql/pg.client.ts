import pg from 'pg';
import { bindSchema, type SqlClient, type SqlExecutor } from './sql.client';

// Dates come back as ISO strings, as PGlite returns them, so both profiles agree.
pg.types.setTypeParser(1082, (v: string) => v);

export class PgClient implements SqlClient {
  readonly kind = 'postgres' as const;
  readonly stats = { queries: 0 };

  private constructor(private readonly pool: pg.Pool, readonly schema: string) {}

  static async open(url: string, schema: string): Promise<PgClient> {
    const pool = new pg.Pool({ connectionString: url, max: 8, connectionTimeoutMillis: 5000 });
    // An idle client losing its server must not crash the process; the next query reports the failure.
    pool.on('error', () => undefined);
    const client = new PgClient(pool, schema);
    await client.query('SELECT 1');
    return client;
  }

  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    this.stats.queries++;
    const res = await this.pool.query(bindSchema(sql, this.schema), params as unknown[]);
    return res.rows as T[];
  }

  async exec(sql: string): Promise<void> {
    this.stats.queries++;
    await this.pool.query(bindSchema(sql, this.schema));
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const conn = await this.pool.connect();
    try {
      await conn.query('BEGIN');
      const result = await fn({
        query: async <R>(sql: string, params: unknown[] = []) => {
          this.stats.queries++;
          return (await conn.query(bindSchema(sql, this.schema), params as unknown[])).rows as R[];
        },
      });
      await conn.query('COMMIT');
      return result;
    } catch (err) {
      await conn.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      conn.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
