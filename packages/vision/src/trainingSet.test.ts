import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listPairs } from './evaluate.js';
import { loadMask } from './image.js';
import { defectMaskPixels, rasterizeDefectMask, writeTrainingSet, type DefectMaskShape } from './trainingSet.js';

/** The mask as rows of '#' (defect) and '.' (background). */
function art(width: number, height: number, shapes: DefectMaskShape[]): string[] {
  const px = defectMaskPixels({ width, height, shapes });
  return Array.from({ length: height }, (_, y) =>
    Array.from(px.subarray(y * width, (y + 1) * width), (v) => (v ? '#' : '.')).join(''),
  );
}

const jpeg = (width: number, height: number, orientation?: number): Promise<Buffer> => {
  const s = sharp({ create: { width, height, channels: 3, background: { r: 160, g: 150, b: 140 } } }).jpeg();
  return (orientation ? s.withMetadata({ orientation }) : s).toBuffer();
};

describe('defect masks for training', () => {
  it('strokes a crack polyline at its measured width, with round ends', () => {
    const crack: DefectMaskShape = {
      kind: 'polyline',
      points: [
        [1, 2],
        [6, 2],
      ],
      widthPx: 3,
    };
    expect(art(10, 5, [crack])).toEqual(['..........', '########..', '########..', '########..', '..........']);
    expect(art(10, 5, [{ ...crack, widthPx: 1 }])).toEqual([
      '..........',
      '..........',
      '.######...',
      '..........',
      '..........',
    ]);
  });

  it('strokes a crack drawn without a width at the default width (3 px)', () => {
    const crack: DefectMaskShape = {
      kind: 'polyline',
      points: [
        [1, 2],
        [6, 2],
      ],
      widthPx: null,
    };
    expect(art(10, 5, [crack])).toEqual(art(10, 5, [{ ...crack, widthPx: 3 }]));
  });

  it('fills polygons and rectangles by their area (pixels on the left and top edges count)', () => {
    expect(
      art(9, 8, [
        {
          kind: 'polygon',
          points: [
            [1, 1],
            [7, 1],
            [1, 7],
          ],
        },
      ]),
    ).toEqual(['.........', '.######..', '.#####...', '.####....', '.###.....', '.##......', '.#.......', '.........']);
    expect(
      art(7, 5, [
        {
          kind: 'rectangle',
          points: [
            [2, 1],
            [5, 1],
            [5, 3],
            [2, 3],
          ],
        },
      ]),
    ).toEqual(['.......', '..###..', '..###..', '.......', '.......']);
  });

  it('encodes the mask as a single-channel PNG of 0 and 255', async () => {
    const png = await rasterizeDefectMask({
      width: 10,
      height: 5,
      shapes: [
        {
          kind: 'polyline',
          points: [
            [1, 2],
            [6, 2],
          ],
        },
      ],
    });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 10, 5, 1]);
    const data = await sharp(png).extractChannel(0).raw().toBuffer();
    expect(new Set(data)).toEqual(new Set([0, 255]));
    expect(data.filter((v) => v === 255).length).toBe(24);
  });
});

describe('writing a training set', () => {
  it('writes photos and masks in the DeepCrack layout the training tools read, with a manifest', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vision-trainset-'));
    const crack: DefectMaskShape = {
      kind: 'polyline',
      points: [
        [5, 10],
        [35, 10],
      ],
      widthPx: 4,
    };
    const manifest = await writeTrainingSet(
      dir,
      [
        { name: 'IMG 0001', imageJpeg: await jpeg(40, 20), shapes: [crack] },
        { name: 'IMG_0002', imageJpeg: await jpeg(40, 20), shapes: [] },
        { name: 'IMG_0003', imageJpeg: await jpeg(40, 20), shapes: [crack], heldBack: true },
      ],
      { source: 'team 1, inspection 7' },
    );
    expect(manifest.counts).toEqual({
      train: { images: 2, negatives: 1, shapes: 1 },
      test: { images: 1, negatives: 0, shapes: 1 },
    });
    expect(JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'))).toEqual(manifest);
    expect(manifest.classes).toEqual(['crack']);
    const train = listPairs(path.join(dir, 'train'));
    expect(train.map((p) => path.basename(p.image))).toEqual(['IMG_0001.jpg', 'IMG_0002.jpg']);
    expect(train.map((p) => path.basename(p.label))).toEqual(['IMG_0001.png', 'IMG_0002.png']);
    expect(readdirSync(path.join(dir, 'test', 'img'))).toEqual(['IMG_0003.jpg']);
    const damaged = await loadMask(train[0]!.label);
    expect(damaged.data).toEqual(defectMaskPixels({ width: 40, height: 20, shapes: [crack] }));
    const negative = await loadMask(train[1]!.label);
    expect([negative.width, negative.height]).toEqual([40, 20]);
    expect(negative.data.every((v) => v === 0)).toBe(true);
  });

  it('stores a photo upright when its EXIF turns it, so the mask lines up with what the reviewer saw', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vision-trainset-'));
    // stored 40x20, shown turned a quarter (orientation 6): the reviewer drew on a 20x40 photo
    const shapes: DefectMaskShape[] = [
      {
        kind: 'rectangle',
        points: [
          [2, 30],
          [12, 30],
          [12, 38],
          [2, 38],
        ],
      },
    ];
    const manifest = await writeTrainingSet(dir, [
      { name: 'turned', imageJpeg: await jpeg(40, 20, 6), shapes, heldBack: false },
    ]);
    expect(manifest.samples[0]).toMatchObject({ width: 20, height: 40 });
    const meta = await sharp(path.join(dir, 'train', 'img', 'turned.jpg')).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([20, 40, 1]);
    const mask = await loadMask(path.join(dir, 'train', 'lab', 'turned.png'));
    expect([mask.width, mask.height]).toEqual([20, 40]);
    expect(mask.data.reduce((a, v) => a + v, 0)).toBe(10 * 8);
  });

  it('stores a photo that came as a PNG as the JPEG the layout names', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vision-trainset-'));
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    await writeTrainingSet(dir, [{ name: 'scan', imageJpeg: png, shapes: [], heldBack: false }]);
    const meta = await sharp(path.join(dir, 'train', 'img', 'scan.jpg')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 30, 20]);
  });

  it('holds some photos back by name, the same ones every time, and refuses two photos of one name', async () => {
    const names = Array.from({ length: 40 }, (_, i) => `photo-${i}`);
    const img = await jpeg(8, 8);
    const write = async (): Promise<string[]> => {
      const m = await writeTrainingSet(
        mkdtempSync(path.join(os.tmpdir(), 'vision-trainset-')),
        names.map((name) => ({ name, imageJpeg: img, shapes: [] })),
      );
      return m.samples.filter((s) => s.split === 'test').map((s) => s.name);
    };
    const held = await write();
    expect(held.length).toBeGreaterThan(2);
    expect(held.length).toBeLessThan(20);
    expect(await write()).toEqual(held);
    await expect(
      writeTrainingSet(mkdtempSync(path.join(os.tmpdir(), 'vision-trainset-')), [
        { name: 'a b', imageJpeg: img, shapes: [] },
        { name: 'a_b', imageJpeg: img, shapes: [] },
      ]),
    ).rejects.toThrow(/unique/);
  });
});
