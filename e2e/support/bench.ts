/** What the browser benchmarks share: an upload over tus outside a test runner, and frame-time figures. */
import { INSPECTION_IMAGE_UPLOAD_PATH } from '@sightline/shared';

/** A photo uploaded over tus in two requests (creation, then every byte); throws when the server refuses. */
export async function tusUploadOrThrow(url: string, token: string, metadata: Record<string, string>, bytes: Buffer) {
  const headers = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${url}${INSPECTION_IMAGE_UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(bytes.length),
      'upload-metadata': Object.entries(metadata)
        .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
        .join(','),
    },
  });
  if (created.status !== 201) throw new Error(`upload refused: ${created.status}`);
  const patched = await fetch(new URL(created.headers.get('location')!, url), {
    method: 'PATCH',
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  if (patched.status !== 204) throw new Error(`upload failed: ${patched.status}`);
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Animation frames' durations as the benchmarks print them: median, p95, p99, worst and the share over 50 ms. */
export function frameSummary(frames: number[]): string {
  const sorted = [...frames].sort((a, b) => a - b);
  const slow = frames.filter((frame) => frame > 50).length;
  return [
    `${frames.length} frames`,
    `median ${percentile(sorted, 0.5).toFixed(1)} ms`,
    `p95 ${percentile(sorted, 0.95).toFixed(1)} ms`,
    `p99 ${percentile(sorted, 0.99).toFixed(1)} ms`,
    `worst ${sorted.at(-1)!.toFixed(0)} ms`,
    `${((100 * slow) / frames.length).toFixed(1)} % over 50 ms`,
  ].join(', ');
}
