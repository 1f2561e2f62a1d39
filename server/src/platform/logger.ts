import type { LoggerOptions } from 'pino';
import type { Config } from './config.js';

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: ['req.headers.authorization', 'password', '*.password', 'token'], remove: true },
  };
}
