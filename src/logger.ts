import pino from 'pino';

/**
 * One process-wide logger. It starts at `info` and takes the validated LOG_LEVEL when the configuration is applied
 * (configOrExit, createApp): reading the variable here would let an unknown level crash the import with pino's stack
 * instead of the configuration's error. Logs go to stderr so CLI JSON output stays clean.
 */
export const logger = pino({ level: 'info' }, pino.destination(2));
