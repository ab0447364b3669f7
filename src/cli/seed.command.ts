import { setImmediate as nextTurn } from 'node:timers/promises';
import type { App } from '../app/app';
import type { StartupStatus } from '../app/health';
import { abortableEmbedder } from '../app/yielding-embedder';
import type { IndexSync } from '../index-sync/index-sync';
import { IngestService } from '../ingest/ingest.service';
import { logger } from '../logger';
import { readSeedMarker, retryable, seed, seedCorpus, seedScope, type SeedProgress } from '../seeds/seed';
import { progressReporter } from './progress';
import { summarise } from './ingest.command';

/** Applies index updates left queued (by a run killed between saving a document and indexing it), a few passes at most. */
async function settle(app: App): Promise<void> {
  for (let pass = 0; pass < 5; pass++) {
    const { pending, applied } = await app.sync.apply();
    if (!pending || !applied) return;
  }
}

/**
 * The same index sync, giving the event loop a turn before each apply: an ingest saves a slice and applies it to
 * the vector index and the graph in one go otherwise, and a request waits for both (~0.5 s on a loaded machine).
 */
function yieldFirst(sync: IndexSync): IndexSync {
  return new Proxy(sync, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (key === 'apply') return async (...args: Parameters<IndexSync['apply']>) => (await nextTurn(), target.apply(...args));
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Loads seeds/ into the configured store profile, with progress, and prints a summary. */
export async function seedCommand(app: App, include?: { statutes?: boolean; judgments?: boolean; cases?: boolean }): Promise<number> {
  const bar = progressReporter('seed');
  const t0 = performance.now();
  const summary = await seed(app.stores.graph, app.ingest, app.catalogue, {
    onProgress: (p) => bar.update(p), include, sql: app.stores.sql, settle: () => settle(app),
  });
  bar.stop();
  const seconds = (performance.now() - t0) / 1000;
  process.stderr.write(`statute graph: ${summary.sections} sections, ${summary.equivalences} equivalences\n`);
  process.stderr.write(summarise(summary.results, summary.results.map((r) => r.id ?? `#${r.index}`), seconds) + '\n');
  return summary.results.some((r) => r.status === 'FAILED') ? 1 : 0;
}

/** SEED_LIMIT: at most this many documents of each part of seeds/ (quick starts, tests); unset loads everything. */
export function seedLimit(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.SEED_LIMIT?.trim();
  if (!raw) return undefined;
  if (!/^[1-9]\d*$/.test(raw)) throw new Error(`SEED_LIMIT: expected a whole number of documents ≥ 1, got "${raw.slice(0, 40)}"`);
  return Number(raw);
}

/**
 * Decides whether this store still needs seeds/: not when the seed recorded that it finished (for this scope or
 * for all of it), yes when it recorded a start or the store is empty, and yes for a store an older version
 * began seeding without recording it (it holds the first seed document). A store of someone's own documents
 * that never held the seed is left alone, as before.
 */
async function needsSeed(app: App, limit?: number): Promise<string | null> {
  const marker = await readSeedMarker(app.stores.sql);
  if (marker?.state === 'complete' && (marker.scope === 'all' || marker.scope === seedScope(limit))) return null;
  if (marker) return marker.state === 'started' ? 'resuming an unfinished seed' : 'loading the rest of seeds/';
  const { documents } = await app.stores.documents.counts();
  if (!documents) return 'empty store';
  const first = seedCorpus(app.catalogue, {}, 1).flatMap(([, docs]) => docs)[0] as { id?: string } | undefined;
  const held = first?.id ? await app.stores.documents.existingDocuments([first.id]) : new Map();
  return held.size ? 'resuming a seed that did not record its end' : null;
}

/**
 * The server's start-up seed, run in the background once it listens: loads what seeds/ the store lacks, reports
 * progress to `status` (health, /readyz) and to the log every few seconds, and stops between slices when
 * `signal` is aborted (Ctrl-C), leaving the store consistent for the next start to finish. True when done.
 */
export async function seedOnStart(app: App, status: StartupStatus, signal: AbortSignal, limit = seedLimit()): Promise<boolean> {
  status.update({ phase: 'checking the store' });
  let ticker: NodeJS.Timeout | undefined;
  try {
    const why = await needsSeed(app, limit);
    if (!why) {
      status.update({ state: 'DONE', phase: 'already loaded' });
      return true;
    }
    logger.info({ reason: why, limit: limit ?? null }, `seed: loading seeds/ in the background (${why}); SEED_ON_START=false turns this off`);
    status.update({ state: 'RUNNING', phase: 'statute graph' });
    const t0 = Date.now();
    // At once, then every 5 s: even a seed shorter than 5 s says where it is.
    const tick = () => logger.info(status.snapshot(), `seed: ${status.phase} — ${status.documentsDone}/${status.documentsTotal} documents`);
    tick();
    ticker = setInterval(tick, 5000);
    ticker.unref();
    // Its own ingest service: the same stores, with an embedder that stops on abort (its model calls run where the
    // server's do: on the model thread, after the searches' queries).
    const ingest = new IngestService({
      stores: app.stores, embedder: abortableEmbedder(app.embedder, signal), catalogue: app.catalogue, glossary: app.glossary,
      sync: yieldFirst(app.sync), onChange: () => app.changes.fire(),
    });
    const summary = await seed(app.stores.graph, ingest, app.catalogue, {
      limit, signal, sql: app.stores.sql,
      onProgress: (p: SeedProgress) => status.update({ phase: p.phase, documentsDone: p.corpusDone, documentsTotal: p.corpusTotal, documentsFailed: p.corpusFailed }),
      settle: () => {
        status.update({ phase: 'indexing' });
        return settle(app);
      },
    });
    if (summary.aborted) {
      status.update({ state: 'FAILED', detail: 'stopped before the end; the next start finishes it' });
      logger.info(status.snapshot(), 'seed: stopped; the next start finishes it');
      return false;
    }
    const failed = summary.results.filter((r) => r.status === 'FAILED');
    const unfinished = summary.results.some(retryable);
    status.update({ state: unfinished ? 'FAILED' : 'DONE', phase: unfinished ? 'incomplete' : 'done', documentsFailed: failed.length, detail: failed.length ? `${failed.length} documents failed: ${failed.slice(0, 3).map((r) => r.id ?? `#${r.index}`).join(', ')}` : null });
    logger.info({ ...status.snapshot(), seconds: Math.round((Date.now() - t0) / 100) / 10 }, `seed: ${summary.results.length} documents in ${Math.round((Date.now() - t0) / 1000)} s`);
    return !unfinished;
  } catch (err) {
    const message = (err as Error).message.split('\n')[0];
    status.update({ state: 'FAILED', detail: message });
    if (!signal.aborted) logger.error({ err: message }, 'seed failed; search answers from what is loaded, and the next start resumes');
    return false;
  } finally {
    if (ticker) clearInterval(ticker);
  }
}
