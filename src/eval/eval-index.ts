import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type App } from '../app/app';
import type { Config } from '../config/config';
import { loadStatuteGraph } from '../seeds/seed';
import { dropSchema } from '../stores/sql/migrate';
import { fromRoot } from '../util/paths';

/**
 * Every evaluation builds its index in a fresh, isolated store: an in-memory PGlite (embedded) or its own
 * schema, collection and Neo4j namespace (services). Nothing the service already holds is read or touched.
 * `modelThread`: the models on a thread of their own, as the server runs them (MODEL_THREAD allowing).
 */
export async function openEvalApp(
  config: Config, opts: { modelThread?: boolean; namespace?: string } = {},
): Promise<{ app: App; namespace: string; dispose(): Promise<void> }> {
  // A named namespace is one an earlier run kept (EVAL_KEEP_NAMESPACE=1): it is measured again, and kept again.
  const reused = opts.namespace;
  const namespace = reused ?? `eval_${Date.now().toString(36)}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nyaya-eval-'));
  // The model scores every search, even where its output cannot change the answer, so that every logit is recorded
  // and the refusal can be replayed at other thresholds (eval --refusal-from).
  const app = await createApp({ ...config, dataDir, rerank: { ...config.rerank, scoreAlways: true } }, { namespace, inMemory: true }, { modelThread: opts.modelThread });
  // The index is fresh; only the model's arithmetic is remembered between runs (EVAL_EMBEDDING_CACHE=off to recompute).
  if (process.env.EVAL_EMBEDDING_CACHE !== 'off') app.embedder.useCache(process.env.EVAL_EMBEDDING_CACHE ?? fromRoot('.cache', 'embeddings'));
  await loadStatuteGraph(app.stores.graph, app.catalogue);
  return {
    app,
    namespace,
    async dispose() {
      await app.sync.stop();
      // EVAL_KEEP_NAMESPACE=1 leaves a (services) index in place to study it after a long run; nothing reuses it.
      if (reused || (process.env.EVAL_KEEP_NAMESPACE === '1' && config.store === 'services')) {
        process.stderr.write(`eval: kept namespace ${namespace} (schema, Chroma collection prefix, Neo4j namespace)\n`);
      } else {
        // Each store is dropped whatever the others do, but a failure is said: a namespace left behind holds disk.
        const said = (what: string) => (err: Error) => {
          process.stderr.write(`eval: ${what} of ${namespace} not dropped: ${err.message.split('\n')[0]}\n`);
        };
        await Promise.all([app.stores.vector.drop().catch(said('vector index')), app.stores.graph.drop().catch(said('graph'))]);
        // The schema last: on the embedded profile the vector index and the graph are tables in it.
        await dropSchema(app.stores.sql).catch(said('schema'));
      }
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every item of a comma-separated list of files, or null after one line on stderr naming the file that could not be
 * read (the CLI then exits 2): a missing or malformed file is the caller's mistake, not a stack trace.
 */
export function readFiles<T>(files: string, read: (file: string) => T[]): T[] | null {
  try {
    return files.split(',').flatMap((f) => read(f.trim()));
  } catch (err) {
    process.stderr.write(`eval: ${(err as Error).message}\n`);
    return null;
  }
}

/** Names of the stages a run used, for the report: a reranker that could not be loaded shows as skipped. */
export function stageLine(app: App): string {
  return [
    `store=${app.config.store}`, `embedder=${app.embedder.info.model}`,
    `reranker=${app.rerank.status === 'up' ? app.config.rerankerModel : `skipped (${app.rerank.reason})`}`,
  ].join(' ');
}
