import { unique } from './unique.js';

/** A multipart body with one file part (named `file` unless `fieldName` says otherwise), for app.inject. */
export function multipartFile(
  data: Buffer,
  options: { fileName?: string; contentType?: string; fieldName?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sightline${unique()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.fieldName ?? 'file'}"; filename="${
      options.fileName ?? 'file.bin'
    }"\r\nContent-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
