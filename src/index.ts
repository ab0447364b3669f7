import 'reflect-metadata';
import { configOrExit, exitOnStartupFailure, start } from './main';
import { logger } from './logger';
import { seedIfEmpty } from './cli/seed.command';

// Wiring only: configuration → app → server, and a clean stop on SIGINT/SIGTERM.
const config = configOrExit();
start(config, config.seedOnStart ? seedIfEmpty : undefined)
  .then((running) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info(`${signal}: draining and stopping`);
      running.stop().then(() => process.exit(0), () => process.exit(1));
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  })
  .catch(exitOnStartupFailure);
