import path from 'node:path';
import type { Config } from '../config/config';
import { DocumentStore } from './documents/document.store';
import type { CitationGraph } from './graph/graph.types';
import { Neo4jGraph } from './graph/neo4j.graph';
import { SqlGraph } from './graph/sql.graph';
import { SqlKeywordIndex } from './keyword/keyword.index';
import { MemoryKeywordIndex } from './keyword/memory-keyword.index';
import { migrate } from './sql/migrate';
import { PgClient } from './sql/pg.client';
import { initDataDirOffThread } from './sql/pglite-initdb';
import { PgliteClient } from './sql/pglite.client';
import type { SqlClient } from './sql/sql.client';
import type { KeywordIndex, VectorIndex } from './store.types';
import { ChromaIndex } from './vector/chroma.index';
import { PgVectorIndex } from './vector/pgvector.index';

export interface Stores {
  profile: 'embedded' | 'services';
  namespace: string;
  sql: SqlClient;
  documents: DocumentStore;
  keyword: KeywordIndex;
  /**
   * Always present: openStores throws StoreUnavailableError when a server cannot be reached at start. A server that
   * goes away later fails its own retrieve stage, and search answers from the others (reported in `stages`).
   */
  vector: VectorIndex;
  graph: CitationGraph;
  close(): Promise<void>;
}

/** A store that could not be opened: the message is one line naming the server and what failed. */
export class StoreUnavailableError extends Error {
  constructor(readonly store: string, readonly target: string, cause: unknown) {
    super(`Cannot reach ${store} at ${target}: ${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)}`);
  }
}

async function attempt<T>(store: string, target: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw new StoreUnavailableError(store, target, err);
  }
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

export interface OpenOptions {
  /** Isolates everything this opens: the SQL schema, the Chroma collection and the Neo4j `ns` property. */
  namespace?: string;
  /** Embedded profile: an in-memory PGlite instead of DATA_DIR (tests). */
  inMemory?: boolean;
  dims: number;
}

export async function openStores(cfg: Config, opts: OpenOptions): Promise<Stores> {
  const ns = opts.namespace ?? cfg.dbSchema;
  if (cfg.store === 'embedded') {
    const dir = opts.inMemory ? undefined : path.join(cfg.dataDir, 'pglite');
    if (dir) await initDataDirOffThread(dir, ns, opts.dims);
    const sql = await attempt('PGlite', dir ?? 'memory', () => PgliteClient.open(dir, ns));
    await migrate(sql, { vectors: opts.dims });
    const vector = new PgVectorIndex(sql, { annMinRows: cfg.vectorAnnMinRows });
    const graph = new SqlGraph(sql);
    const keyword: KeywordIndex = cfg.keywordIndex === 'memory' ? await MemoryKeywordIndex.open(sql) : new SqlKeywordIndex(sql);
    return {
      profile: 'embedded', namespace: ns, sql, documents: new DocumentStore(sql), keyword, vector, graph,
      close: async () => {
        await keyword.close?.();
        if (!opts.inMemory) await sql.close();
      },
    };
  }
  const sql = await attempt('PostgreSQL', redact(cfg.databaseUrl), () => PgClient.open(cfg.databaseUrl, ns));
  try {
    await migrate(sql);
    const collection = opts.namespace ? `${opts.namespace}_chunks` : cfg.chromaCollection;
    const vector = await attempt('Chroma', cfg.chromaUrl, async () => {
      const v = await ChromaIndex.open(cfg.chromaUrl, collection);
      await v.init(opts.dims);
      return v;
    });
    const graph = await attempt('Neo4j', cfg.neo4jUri, async () => {
      const g = await Neo4jGraph.open(cfg.neo4jUri, cfg.neo4jUser, cfg.neo4jPassword, opts.namespace ?? cfg.neo4jNamespace);
      await g.init();
      return g;
    });
    const keyword: KeywordIndex = cfg.keywordIndex === 'memory' ? await MemoryKeywordIndex.open(sql) : new SqlKeywordIndex(sql);
    return {
      profile: 'services', namespace: ns, sql, documents: new DocumentStore(sql), keyword, vector, graph,
      close: async () => {
        await keyword.close?.();
        await Promise.allSettled([vector.close(), graph.close(), sql.close()]);
      },
    };
  } catch (err) {
    await sql.close().catch(() => undefined);
    throw err;
  }
}
