import { describe, expect, it } from 'vitest';
import { differingResolutions, resolutionOf } from './camera-resolution';

/** A JPEG that is only its JFIF and frame headers: enough for the size, as the first bytes of a real photo are. */
function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

const camera = { imageWidthPx: 5280, imageHeightPx: 3956 };

describe('camera resolution against the photos', () => {
  it('reads a photo’s size from its header, and nothing from bytes that are not a photo', () => {
    expect(resolutionOf(jpegHeader(5280, 3956))).toEqual({ width: 5280, height: 3956 });
    expect(resolutionOf(new TextEncoder().encode('not a photo at all'))).toBeNull();
  });

  it('accepts the camera’s size in either orientation and lists each differing size once', () => {
    expect(differingResolutions(camera, [{ width: 5280, height: 3956 }, { width: 3956, height: 5280 }, null])).toEqual(
      [],
    );
    expect(
      differingResolutions(camera, [
        { width: 4000, height: 3000 },
        { width: 5280, height: 3956 },
        { width: 4000, height: 3000 },
        { width: 640, height: 512 },
      ]),
    ).toEqual([
      { width: 4000, height: 3000 },
      { width: 640, height: 512 },
    ]);
  });
});
