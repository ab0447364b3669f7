import 'reflect-metadata';
import { configOrExit, exitOnStartupFailure, start } from './main';
import { logger } from './logger';

// Wiring only: configuration → app → server, and a clean stop on SIGINT/SIGTERM.
const config = configOrExit();
start(config)
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
