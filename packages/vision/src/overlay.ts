/** Overlay PNG: the photo with detections drawn on it (polylines for cracks, filled polygons for areas). */
import sharp from 'sharp';
import { loadRgb } from './image.js';
import type { DefectType, DetectionResult, ImageInput } from './types.js';

const COLOURS: Partial<Record<DefectType, string>> = {
  crack: '#ff2d2d',
  linear_crack: '#ff7b00',
  rust: '#ffb000',
  spalling: '#00c3ff',
  exposed_rebar: '#c800ff',
  water_seepage: '#2f7dff',
};

export function overlaySvg(result: DetectionResult, width: number, height: number): string {
  const base = Math.max(1.5, Math.max(width, height) / 1000);
  const parts: string[] = [];
  for (const d of result.detections) {
    const colour = COLOURS[d.type] ?? '#00ff66';
    const g = d.geometry;
    if (g.kind === 'polyline') {
      const pts = g.points.map(([x, y]) => `${x + 0.5},${y + 0.5}`).join(' ');
      const sw = Math.max(base, g.meanWidthPx);
      parts.push(
        `<polyline points="${pts}" fill="none" stroke="${colour}" stroke-opacity="0.75" stroke-width="${sw.toFixed(1)}" stroke-linejoin="round" stroke-linecap="round"/>`,
      );
      parts.push(`<polyline points="${pts}" fill="none" stroke="#ffff00" stroke-width="${(base / 2).toFixed(1)}"/>`);
    } else {
      const dPath = g.rings.map((r) => 'M' + r.map(([x, y]) => `${x + 0.5},${y + 0.5}`).join('L') + 'Z').join(' ');
      parts.push(
        `<path d="${dPath}" fill="${colour}" fill-opacity="0.35" fill-rule="evenodd" stroke="${colour}" stroke-width="${base.toFixed(1)}"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

/** Render the overlay as PNG bytes (optionally scaled down so the long side is at most maxSide). */
export async function renderOverlay(input: ImageInput, result: DetectionResult, maxSide = 4096): Promise<Buffer> {
  const img = await loadRgb(input);
  const svg = Buffer.from(overlaySvg(result, img.width, img.height));
  let pipe = sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }).composite([
    { input: svg, top: 0, left: 0 },
  ]);
  if (Math.max(img.width, img.height) > maxSide) {
    const buf = await pipe.png().toBuffer();
    pipe = sharp(buf).resize({
      width: img.width >= img.height ? maxSide : undefined,
      height: img.height > img.width ? maxSide : undefined,
    });
  }
  return pipe.png().toBuffer();
}
