import { logger } from '../../src/logger';
import { loadConfig } from '../../src/config/config';

// Suites that open stores without an app (createApp applies the configuration's level) log at the level the run
// asks for (LOG_LEVEL, validated as the server validates it) instead of the logger's start-up default.
logger.level = loadConfig({ LOG_LEVEL: process.env.LOG_LEVEL }).logLevel;
