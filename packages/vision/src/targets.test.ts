import { describe, expect, it } from 'vitest';
import { rng } from './synthetic.js';
import {
  type GrayImage,
  blurGray,
  cropGray,
  detectArucoMarkers,
  growRect,
  locateArucoTarget,
  locateCircle,
  locatePatch,
  placeSprite,
  renderArucoMarker,
} from './targets.js';

/** A concrete-like ground: mid grey with texture, deterministic. */
function ground(width: number, height: number, seed: number): GrayImage {
  const random = rng(seed);
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i += 1) data[i] = 150 + Math.round((random() + random() - 1) * 30);
  return { data, width, height };
}

/** Adds Gaussian-like sensor noise of about `sigma` grey levels (deterministic). */
function noisy(image: GrayImage, sigma: number, seed: number): GrayImage {
  const random = rng(seed);
  const data = new Uint8Array(image.data.length);
  image.data.forEach((value, i) => {
    const n = (random() + random() + random() + random() - 2) * sigma * 1.73;
    data[i] = Math.max(0, Math.min(255, Math.round(value + n)));
  });
  return { ...image, data };
}

/** A white card with a dark disc in its middle, drawn 8× supersampled so its rim is anti-aliased. */
function discCard(size: number, radius: number): GrayImage {
  const data = new Uint8Array(size * size);
  const centre = size / 2;
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      let inside = 0;
      for (let sy = 0; sy < 8; sy += 1) {
        for (let sx = 0; sx < 8; sx += 1) {
          const dx = col + (sx + 0.5) / 8 - centre;
          const dy = row + (sy + 0.5) / 8 - centre;
          if (dx * dx + dy * dy <= radius * radius) inside += 1;
        }
      }
      data[row * size + col] = Math.round(240 - (inside / 64) * 210);
    }
  }
  return { data, width: size, height: size };
}

/** A marker with a white quiet zone, as printed on a target board. */
async function markerBoard(markerId: number, markerPx: number): Promise<GrayImage> {
  const marker = await renderArucoMarker('DICT_4X4_50', markerId, markerPx);
  const margin = Math.round(markerPx / 4);
  const size = markerPx + 2 * margin;
  const board: GrayImage = { data: new Uint8Array(size * size).fill(245), width: size, height: size };
  return placeSprite(board, marker, { x: margin, y: margin });
}

/** The scene photographed: `sprite` pasted with its centre at (x, y), then blurred and noisy like a camera's. */
async function photo(sprite: GrayImage, centre: { x: number; y: number }, seed: number, scale = 1): Promise<GrayImage> {
  const placed = await placeSprite(ground(800, 600, 7), sprite, {
    x: centre.x - (sprite.width * scale) / 2,
    y: centre.y - (sprite.height * scale) / 2,
    scale,
  });
  return noisy(await blurGray(placed, 0.8), 3, seed);
}

/** At 2.5 mm a pixel (the ground sampling distance of the cases), 1 mm is 0.4 px. */
const GSD_MM = 2.5;

describe('ArUco targets', () => {
  it('finds each marker of a photo by its id, its centre within 0.15 px of where it was placed', async () => {
    const image = await photo(await markerBoard(7, 60), { x: 300.37, y: 250.81 }, 1);
    const withSecond = await placeSprite(image, await markerBoard(12, 60), { x: 540, y: 300 });
    const markers = await detectArucoMarkers(withSecond, { dictionary: 'DICT_4X4_50' });
    expect(markers.map((marker) => marker.id).sort((a, b) => a - b)).toEqual([7, 12]);
    const seven = markers.find((marker) => marker.id === 7)!;
    expect(Math.abs(seven.centre[0] - 300.37)).toBeLessThan(0.15);
    expect(Math.abs(seven.centre[1] - 250.81)).toBeLessThan(0.15);
  });

  it.each([
    { dx: 4.4, dy: 0 },
    { dx: -2.8, dy: 6.2 },
    { dx: 0.6, dy: -0.4 },
    { dx: 12.0, dy: 8.8 },
  ])('a marker moved by ($dx, $dy) mm is measured within 1 mm', async ({ dx, dy }) => {
    const board = await markerBoard(3, 64);
    const at = { x: 400.2, y: 300.6 };
    const baseline = await photo(board, at, 11);
    const round = await photo(board, { x: at.x + dx / GSD_MM, y: at.y + dy / GSD_MM }, 12);
    const from = await locateArucoTarget(baseline, { dictionary: 'DICT_4X4_50', markerId: 3 });
    const window = growRect({ x: (from?.x ?? 0) - 60, y: (from?.y ?? 0) - 60, width: 120, height: 120 }, 40);
    const to = await locateArucoTarget(round, { dictionary: 'DICT_4X4_50', markerId: 3, window });
    expect(from).not.toBeNull();
    expect(to).not.toBeNull();
    const measuredDx = (to!.x - from!.x) * GSD_MM;
    const measuredDy = (to!.y - from!.y) * GSD_MM;
    expect(Math.abs(measuredDx - dx)).toBeLessThan(1);
    expect(Math.abs(measuredDy - dy)).toBeLessThan(1);
  });

  it('another id, or a marker outside the window, is not the target', async () => {
    const image = await photo(await markerBoard(5, 60), { x: 200, y: 200 }, 2);
    expect(await locateArucoTarget(image, { dictionary: 'DICT_4X4_50', markerId: 6 })).toBeNull();
    const far = { x: 500, y: 100, width: 200, height: 200 };
    expect(await locateArucoTarget(image, { dictionary: 'DICT_4X4_50', markerId: 5, window: far })).toBeNull();
    expect(await locateArucoTarget(image, { dictionary: 'DICT_4X4_50', markerId: 5 })).not.toBeNull();
  });
});

