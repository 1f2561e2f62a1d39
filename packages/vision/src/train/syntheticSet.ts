/** Synthetic training samples (texture with drawn cracks, some photos without any), for tests and the bench. */
import sharp from 'sharp';
import { drawCrack, rng, textureImage, wanderingPath } from '../synthetic.js';
import type { TrainingSample } from '../trainingSet.js';
import type { RgbImage } from '../types.js';

/** Darken a round soft stain of radius `radius` px by up to `depth` levels. */
function stain(img: RgbImage, cx: number, cy: number, radius: number, depth: number): void {
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const d2 = ((x - cx) ** 2 + (y - cy) ** 2) / (radius * radius);
      if (d2 > 4) continue;
      const k = (y * img.width + x) * 3;
      const dv = depth * Math.exp(-d2);
      for (let c = 0; c < 3; c++) img.data[k + c] = Math.max(0, img.data[k + c]! - dv);
    }
  }
}

/**
 * `count` square photos of `size` px; most with a dark stain; every fourth one has no crack (a negative example), the others one or two
 * wandering cracks 2 to 4 px wide, given as the polylines a reviewer would have drawn.
 */
export async function syntheticTrainingSamples(count: number, size: number, seed: number): Promise<TrainingSample[]> {
  const out: TrainingSample[] = [];
  for (let i = 0; i < count; i++) {
    const r = rng(seed * 1000 + i);
    const img = textureImage(size, size, seed * 1000 + i, 150 + Math.floor(r() * 50), 5 + r() * 6);
    const shapes: TrainingSample['shapes'][number][] = [];
    // a dark stain in most photos, so that darkness alone does not make a crack
    if (r() < 0.75) stain(img, r() * size, r() * size, 6 + r() * 10, 50 + r() * 50);
    const cracks = i % 4 === 3 ? 0 : 1 + Math.floor(r() * 2);
    for (let k = 0; k < cracks; k++) {
      const points = wanderingPath(
        r() * size,
        r() * size,
        r() * Math.PI * 2,
        size * (0.5 + r()),
        seed * 1000 + i * 7 + k,
      );
      const widthPx = 2 + Math.floor(r() * 3);
      drawCrack(img, points, widthPx, 40 + Math.floor(r() * 50));
      shapes.push({ kind: 'polyline', points, widthPx });
    }
    const imageJpeg = await sharp(img.data, { raw: { width: size, height: size, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    out.push({ name: `synthetic-${seed}-${String(i).padStart(3, '0')}`, imageJpeg, shapes });
  }
  return out;
}
