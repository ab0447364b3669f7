import 'reflect-metadata';
import { configOrExit, exitOnStartupFailure, start, type Started } from './main';
import { logger } from './logger';
import { seedLimit, seedOnStart } from './cli/seed.command';

/** Ctrl-C stops within 5 s whatever is under way; past this the process exits without finishing the stop. */
const STOP_LIMIT_MS = 4500;

// Wiring only: configuration → server (listening at once) → seed in the background, and a stop on SIGINT/SIGTERM.
const config = configOrExit();
let limit: number | undefined;
try {
  limit = seedLimit();
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(2);
}

let running: Started | undefined;
let stopping: string | undefined;
const stop = (signal: string) => {
  if (stopping) {
    logger.warn(`${signal} again: exiting now`);
    process.exit(130);
  }
  stopping = signal;
  logger.info(`${signal}: stopping${running ? '' : ' (still starting)'}`);
  setTimeout(() => {
    logger.error(`not stopped within ${STOP_LIMIT_MS} ms: exiting`);
    process.exit(1);
  }, STOP_LIMIT_MS).unref();
  // While starting, the stop runs as soon as the app exists (see below).
  if (running) running.stop().then(() => process.exit(0), () => process.exit(1));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

start(config, config.seedOnStart ? (app, status, signal) => seedOnStart(app, status, signal, limit) : undefined)
  .then((started) => {
    running = started;
    if (stopping) started.stop().then(() => process.exit(0), () => process.exit(1));
  })
  .catch(exitOnStartupFailure);
