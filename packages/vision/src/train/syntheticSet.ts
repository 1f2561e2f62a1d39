/** Synthetic training samples (texture with drawn cracks, some photos without any), for tests and the bench. */
import sharp from 'sharp';
import { drawCrack, rng, textureImage, wanderingPath } from '../synthetic.js';
import type { TrainingSample } from '../trainingSet.js';

/**
 * `count` square photos of `size` px; every fourth one has no crack (a negative example), the others one or two
 * wandering cracks 2 to 4 px wide, given as the polylines a reviewer would have drawn.
 */
export async function syntheticTrainingSamples(count: number, size: number, seed: number): Promise<TrainingSample[]> {
  const out: TrainingSample[] = [];
  for (let i = 0; i < count; i++) {
    const r = rng(seed * 1000 + i);
    const img = textureImage(size, size, seed * 1000 + i, 150 + Math.floor(r() * 50), 5 + r() * 6);
    const shapes: TrainingSample['shapes'][number][] = [];
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
