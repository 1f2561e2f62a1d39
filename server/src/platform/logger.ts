import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { Config } from './config.js';

/** Query values that sign someone in (a signed file link, a token some old client still sends). */
const SECRET_QUERY = /([?&](?:token|sig|access_token)=)[^&#]*/gi;

/** A URL as logs may keep it: whatever signs someone in is blanked. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: ['req.headers.authorization', 'password', '*.password', 'token'], remove: true },
    serializers: {
      // Fastify's own request serializer, with the URL redacted.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
