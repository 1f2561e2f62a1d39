import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VisionError } from './errors.js';
import { RemoteDetector } from './remote.js';
import { textureImage } from './synthetic.js';

let server: Server;
let base = '';
const seen: Array<{ url: string; auth: string | undefined; body: Record<string, unknown> }> = [];

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      seen.push({ url: req.url ?? '', auth: req.headers.authorization, body });
      const mode = (req.url ?? '').split('/')[1];
      switch (mode) {
        case 'ok':
          return reply(res, 200, {
            width: 64,
            height: 64,
            detections: [
              {
                type: 'crack',
                confidence: 0.9,
                bbox: [1, 1, 30, 3],
                geometry: {
                  kind: 'polyline',
                  points: [
                    [1, 2],
                    [30, 2],
                  ],
                  widths: [2, 2],
                  lengthPx: 29,
                  meanWidthPx: 2,
                  maxWidthPx: 2,
                },
              },
              {
                type: 'RUST',
                confidence: 0.7,
                bbox: [5, 5, 10, 10],
                geometry: {
                  kind: 'polygon',
                  rings: [
                    [
                      [5, 5],
                      [15, 5],
                      [15, 15],
                    ],
                  ],
                  areaPx: 50,
                },
              },
            ],
          });
        case 'unknown-type':
          return reply(res, 200, {
            width: 1,
            height: 1,
            detections: [{ type: 'efflorescence', confidence: 1, geometry: { kind: 'polygon', rings: [], areaPx: 0 } }],
          });
        case 'auth':
          return reply(res, req.headers.authorization === 'Bearer good' ? 200 : 401, {
            width: 1,
            height: 1,
            detections: [],
          });
        case 'slow':
          setTimeout(() => reply(res, 200, { detections: [] }), 2000);
          return;
        case 'post-timeout':
          return reply(res, 500, {
            error: { key: 'AI_POST_PROCESSING_TIME_OUT', message: 'post-processing took too long' },
          });
        case 'gateway':
          return reply(res, 504, {});
        case 'broken':
          res.writeHead(200);
          return res.end('not json');
        default:
          return reply(res, 500, { message: 'boom' });
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections?.();
  await new Promise<void>((r) => server.close(() => r()));
});

const img = textureImage(64, 64, 1);
const keyOf = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof VisionError ? e.key : `not a VisionError: ${String(e)}`),
  );

describe('remote detector over HTTP', () => {
  it('sends the image and options, maps service labels, and returns detections', async () => {
    const det = new RemoteDetector({ baseUrl: `${base}/ok`, token: 'secret', typeMap: { RUST: 'rust' } });
    const res = await det.detect(img, { types: ['crack', 'rust'], minLengthPx: 15 });
    expect(res.detections.map((d) => d.type)).toEqual(['crack', 'rust']);
    expect(res.width).toBe(64);
    const req = seen[seen.length - 1]!;
    expect(req.url).toBe('/ok/detect');
    expect(req.auth).toBe('Bearer secret');
    expect(req.body.types).toEqual(['crack', 'rust']);
    expect(req.body.minLengthPx).toBe(15);
    expect(typeof req.body.image).toBe('string');
    const url = await det.detect('https://example.org/p.jpg', { types: ['crack'] });
    expect(url.detections.map((d) => d.type)).toEqual(['crack']);
    expect(seen[seen.length - 1]!.body.imageUrl).toBe('https://example.org/p.jpg');
  });

  it('maps failures to the AI error keys', async () => {
    expect(await keyOf(new RemoteDetector({ baseUrl: `${base}/auth`, token: 'bad' }).detect(img))).toBe(
      'AI_SERVER_CHECK_ERROR',
    );
    expect(await keyOf(new RemoteDetector({ baseUrl: `${base}/auth`, token: 'good' }).detect(img))).toBe('resolved');
    expect(await keyOf(new RemoteDetector({ baseUrl: `${base}/slow`, timeoutMs: 200 }).detect(img))).toBe(
      'AI_SERVER_RECOGNITION_TIME_OUT',
    );
    expect(await keyOf(new RemoteDetector({ baseUrl: `${base}/gateway` }).detect(img))).toBe(
      'AI_SERVER_RECOGNITION_TIME_OUT',
    );
    expect(await keyOf(new RemoteDetector({ baseUrl: `${base}/post-timeout` }).detect(img))).toBe(
      'AI_POST_PROCESSING_TIME_OUT',
    );
    expect(await keyOf(new RemoteDetector({ baseUrl: `${base}/unknown-type` }).detect(img))).toBe(
      'DISEASE_TYPE_NOT_COVER_AI',
    );
    expect(await keyOf(new RemoteDetector({ baseUrl: `${base}/fail` }).detect(img))).toBe('AI_SERVER_EXCEPTION');
    expect(await keyOf(new RemoteDetector({ baseUrl: `${base}/broken` }).detect(img))).toBe('AI_SERVER_EXCEPTION');
    expect(await keyOf(new RemoteDetector({ baseUrl: 'http://127.0.0.1:1' }).detect(img))).toBe('AI_SERVER_EXCEPTION');
    expect(await keyOf(new RemoteDetector({ baseUrl: `${base}/ok` }).detect(''))).toBe('DISEASE_IMAGE_URL_NULL');
    expect(
      await keyOf(
        new RemoteDetector({ baseUrl: `${base}/ok`, supportedTypes: ['crack'] }).detect(img, { types: ['hole'] }),
      ),
    ).toBe('DISEASE_TYPE_NOT_COVER_AI');
  });
});
