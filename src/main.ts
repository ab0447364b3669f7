import 'reflect-metadata';
import { createApp, type App } from './app/app';
import { DataDirBusy, lockDataDir, type DataDirLock } from './app/data-dir-lock';
import { StartupStatus, trackStartup } from './app/health';
import { yieldWhileEmbedding } from './app/yielding-embedder';
import { loadConfig, type Config } from './config/config';
import { getSchema } from './graphql/schema';
import { logger } from './logger';
import { listenEarly, startServer, type RunningServer } from './server/http.server';

export interface Started {
  app: App;
  server: RunningServer;
  status: StartupStatus;
  /** Settles when the background start-up work (the seed) has finished or stopped. */
  background: Promise<void>;
  stop(): Promise<void>;
}

/** Work that runs once the server answers (the seed); it stops early when `signal` is aborted. True when done. */
export type BackgroundStart = (app: App, status: StartupStatus, signal: AbortSignal) => Promise<boolean>;

/**
 * Starts the whole service: listens first (health and /readyz answer while the models load and the stores open),
 * then serves the API, then runs `background` (the seed) without holding anything up. Every start-up failure
 * becomes one line naming what to fix.
 */
export async function start(config: Config, background?: BackgroundStart): Promise<Started> {
  const status = new StartupStatus(config.store);
  trackStartup(status);
  const lock = config.store === 'embedded' ? lockDataDir(config.dataDir, 'the API server') : undefined;
  const schema = await getSchema();
  const early = await listenEarly(schema, config.port, config.host, status).catch((err) => {
    lock?.release();
    throw err;
  });
  logger.info({ url: early.url, profile: config.store }, `listening at ${early.url}: health answers now; loading models and opening stores`);
  let app: App;
  try {
    app = await createApp(config, {}, { modelThread: true });
  } catch (err) {
    await early.close();
    lock?.release();
    throw err;
  }
  trackStartup(status, app);
  // Long embeddings (the seed, ingests, section names) go to the model in slices, so that a search's query can go
  // between them on the model thread, or a request between them on this thread when there is none.
  yieldWhileEmbedding(app.embedder);
  const server = await startServer(app, schema, config.port, config.host, early);
  logger.info({ url: server.url, profile: config.store }, `Nyaya Graph serving at ${server.url} (sandbox: ${server.url.replace('/graphql', '/sandbox')})`);
  if (!config.production && !process.env.JWT_SECRET) {
    logger.warn('JWT_SECRET is not set: tokens are signed with the development secret. Anonymous callers see only bare acts and '
      + 'court rulings; `npm run token -- --role ADMIN` prints a token for the sandbox (Headers: {"Authorization": "Bearer …"}).');
  }
  app.sync.start();
  const abort = new AbortController();
  const work = background
    ? background(app, status, abort.signal)
    : Promise.resolve(status.update({ state: 'DONE', phase: 'no seed on start' })).then(() => true);
  const settled = work.then((done) => {
    if (done) logger.info({ url: server.url, seed: status.snapshot() }, `ready: search has its full corpus at ${server.url}`);
  }, (err: Error) => logger.error({ err: err.message }, 'start-up work failed'));
  // The first short query would otherwise wait for the section names to be embedded (seconds on a fresh machine), and
  // narratives would search without the labelled examples until they are.
  // After the seed: on 2 cores both at once slow the seed and keep requests waiting (a short query during the seed
  // still embeds them on demand).
  void settled.then(() => (abort.signal.aborted ? undefined : app.search.warm()))
    .catch((err: Error) => {
      if (!abort.signal.aborted) logger.warn({ err: err.message }, 'section names or labelled examples not embedded; searches go without them');
    });
  return {
    app,
    server,
    status,
    background: settled,
    stop: async () => {
      // The seed stops between slices (a second or so) and leaves the store consistent; then the normal stop.
      abort.abort();
      await settled;
      await server.stop();
      await app.close();
      lock?.release();
    },
  };
}

export function configOrExit(): Config {
  try {
    const config = loadConfig();
    logger.level = config.logLevel;
    return config;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(2);
  }
}

/** CLI commands that open the embedded store hold DATA_DIR like the server does, or stop with one line saying why. */
export function holdDataDir(config: Config, holder: string): DataDirLock | undefined {
  if (config.store !== 'embedded') return undefined;
  try {
    return lockDataDir(config.dataDir, holder);
  } catch (err) {
    if (!(err instanceof DataDirBusy)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
}

export function exitOnStartupFailure(err: unknown): never {
  process.stderr.write(`Start-up failed: ${(err as Error).message.split('\n')[0]}\n`);
  process.exit(1);
}
