import pino from 'pino';

/** One process-wide logger; level set from LOG_LEVEL when the config is loaded. Logs go to stderr so CLI JSON output stays clean. */
export const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' }, pino.destination(2));
