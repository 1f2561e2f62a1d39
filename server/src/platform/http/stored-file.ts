import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlobInfo, BlobStore, ByteRange } from '../storage/blob-store.js';

/** A stored object as a file route answers it: what the store knows of it, and its bytes on demand. */
export interface StoredFile {
  info: BlobInfo;
  contentType: string;
  open(range?: ByteRange): Readable;
}

/** The object under `key` as a file to send, or null when the store has none. */
export async function storedFile(blobs: BlobStore, key: string, contentType: string): Promise<StoredFile | null> {
  const info = await blobs.stat(key);
  if (!info) return null;
  return { info, contentType, open: (range) => blobs.get(key, range) };
}

const stripWeak = (tag: string) => tag.trim().replace(/^W\//, '');

/** RFC 9110 13.1.2 and 13.1.3: If-None-Match (weak comparison) wins over If-Modified-Since. */
function isNotModified(request: FastifyRequest, info: BlobInfo): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch) {
    const etag = stripWeak(info.etag);
    return noneMatch.trim() === '*' || noneMatch.split(',').some((tag) => stripWeak(tag) === etag);
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(info.modifiedAt.getTime() / 1000) * 1000 <= since;
}

/**
 * The single byte range a request asks for (RFC 9110 14.2), 'unsatisfiable', or null to send the whole object:
 * no Range, a stale If-Range, or several ranges (which no tile loader asks for; the whole object answers them).
 */
function requestedRange(request: FastifyRequest, info: BlobInfo): ByteRange | 'unsatisfiable' | null {
  const header = request.headers.range;
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const ifRange = request.headers['if-range'];
  if (ifRange && ifRange !== info.etag && ifRange !== info.modifiedAt.toUTCString()) return null;
  const [, first = '', last = ''] = match;
  const { size } = info;
  let range: ByteRange;
  if (first === '') {
    if (last === '') return null;
    range = { start: Math.max(size - Number(last), 0), end: size - 1 };
  } else {
    range = { start: Number(first), end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
  }
  return range.start > range.end || range.start >= size ? 'unsatisfiable' : range;
}

/**
 * Sends a stored file with what caches and tile loaders need: its type (no sniffing), length, ETag and
 * Last-Modified, answering conditional requests with 304 and a single byte range with 206. @fastify/send does
 * this for files on disk only; stored objects may live in an S3-compatible service.
 */
export function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  cacheControl: string,
): FastifyReply {
  const { info } = file;
  reply
    .header('content-type', file.contentType)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('etag', info.etag)
    .header('last-modified', info.modifiedAt.toUTCString())
    .header('accept-ranges', 'bytes');
  if (isNotModified(request, info)) return reply.code(304).send();
  const range = requestedRange(request, info);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${info.size}`).send();
  }
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(file.open(range));
  }
  return reply.header('content-length', info.size).send(file.open());
}
