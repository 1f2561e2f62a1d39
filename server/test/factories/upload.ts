import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file, as a browser's upload sends it. */
export function multipartFile(options: { field?: string; filename: string; data: Buffer | string; contentType?: string }) {
  const boundary = `----sightline${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename}"\r\n` +
        `Content-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    Buffer.isBuffer(options.data) ? options.data : Buffer.from(options.data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