describe('circular targets', () => {
  it.each([
    { dx: 3.1, dy: -1.7 },
    { dx: -9.4, dy: 5.5 },
  ])('a disc moved by ($dx, $dy) mm is measured within 1 mm', async ({ dx, dy }) => {
    const card = discCard(48, 14);
    const at = { x: 380.3, y: 220.9 };
    const baseline = await photo(card, at, 21);
    const round = await photo(card, { x: at.x + dx / GSD_MM, y: at.y + dy / GSD_MM }, 22);
    const window = { x: at.x - 30, y: at.y - 30, width: 60, height: 60 };
    const from = await locateCircle(baseline, { window });
    const to = await locateCircle(round, {
      window: { ...window, x: window.x + dx / GSD_MM, y: window.y + dy / GSD_MM },
    });
    expect(Math.abs(from!.x - at.x)).toBeLessThan(0.15);
    expect(Math.abs(from!.y - at.y)).toBeLessThan(0.15);
    expect(Math.abs((to!.x - from!.x) * GSD_MM - dx)).toBeLessThan(1);
    expect(Math.abs((to!.y - from!.y) * GSD_MM - dy)).toBeLessThan(1);
  });

  it('a window of plain ground has no circle', async () => {
    const image = noisy({ data: new Uint8Array(100 * 100).fill(150), width: 100, height: 100 }, 3, 5);
    expect(await locateCircle(image, { window: { x: 10, y: 10, width: 60, height: 60 } })).toBeNull();
  });
});

describe('virtual targets (a patch of the baseline photo)', () => {
  it.each([
    { dx: 5.3, dy: 2.2 },
    { dx: -14.8, dy: -7.1 },
    { dx: 0.4, dy: 0.9 },
  ])('the patch moved by ($dx, $dy) mm is found again within 1 mm', async ({ dx, dy }) => {
    // A textured feature (a bolt plate): a sprite cut from another ground, with a dark cross on it.
    const feature = ground(40, 40, 99);
    const plate: GrayImage = {
      ...feature,
      data: feature.data.map((value, i) => ((i % 40 > 17 && i % 40 < 23) || (i > 17 * 40 && i < 23 * 40) ? 40 : value)),
    };
    const at = { x: 420.6, y: 310.2 };
    const baseline = await photo(plate, at, 31);
    const round = await photo(plate, { x: at.x + dx / GSD_MM, y: at.y + dy / GSD_MM }, 32);
    const patch = { x: Math.round(at.x) - 24, y: Math.round(at.y) - 24, width: 48, height: 48 };
    const template = cropGray(baseline, patch);
    const found = await locatePatch(round, { template, window: growRect(patch, 40) });
    expect(found).not.toBeNull();
    expect(found!.score).toBeGreaterThan(0.6);
    const centre = { x: patch.x + 24, y: patch.y + 24 };
    expect(Math.abs((found!.x - centre.x) * GSD_MM - dx)).toBeLessThan(1);
    expect(Math.abs((found!.y - centre.y) * GSD_MM - dy)).toBeLessThan(1);
  });

  it('a patch that is not in the window is not found', async () => {
    const template = cropGray(ground(200, 200, 1), { x: 0, y: 0, width: 32, height: 32 });
    expect(await locatePatch(ground(200, 200, 2), { template })).toBeNull();
  });
});
