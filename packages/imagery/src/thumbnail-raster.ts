/**
 * A small picture cut out of a larger one's raw pixels, scaled down and outlined, all in plain memory. The defect
 * export makes ten thousand of these: sharp spends about 1.5 ms of setup on each whatever its size (0.9 ms of it on
 * the resize, more with an SVG outline to render), while averaging a crop's pixels here costs a fraction of that;
 * sharp then only encodes the finished pixels as JPEG.
 */

export interface RawPixels {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** Bytes per pixel: 3 (RGB) or 4 (RGBA); the outline's colour fills the first three. */
  readonly channels: number;
}

export interface PixelRect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export interface Outline {
  /** Points in the source picture's pixels. */
  readonly points: ReadonlyArray<readonly [number, number]>;
  /** A polygon's last point joins its first. */
  readonly closed: boolean;
  readonly rgb: readonly [number, number, number];
  /** The line's width in output pixels. */
  readonly widthPx: number;
}

/**
 * `rect` of `source` scaled to `outWidth` × `outHeight` (no larger than the rect: each output pixel the mean of the
 * source pixels its area covers), with `outline` drawn over it at the output's scale.
 */
export function cropScaleOutline(
  source: RawPixels,
  rect: PixelRect,
  outWidth: number,
  outHeight: number,
  outline?: Outline,
): RawPixels {
  const { channels } = source;
  if (rect.left < 0 || rect.top < 0 || rect.left + rect.width > source.width || rect.top + rect.height > source.height)
    throw new RangeError('the rectangle leaves the picture');
  if (outWidth < 1 || outHeight < 1 || outWidth > rect.width || outHeight > rect.height)
    throw new RangeError('the output must be between one pixel and the rectangle in size');
  const out = new Uint8Array(outWidth * outHeight * channels);
  if (outWidth === rect.width && outHeight === rect.height) {
    // Unscaled (a small crop): its rows copied as they are.
    const rowBytes = rect.width * channels;
    for (let y = 0; y < rect.height; y += 1) {
      const from = ((rect.top + y) * source.width + rect.left) * channels;
      out.set(source.data.subarray(from, from + rowBytes), y * rowBytes);
    }
  } else averageInto(out, source, rect, outWidth, outHeight);
  const result = { data: out, width: outWidth, height: outHeight, channels };
  if (outline) drawOutline(result, outline, rect, outWidth / rect.width, outHeight / rect.height);
  return result;
}

function averageInto(out: Uint8Array, source: RawPixels, rect: PixelRect, outWidth: number, outHeight: number) {
  const { channels } = source;
  const columns = samplesOf(rect.left, rect.width, outWidth);
  const rows = samplesOf(rect.top, rect.height, outHeight);
  const sums = new Float64Array(channels);
  for (let y = 0; y < outHeight; y += 1) {
    const sourceRows = rows[y]!;
    for (let x = 0; x < outWidth; x += 1) {
      const sourceColumns = columns[x]!;
      sums.fill(0);
      for (const sy of sourceRows) {
        const rowStart = sy * source.width;
        for (const sx of sourceColumns) {
          const at = (rowStart + sx) * channels;
          for (let c = 0; c < channels; c += 1) sums[c]! += source.data[at + c]!;
        }
      }
      const count = sourceRows.length * sourceColumns.length;
      const to = (y * outWidth + x) * channels;
      for (let c = 0; c < channels; c += 1) out[to + c] = Math.round(sums[c]! / count);
    }
  }
}

/**
 * Source samples each output pixel averages, along one axis: the pixels its span covers, or, where more than
 * `MAX_SAMPLES_PER_AXIS` would, that many spread evenly across it, so that a large crop costs no more than a small
 * one (a thumbnail shows no difference).
 */
const MAX_SAMPLES_PER_AXIS = 4;

function samplesOf(offset: number, size: number, outSize: number): number[][] {
  return Array.from({ length: outSize }, (_, i) => {
    const [first, end] = [offset + Math.round((i * size) / outSize), offset + Math.round(((i + 1) * size) / outSize)];
    const span = end - first;
    const count = Math.min(span, MAX_SAMPLES_PER_AXIS);
    return Array.from({ length: count }, (_, k) => first + Math.floor(((k + 0.5) * span) / count));
  });
}

/** Strokes the outline's segments: a square of the line's width stamped every half pixel along each. */
function drawOutline(target: RawPixels, outline: Outline, rect: PixelRect, scaleX: number, scaleY: number): void {
  const points = outline.points.map(([u, v]) => [(u - rect.left) * scaleX, (v - rect.top) * scaleY] as const);
  if (outline.closed && points.length > 2) points.push(points[0]!);
  const half = outline.widthPx / 2;
  const stamp = (cx: number, cy: number) => {
    const [x0, x1] = [Math.max(0, Math.round(cx - half)), Math.min(target.width, Math.round(cx + half))];
    const [y0, y1] = [Math.max(0, Math.round(cy - half)), Math.min(target.height, Math.round(cy + half))];
    for (let y = y0; y < y1; y += 1) {
      for (let x = x0; x < x1; x += 1) {
        const at = (y * target.width + x) * target.channels;
        target.data[at] = outline.rgb[0];
        target.data[at + 1] = outline.rgb[1];
        target.data[at + 2] = outline.rgb[2];
      }
    }
  };
  if (points.length === 1) stamp(points[0]![0], points[0]![1]);
  for (let i = 1; i < points.length; i += 1) {
    const [[ax, ay], [bx, by]] = [points[i - 1]!, points[i]!];
    const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) * 2));
    for (let step = 0; step <= steps; step += 1)
      stamp(ax + ((bx - ax) * step) / steps, ay + ((by - ay) * step) / steps);
  }
}
