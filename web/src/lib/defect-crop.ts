/** The part of a photo shown around a defect's shape (the defect details and a defect's history show it). */

export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part of a `imageWidth` × `imageHeight` photo the details show around a shape: its bounding box grown by
 * `margin` of its larger side on each side (at least `minSide` pixels across), kept inside the photo.
 */
export function cropAround(
  points: readonly (readonly [number, number])[],
  imageWidth: number,
  imageHeight: number,
  margin = 0.5,
  minSide = 64,
): PixelBox {
  if (points.length === 0) return { x: 0, y: 0, width: imageWidth, height: imageHeight };
  const us = points.map((point) => point[0]);
  const vs = points.map((point) => point[1]);
  const [left, right, top, bottom] = [Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)];
  const side = Math.max(right - left, bottom - top, minSide);
  const grow = side * margin;
  const width = Math.min(imageWidth, Math.max(right - left, minSide) + 2 * grow);
  const height = Math.min(imageHeight, Math.max(bottom - top, minSide) + 2 * grow);
  const clamp = (start: number, length: number, limit: number) => Math.min(Math.max(0, start), limit - length);
  return {
    x: clamp((left + right) / 2 - width / 2, width, imageWidth),
    y: clamp((top + bottom) / 2 - height / 2, height, imageHeight),
    width,
    height,
  };
}
