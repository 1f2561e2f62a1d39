import { describe, expect, it } from 'vitest';
import { cropScaleOutline, type RawPixels } from './thumbnail-raster.js';

/** A picture whose pixel (x, y) is (x, y, x + y) in RGB: every value says where it came from. */
function gradient(width: number, height: number): RawPixels {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) data.set([x, y, x + y], (y * width + x) * 3);
  return { data, width, height, channels: 3 };
}

const pixel = (picture: RawPixels, x: number, y: number) =>
  Array.from(picture.data.subarray((y * picture.width + x) * picture.channels, (y * picture.width + x + 1) * 3));

describe('cropping and scaling raw pixels', () => {
  it('copies the rectangle as it is at full size', () => {
    const out = cropScaleOutline(gradient(20, 10), { left: 5, top: 2, width: 4, height: 3 }, 4, 3);
    expect([out.width, out.height]).toEqual([4, 3]);
    expect(pixel(out, 0, 0)).toEqual([5, 2, 7]);
    expect(pixel(out, 3, 2)).toEqual([8, 4, 12]);
  });

  it('averages each output pixel over the source pixels it covers', () => {
    // Halved: output (0, 0) is the mean of source (10..11, 4..5) -> x 10.5, y 4.5.
    const out = cropScaleOutline(gradient(40, 20), { left: 10, top: 4, width: 8, height: 6 }, 4, 3);
    expect(pixel(out, 0, 0)).toEqual([Math.round(10.5), Math.round(4.5), 15]);
    expect(pixel(out, 3, 2)).toEqual([Math.round(16.5), Math.round(8.5), 25]);
  });

  it('averages uneven boxes when the scale is not a whole number', () => {
    const flat = { data: new Uint8Array(9 * 7 * 4).fill(200), width: 9, height: 7, channels: 4 };
    const out = cropScaleOutline(flat, { left: 0, top: 0, width: 9, height: 7 }, 4, 3);
    expect(out.data.every((value) => value === 200)).toBe(true);
    expect(out.data.length).toBe(4 * 3 * 4);
  });

  it("samples a large span evenly, so that its mean is still the span's mean", () => {
    // 200 source columns into one output pixel: four samples spread over it, not the first four.
    const out = cropScaleOutline(gradient(200, 4), { left: 0, top: 0, width: 200, height: 4 }, 1, 1);
    expect(Math.abs(pixel(out, 0, 0)[0]! - 99.5)).toBeLessThanOrEqual(1);
    expect(Math.abs(pixel(out, 0, 0)[1]! - 1.5)).toBeLessThanOrEqual(1);
  });

  it('refuses a rectangle outside the picture and an output larger than the rectangle', () => {
    const picture = gradient(10, 10);
    expect(() => cropScaleOutline(picture, { left: 8, top: 0, width: 3, height: 2 }, 1, 1)).toThrow(RangeError);
    expect(() => cropScaleOutline(picture, { left: -1, top: 0, width: 3, height: 2 }, 1, 1)).toThrow(RangeError);
    expect(() => cropScaleOutline(picture, { left: 0, top: 0, width: 3, height: 2 }, 4, 2)).toThrow(RangeError);
    expect(() => cropScaleOutline(picture, { left: 0, top: 0, width: 3, height: 2 }, 0, 1)).toThrow(RangeError);
  });
});

describe('the outline', () => {
  const red = [255, 0, 0] as const;
  const black = (width: number, height: number): RawPixels => ({
    data: new Uint8Array(width * height * 3),
    width,
    height,
    channels: 3,
  });

  it('draws a line at the output scale between the scaled points, and nothing away from it', () => {
    // A horizontal line across the middle of a 100 x 50 crop, halved to 50 x 25.
    const out = cropScaleOutline(black(200, 100), { left: 50, top: 25, width: 100, height: 50 }, 50, 25, {
      points: [
        [60, 50],
        [140, 50],
      ],
      closed: false,
      rgb: red,
      widthPx: 2,
    });
    // Source x 60..140 is output 5..45; source y 50 is output 12.5 -> rows 12 and 13.
    expect(pixel(out, 5, 12)).toEqual([255, 0, 0]);
    expect(pixel(out, 25, 13)).toEqual([255, 0, 0]);
    expect(pixel(out, 44, 12)).toEqual([255, 0, 0]);
    expect(pixel(out, 25, 10)).toEqual([0, 0, 0]);
    expect(pixel(out, 25, 15)).toEqual([0, 0, 0]);
    expect(pixel(out, 2, 12)).toEqual([0, 0, 0]);
    expect(pixel(out, 48, 12)).toEqual([0, 0, 0]);
  });

  it("closes a polygon's outline and keeps an outline leaving the crop inside it", () => {
    const out = cropScaleOutline(black(20, 20), { left: 0, top: 0, width: 20, height: 20 }, 20, 20, {
      points: [
        [2, 2],
        [17, 2],
        [17, 30],
      ],
      closed: true,
      rgb: red,
      widthPx: 1,
    });
    // The closing side from (17, 30) back to (2, 2) passes (9.5, 16).
    const onClosingSide = [7, 8, 9, 10, 11].some((x) => pixel(out, x, 16)[0] === 255);
    expect(onClosingSide).toBe(true);
    expect(pixel(out, 17, 19)).toEqual([255, 0, 0]);
    expect(pixel(out, 5, 10)).toEqual([0, 0, 0]);
  });
});
