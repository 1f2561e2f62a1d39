import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BuiltinDetector } from './builtin.js';
import { VisionError } from './errors.js';
import { loadRgb } from './image.js';
import { droneFixture } from '@sightline/imagery/test-fixtures';

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A syntactically valid PNG header that claims a huge size (tiny file, decompression-bomb shaped). */
function hugePng(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + w))), // one row only
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function errOf(p: Promise<unknown>): Promise<VisionError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof VisionError)) throw new Error('expected a VisionError');
  return e;
}

async function keyOf(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(VisionError);
  return (e as VisionError).key;
}

describe('bad images are answered with an error, never a crash', () => {
  const det = new BuiltinDetector();

  it('missing or empty input -> DISEASE_IMAGE_URL_NULL', async () => {
    expect(await keyOf(det.detect(''))).toBe('DISEASE_IMAGE_URL_NULL');
    expect(await keyOf(det.detect(null as never))).toBe('DISEASE_IMAGE_URL_NULL');
    expect(await keyOf(det.detect(new Uint8Array(0)))).toBe('DISEASE_IMAGE_URL_NULL');
    expect(await keyOf(det.detect('/nonexistent/photo.jpg'))).toBe('DISEASE_IMAGE_URL_NULL');
  });

  it('zero-size raw image -> AI_SERVER_EXCEPTION', async () => {
    const e = await errOf(det.detect({ width: 0, height: 10, data: new Uint8Array(0) }));
    expect(e.key).toBe('AI_SERVER_EXCEPTION');
    expect(e.reason).toBe('image_zero_size');
  });

  it('garbage bytes -> AI_SERVER_EXCEPTION (undecodable)', async () => {
    const e = await errOf(det.detect(Buffer.from('this is not an image at all')));
    expect(e.key).toBe('AI_SERVER_EXCEPTION');
    expect(e.reason).toBe('image_undecodable');
  });

  it('truncated JPEG -> AI_SERVER_EXCEPTION, and the detector still works afterwards', async () => {
    const src = droneFixture('DJI_XT2.jpg');
    const jpeg = src
      ? readFileSync(src)
      : await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 120, g: 120, b: 120 } } })
          .jpeg()
          .toBuffer();
    for (const frac of [0.5, 0.9]) {
      const cut = jpeg.subarray(0, Math.floor(jpeg.length * frac));
      const e = await errOf(det.detect(cut));
      expect(e).toBeInstanceOf(VisionError);
      expect(e.key).toBe('AI_SERVER_EXCEPTION');
    }
    const ok = await det.detect(jpeg);
    expect(ok.width).toBeGreaterThan(0);
  });

  it('huge image (beyond the pixel limit) -> AI_SERVER_EXCEPTION without decoding it', async () => {
    const t0 = Date.now();
    const e = await errOf(det.detect(hugePng(60000, 60000)));
    expect(e.key).toBe('AI_SERVER_EXCEPTION');
    expect(e.reason).toBe('image_too_large');
    expect(Date.now() - t0).toBeLessThan(5000);
    const raw = await errOf(loadRgb({ width: 100_000, height: 100_000, data: new Uint8Array(3) }));
    expect(raw.reason).toBe('image_too_large');
  });

  it('decodes grey PNG and applies EXIF orientation to RGB', async () => {
    const grey = await sharp({ create: { width: 5, height: 3, channels: 3, background: '#c8c8c8' } })
      .greyscale()
      .png()
      .toBuffer();
    const img = await loadRgb(grey);
    expect([img.width, img.height, img.data.length]).toEqual([5, 3, 45]);
    const rotated = await sharp({ create: { width: 6, height: 2, channels: 3, background: '#808080' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const r = await loadRgb(rotated);
    expect([r.width, r.height]).toEqual([2, 6]);
  });
});
