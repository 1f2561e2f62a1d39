import { Readable } from 'node:stream';
import { unique } from './unique.js';

/** A file part of a multipart body; its bytes at once, or as chunks (a large body streamed, never held whole). */
export interface MultipartPart {
  data: Buffer | Iterable<Buffer>;
  /** `file` unless said otherwise. */
  fieldName?: string;
  fileName?: string;
  contentType?: string;
}

function* bodyChunks(boundary: string, parts: readonly MultipartPart[]): Generator<Buffer> {
  for (const part of parts) {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.fieldName ?? 'file'}"; filename="${
        part.fileName ?? 'file.bin'
      }"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    );
    if (Buffer.isBuffer(part.data)) yield part.data;
    else yield* part.data;
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${boundary}--\r\n`);
}

/** A multipart body of file parts, streamed: for app.inject, whose payload may be a Readable. */
export function multipartStream(parts: readonly MultipartPart[]): {
  payload: Readable;
  headers: Record<string, string>;
} {
  const boundary = `----sightline${unique()}`;
  return {
    payload: Readable.from(bodyChunks(boundary, parts), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart body with one file part (named `file` unless `fieldName` says otherwise), for app.inject. */
export function multipartFile(
  data: Buffer,
  options: Omit<MultipartPart, 'data'> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sightline${unique()}`;
  return {
    payload: Buffer.concat([...bodyChunks(boundary, [{ ...options, data }])]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `length` zero bytes in chunks of one shared mebibyte: a file over a size limit without holding it in memory. */
export function* zeroBytes(length: number): Generator<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024);
  for (let left = length; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
}
