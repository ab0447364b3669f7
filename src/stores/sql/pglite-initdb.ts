import fs from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { migrate } from './migrate';
import { PgliteClient } from './pglite.client';

const TAG = 'nyaya-pglite-initdb';

/**
 * Creates a new embedded data directory on a thread of its own: the PostgreSQL cluster (initdb) and the tables of
 * `schema`. PGlite runs every statement synchronously on the calling thread, and on 2 cores initdb (~5 s) and the
 * first migration (~3 s) held every request, `{ health }` included, for that long; once they exist, opening the
 * directory and checking the tables on the main thread takes about a second.
 * Resolves false (the caller then does it all in place) where the directory is not new, where the compiled script
 * is not there to run (TypeScript run in place, as under ts-jest), or when the thread fails.
 */
export async function initDataDirOffThread(dataDir: string, schema: string, vectors: number): Promise<boolean> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length) return false;
  if (!__filename.endsWith('.js') || !fs.existsSync(__filename)) return false;
  return new Promise<boolean>((resolve) => {
    const worker = new Worker(__filename, { workerData: { tag: TAG, dataDir, schema, vectors } });
    let ok = false;
    worker.once('message', (m: { ok: boolean }) => (ok = m.ok));
    worker.once('error', () => resolve(false));
    worker.once('exit', () => resolve(ok));
  });
}

if (!isMainThread && (workerData as { tag?: string } | null)?.tag === TAG) {
  const { dataDir, schema, vectors } = workerData as { dataDir: string; schema: string; vectors: number };
  void (async () => {
    try {
      const sql = await PgliteClient.open(dataDir, schema);
      await migrate(sql, { vectors });
      await sql.close();
      parentPort!.postMessage({ ok: true });
    } catch {
      parentPort!.postMessage({ ok: false });
    }
  })();
}
