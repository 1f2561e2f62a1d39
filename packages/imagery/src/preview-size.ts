/**
 * The long side of a photo's screen-size preview. A JPEG decoder can decode at 1/2, 1/4 or 1/8 of the full size
 * for little more than the cost of reading the file (libjpeg's DCT scaling, which sharp uses when it shrinks), while
 * any other size means decoding a larger image and resampling it: for a 20-megapixel photo, 1/4 scale takes about
 * two thirds of the time of a 2048 px preview. So the preview takes the smallest of those scales that keeps at least
 * `minimum` pixels on the long side, capped at `maximum`: between the two bounds for any photo larger than `minimum`,
 * and the photo's own size when it is smaller.
 */
const DECODER_SCALES = [8, 4, 2, 1] as const;

export function previewLongSide(width: number, height: number, bounds: { minimum: number; maximum: number }): number {
  const longSide = Math.max(width, height);
  if (longSide <= bounds.minimum) return longSide;
  // The decoder rounds a scaled size up, so the floor is always reachable at that scale.
  const scale = DECODER_SCALES.find((divisor) => Math.floor(longSide / divisor) >= bounds.minimum) ?? 1;
  return Math.min(bounds.maximum, Math.floor(longSide / scale));
}
