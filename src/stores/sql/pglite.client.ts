import fs from 'node:fs';
import { PGlite, type Extension } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { bindSchema, type SqlClient, type SqlExecutor } from './sql.client';

// The package's typings for contrib/* describe only its ESM build; the CommonJS build is there at run time.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };

const instances = new Map<string, Promise<PGlite>>();

/** One PGlite per data directory per process: it is single-connection and slow to start, so it is shared. */
export function openPglite(dataDir: string | undefined): Promise<PGlite> {
  const key = dataDir ?? ':memory:';
  let db = instances.get(key);
  if (!db) {
    if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
    db = // Dates stay ISO strings, as node-postgres is configured to return them.
    PGlite.create({ dataDir, extensions: { vector, pg_trgm }, parsers: { 1082: (v: string) => v } }).then(async (pg) => {
      await pg.exec('CREATE EXTENSION IF NOT EXISTS vector; CREATE EXTENSION IF NOT EXISTS pg_trgm;');
      return pg;
    });
    instances.set(key, db);
  }
  return db;
}

export async function closePglite(dataDir: string | undefined): Promise<void> {
  const key = dataDir ?? ':memory:';
  const db = instances.get(key);
  instances.delete(key);
  if (db) await (await db).close();
}

export class PgliteClient implements SqlClient {
  readonly kind = 'pglite' as const;
  readonly stats = { queries: 0 };

  constructor(private readonly db: PGlite, readonly schema: string, private readonly dataDir?: string) {}

  static async open(dataDir: string | undefined, schema: string): Promise<PgliteClient> {
    return new PgliteClient(await openPglite(dataDir), schema, dataDir);
  }

  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    this.stats.queries++;
    const res = await this.db.query<T>(bindSchema(sql, this.schema), params);
    return res.rows;
  }

  async exec(sql: string): Promise<void> {
    this.stats.queries++;
    await this.db.exec(bindSchema(sql, this.schema));
  }

  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) =>
      fn({
        query: async <R>(sql: string, params: unknown[] = []) => {
          this.stats.queries++;
          return (await tx.query<R>(bindSchema(sql, this.schema), params)).rows;
        },
      }),
    );
  }

  /** The PGlite instance is shared per data directory; closing one client closes it for the process. */
  async close(): Promise<void> {
    await closePglite(this.dataDir);
  }
}
