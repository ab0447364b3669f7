import 'reflect-metadata';
import { createApp, type App } from './app/app';
import { loadConfig, type Config } from './config/config';
import { getSchema } from './graphql/schema';
import { logger } from './logger';
import { startServer, type RunningServer } from './server/http.server';

export interface Started {
  app: App;
  server: RunningServer;
  stop(): Promise<void>;
}

/** Starts the whole service; every start-up failure becomes one line naming what to fix. */
export async function start(config: Config, onReady?: (app: App) => Promise<void>): Promise<Started> {
  const app = await createApp(config);
  const schema = await getSchema();
  const server = await startServer(app, schema, config.port, config.host);
  logger.info({ url: server.url, profile: config.store }, `Nyaya Graph ready at ${server.url} (sandbox: ${server.url.replace('/graphql', '/sandbox')})`);
  if (!config.production && !process.env.JWT_SECRET) {
    logger.warn('JWT_SECRET is not set: tokens are signed with the development secret. Anonymous callers see only bare acts and '
      + 'court rulings; `npm run token -- --role ADMIN` prints a token for the sandbox (Headers: {"Authorization": "Bearer …"}).');
  }
  app.sync.start();
  // The first short query would otherwise wait for the section names to be embedded (seconds on a fresh machine).
  void app.search.warm().catch((err: Error) => logger.warn({ err: err.message }, 'section names not embedded; short queries search without them'));
  if (onReady) await onReady(app);
  return {
    app,
    server,
    stop: async () => {
      await server.stop();
      await app.close();
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

export function exitOnStartupFailure(err: unknown): never {
  process.stderr.write(`Start-up failed: ${(err as Error).message.split('\n')[0]}\n`);
  process.exit(1);
}
