/**
 * The long side of a photo's screen-size preview: the photo shrunk by the largest whole factor that keeps at least
 * `minimum` pixels on the long side, capped at `maximum` (and the photo's own size when it is smaller than
 * `minimum`). For a 20-megapixel photo (5472 px) that is a quarter, 1368 px; for a 12-megapixel one (4000 px) a third,
 * 1333 px.
 *
 * Why a whole factor: a JPEG decoder can decode at 1/2, 1/4 or 1/8 of the full size (libjpeg's DCT scaling) for
 * little more than the cost of reading the file, and sharp uses the largest such scale a resize allows, with a
 * margin (`jpegDecodeScale`): a shrink from 2 to just under 3 decodes the whole photo, 3 to under 5 at half size, 5
 * to under 9 at a quarter, 9 and more at an eighth. The scale depends only on the shrink's whole part, so the
 * largest whole factor above the minimum decodes at the cheapest scale any preview of `minimum` pixels or more can,
 * and resamples by a whole factor. The earlier rule, the exact decoder scale (1/2, 1/4, 1/8) that keeps the
 * minimum, fell on sharp's margin: half of a 12-megapixel photo decoded it whole, a third more CPU than this rule
 * (docs/benchmarks.md, preview sizes).
 */
const DECODER_SCALES = [8, 4, 2] as const;

export type JpegDecodeScale = 1 | (typeof DECODER_SCALES)[number];

/**
 * The scale sharp decodes a JPEG at to shrink it by `shrink` (`src/pipeline.cc` in sharp's package, with its default
 * `fastShrinkOnLoad`): the largest of 8, 4 and 2 not above `shrink`, halved when the shrink's whole part equals it
 * (sharp's guard against libjpeg rounding a scaled size up).
 */
export function jpegDecodeScale(shrink: number): JpegDecodeScale {
  const scale = DECODER_SCALES.find((divisor) => shrink >= divisor);
  if (!scale) return 1;
  return Math.trunc(shrink) === scale ? ((scale / 2) as JpegDecodeScale) : scale;
}

export function previewLongSide(width: number, height: number, bounds: { minimum: number; maximum: number }): number {
  const longSide = Math.max(width, height);
  if (longSide <= bounds.minimum) return longSide;
  const factor = Math.floor(longSide / bounds.minimum);
  return Math.min(bounds.maximum, Math.floor(longSide / factor));
}
