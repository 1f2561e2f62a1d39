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

/**
 * The long side of a photo's screen-size preview: of the photo shrunk by a whole factor to between `minimum` and
 * `maximum` pixels on the long side, the largest that sharp decodes at the cheapest JPEG scale any of them allows
 * (the photo's own size when it is no larger than `minimum`). For a 20-megapixel photo (5472 px) and a minimum of
 * 1024 that is a fifth, 1094 px, decoded at a quarter; for a 12-megapixel one (4000 px) a third, 1333 px, decoded at
 * half size; for a 45-megapixel one (8192 px) a fifth, 1638 px, decoded at a quarter.
 *
 * Why: a JPEG decoder can decode at 1/2, 1/4 or 1/8 of the full size (libjpeg's DCT scaling) for little more than
 * the cost of reading the file, and sharp uses the largest such scale a resize allows, with a margin
 * (`jpegDecodeScale`): a shrink from 2 to just under 3 decodes the whole photo, 3 to under 5 at half size, 5 to under
 * 9 at a quarter, 9 and more at an eighth. Decoding is most of a preview's cost, so the scale is chosen first and the
 * size second; a whole factor resamples evenly. A quarter of a 20-megapixel photo (1368 px) falls on sharp's margin
 * and costs a half-size decoding, a third more CPU than a fifth (docs/benchmarks.md, preview sizes).
 */
export function previewLongSide(width: number, height: number, bounds: { minimum: number; maximum: number }): number {
  const longSide = Math.max(width, height);
  if (longSide <= bounds.minimum) return longSide;
  let best: { side: number; scale: JpegDecodeScale } | undefined;
  for (let factor = 1; longSide / factor >= bounds.minimum; factor += 1) {
    const side = Math.floor(longSide / factor);
    if (side > bounds.maximum) continue;
    const scale = jpegDecodeScale(longSide / side);
    if (!best || scale > best.scale || (scale === best.scale && side > best.side)) best = { side, scale };
  }
  return best?.side ?? Math.min(longSide, bounds.maximum);
}
