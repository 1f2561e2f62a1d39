import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A stored file as the file routes send it. */
export interface StoredFile {
  stream: Readable;
  size: number;
  contentType: string;
}

/**
 * Sends a file whose name never names other bytes (every upload gets a new name), so browsers keep it for a
 * year; `private` for files only signed-in users may read. The type given is the type: no sniffing.
 */
export function sendImmutableFile(reply: FastifyReply, file: StoredFile, cache: 'private' | 'public' = 'private') {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('cache-control', `${cache}, max-age=31536000, immutable`)
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}
