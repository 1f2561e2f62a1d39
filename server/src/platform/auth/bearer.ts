import type { FastifyRequest } from 'fastify';

/** The session token travels in the Authorization header only: never in a URL (file links are signed instead). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return undefined;
}
