import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import { photoThumbnailsTask, type PhotoThumbnailsInput } from './defect-export.tasks.js';

/** The upright photo: grey, with a red square where its defect is drawn. */
const UPRIGHT = { width: 300, height: 400 };
const SQUARE = { left: 100, top: 250, size: 60 };
const DEFECT = {
  id: 1,
  points: [
    [SQUARE.left, SQUARE.top],
    [SQUARE.left + SQUARE.size, SQUARE.top],
    [SQUARE.left + SQUARE.size, SQUARE.top + SQUARE.size],
    [SQUARE.left, SQUARE.top + SQUARE.size],
  ] as Array<[number, number]>,
  closed: true,
};

async function uprightPicture(scale: number): Promise<Buffer> {
  const square = await sharp({
    create: {
      width: SQUARE.size * scale,
      height: SQUARE.size * scale,
      channels: 3,
      background: { r: 230, g: 20, b: 20 },
    },
  })
    .png()
    .toBuffer();
  return sharp({
    create: {
      width: UPRIGHT.width * scale,
      height: UPRIGHT.height * scale,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
    },
  })
    .composite([{ input: square, left: SQUARE.left * scale, top: SQUARE.top * scale }])
    .png()
    .toBuffer();
}

/** The crop's middle pixel is the square's red: the crop is centred on the defect. */
async function expectCentredOnTheSquare(jpeg: Uint8Array): Promise<void> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  const [r, g, b] = data.subarray(at, at + 3);
  expect(r).toBeGreaterThan(180);
  expect(g).toBeLessThan(80);
  expect(b).toBeLessThan(80);
}

describe('defect crops', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'defect-crops-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIGHTLINE_SEED_DEMO: 'false', PORT: '0' });
  const store = createConfiguredBlobStore(config);
  const context = { signal: new AbortController().signal, progress: () => undefined, config };
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const crop = (input: Omit<PhotoThumbnailsInput, 'defects' | 'longSidePx'>) =>
    photoThumbnailsTask.run({ ...input, defects: [DEFECT], longSidePx: 1200 }, context);

  // The photo stored on its side (EXIF orientation 6), its preview upright at half size.
  beforeAll(async () => {
    // Stored turned a quarter anticlockwise, 400 × 300, with the orientation that turns it upright.
    const stored = await sharp(await uprightPicture(1))
      .rotate(270)
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await sharp(stored).metadata()).toMatchObject({ width: 400, height: 300, orientation: 6 });
    await store.put('photos/turned/original', stored);
    await store.put(
      'photos/turned/preview.jpg',
      await sharp(await uprightPicture(0.5))
        .jpeg()
        .toBuffer(),
    );
  });

  // The square with its margin (48 photo pixels each side), red in its middle, from either source.
  it.each([
    ['original', 'photos/turned/original', 156],
    ['preview', 'photos/turned/preview.jpg', 78],
  ] as const)('cuts the defect drawn on the upright photo from its %s', async (kind, key, side) => {
    const [made] = await crop({ source: { key, kind }, photoSize: { width: 400, height: 300 } });
    expect(made).toMatchObject({ id: 1, width: side, height: side });
    await expectCentredOnTheSquare(made!.jpeg);
  });

  it('gives no crop when the source is missing or is not a picture', async () => {
    expect(await crop({ source: { key: 'photos/none/original', kind: 'original' }, photoSize: null })).toEqual([]);
    await store.put('photos/text/original', Buffer.from('not a picture'));
    expect(await crop({ source: { key: 'photos/text/original', kind: 'original' }, photoSize: null })).toEqual([]);
  });
});
