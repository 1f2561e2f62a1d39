import { describe, expect, it } from 'vitest';
import {
  type EmbeddedImage,
  choosePreview,
  embeddedImages,
  exifThumbnail,
  findEmbeddedPreview,
  mpfImages,
} from './embedded-preview.js';
import {
  MPF_LARGE_THUMBNAIL,
  MPF_PRIMARY,
  jpegHeaderWithDjiXmp,
  jpegSegment,
  mpfSegment,
  withDjiXmp,
  withMpfPreview,
} from './synthetic-photo.js';
import { missingFixtureMessage, readFixture } from './test-fixtures.js';

/** `exiftool -j -n` of every fixture photo (see drone-photos/SOURCE.md). */
type ExiftoolEntry = Record<string, string | number | undefined> & { SourceFile: string };
const exiftoolJson = readFixture('drone-photos', 'exiftool.json');
const exiftool: ExiftoolEntry[] = exiftoolJson ? (JSON.parse(exiftoolJson.toString('utf8')) as ExiftoolEntry[]) : [];
if (!exiftoolJson) console.warn(missingFixtureMessage('drone-photos', 'exiftool.json'));

const MINIMUM = 1280;
/** A 20-megapixel primary (frame header only: nothing here decodes pixels) and the 1920 px preview a drone adds. */
const primary = jpegHeaderWithDjiXmp(5472, 3648, {});
const preview = jpegHeaderWithDjiXmp(1920, 1280, {});
const drone = withMpfPreview(primary, preview);

// Positions inside the index of withMpfPreview's output: its TIFF header is at byte 10, the IFD 8 bytes after it,
// the MP entries 50 bytes after it (16 bytes each: attribute, size, offset, two dependants).
const tiff = 10;
const previewEntry = tiff + 50 + 16;
/** `drone` with one number of its index overwritten. */
const lie = (at: number, value: number, bytes: 2 | 4 = 4) => {
  const copy = Buffer.from(drone);
  if (bytes === 4) copy.writeUInt32LE(value, at);
  else copy.writeUInt16LE(value, at);
  return copy;
};

/** Where `part` sits in `whole`, when `part` is a view into it. */
const offsetIn = (whole: Uint8Array, part: Uint8Array) => part.byteOffset - whole.byteOffset;

/** An APP1 EXIF segment holding only an orientation, as a camera that stores its preview upright may write. */
function exifOrientationSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(orientation, 18);
  return jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]));
}

const image = (width: number, height: number, orientation: number | null = null): EmbeddedImage => ({
  source: 'mpf',
  bytes: new Uint8Array(0),
  width,
  height,
  orientation,
});

describe('embedded previews of the fixture drone photos', () => {
  for (const name of ['DJI_0012.JPG', 'DJI_0030.JPG']) {
    const bytes = readFixture('drone-photos', name);
    const entry = exiftool.find((candidate) => candidate.SourceFile.endsWith(name));
    it.skipIf(!bytes || !entry)(
      `${name}: the MPF preview and EXIF thumbnail exiftool finds, too small to use`,
      async () => {
        const [mpf, thumbnail] = await embeddedImages(bytes!);
        expect(mpf).toMatchObject({ source: 'mpf', width: 960, height: 540 });
        expect(offsetIn(bytes!, mpf!.bytes)).toBe(entry!.MPImageStart);
        expect(mpf!.bytes.length).toBe(entry!.MPImageLength);
        expect(thumbnail).toMatchObject({ source: 'exif-thumbnail', width: 160, height: 120 });
        expect(thumbnail!.bytes.length).toBe(entry!.ThumbnailLength);
        // 960 px is below the product's preview (1024 px at least): the preview comes from the original.
        const photo = { width: 4000, height: 2250, orientation: 1 };
        expect(await findEmbeddedPreview(bytes!, photo, MINIMUM)).toBeNull();
        // With a lower bar the MPF preview wins; the 4:3 EXIF thumbnail of a 16:9 photo never qualifies.
        expect(await findEmbeddedPreview(bytes!, photo, 500)).toMatchObject({ source: 'mpf', width: 960 });
        expect(await findEmbeddedPreview(bytes!, photo, 100)).toMatchObject({ source: 'mpf', width: 960 });
      },
    );
  }

  const thermal = readFixture('drone-photos', 'M3T_DJI_0001_R_pose-stripped.JPG');
  it.skipIf(!thermal)('a thermal photo of 640 × 512 with a larger MPF image: never used', async () => {
    expect(mpfImages(thermal!)).toMatchObject([{ width: 960, height: 768 }]);
    expect(await findEmbeddedPreview(thermal!, { width: 640, height: 512, orientation: 1 }, 100)).toMatchObject({
      source: 'exif-thumbnail',
      width: 160,
    });
  });

  const noPreview = readFixture('drone-photos', 'exifr_issue-exifr-13.jpg');
  it.skipIf(!noPreview)('a photo without MPF: its EXIF thumbnail only', async () => {
    expect(mpfImages(noPreview!)).toEqual([]);
    expect(await exifThumbnail(noPreview!)).toMatchObject({ source: 'exif-thumbnail', width: 160, height: 112 });
  });
});

describe('MPF index', () => {
  it('finds the preview a drone camera appends, in either byte order, with segments added before the index', async () => {
    for (const bytes of [
      drone,
      withMpfPreview(primary, preview, 'MM'),
      withDjiXmp(drone, { GimbalYawDegree: '+1.0' }),
    ]) {
      const found = await findEmbeddedPreview(bytes, { width: 5472, height: 3648, orientation: 1 }, MINIMUM);
      expect(found).toMatchObject({ source: 'mpf', width: 1920, height: 1280, uprightOrientation: 1 });
      expect(Buffer.from(found!.bytes).equals(preview)).toBe(true);
      expect(offsetIn(bytes, found!.bytes)).toBe(bytes.length - preview.length);
    }
  });

  it('reads nothing from a photo without an index, from non-JPEG bytes or from nothing', () => {
    expect(mpfImages(primary)).toEqual([]);
    expect(mpfImages(Buffer.from('not a jpeg at all'))).toEqual([]);
    expect(mpfImages(new Uint8Array(0))).toEqual([]);
  });

  it('skips images that are not large thumbnails of the primary (stereo views, gain maps, other formats)', () => {
    for (const attribute of [0x00020002, 0x00020003, 0x00000000, MPF_PRIMARY, 0x01010001]) {
      expect(mpfImages(lie(previewEntry, attribute)), attribute.toString(16)).toEqual([]);
    }
    expect(mpfImages(lie(previewEntry, 0x00010002))).toHaveLength(1); // the full-HD class
  });

  it('a photo cut short: no preview, whether the cut is in the preview, the primary or the index', () => {
    const indexEnd = 2 + mpfSegment([{ attribute: 0, size: 0, offset: 0 }]).length + 16;
    for (const length of [
      drone.length - 1,
      drone.length - preview.length + 10,
      drone.length - preview.length - 2,
      indexEnd - 1,
      40,
      12,
      3,
    ]) {
      expect(mpfImages(drone.subarray(0, length)), String(length)).toEqual([]);
    }
  });

  describe('lying offsets and sizes', () => {
    // What each lie still yields: the real preview when the lie only overstates a count the reader stops early on.
    const cases: Array<[string, Buffer, number]> = [
      ['the preview starts past the end', lie(previewEntry + 8, drone.length), 0],
      ['the preview ends past the end', lie(previewEntry + 4, preview.length + 1), 0],
      ['the preview offset points into the primary', lie(previewEntry + 8, 100), 0],
      ['an offset that overflows when added', lie(previewEntry + 8, 0xffffffff), 0],
      ['a size that overflows when added', lie(previewEntry + 4, 0xffffffff), 0],
      ['the IFD starts outside the segment', lie(tiff + 4, 0x7fffffff), 0],
      ['the MP entries lie outside the segment', lie(tiff + 10 + 2 * 12 + 8, 0x10000), 0],
      ['the segment length runs past the file', lie(4, 0xffff, 2), 0],
      ['not a TIFF header', lie(tiff + 2, 43, 2), 0],
      ['the IFD claims 65535 fields', lie(tiff + 8, 0xffff, 2), 1],
      ['the MP entries claim 4 GB', lie(tiff + 10 + 2 * 12 + 4, 0xffffffff), 1],
    ];
    for (const [name, bytes, expected] of cases) {
      it(name, () => {
        const found = mpfImages(bytes);
        expect(found).toHaveLength(expected);
        for (const image of found) expect(Buffer.from(image.bytes).equals(preview)).toBe(true);
      });
    }

    it('any single byte of the index overwritten: never throws, never reads outside the file', () => {
      const segmentEnd = 4 + drone.readUInt16BE(4);
      for (let at = 2; at < segmentEnd; at++) {
        for (const value of [0x00, 0x7f, 0xff]) {
          const copy = Buffer.from(drone);
          copy[at] = value;
          for (const image of mpfImages(copy)) {
            expect(offsetIn(copy, image.bytes) + image.bytes.length).toBeLessThanOrEqual(copy.length);
            expect(image.bytes[0]).toBe(0xff);
          }
        }
      }
    });
  });
});

describe('choosing the preview', () => {
  const photo = { width: 5472, height: 3648, orientation: 1 };

  it('the largest image of the right shape and size', () => {
    expect(choosePreview([image(1920, 1280), image(2736, 1824), image(160, 107)], photo, MINIMUM)).toMatchObject({
      width: 2736,
    });
    expect(choosePreview([], photo, MINIMUM)).toBeNull();
  });

  it('its shape within 1 % of the photo’s: a cropped or letterboxed image is refused', () => {
    expect(choosePreview([image(1920, 1285)], photo, MINIMUM)).not.toBeNull(); // 0.4 % narrower
    expect(choosePreview([image(1920, 1300)], photo, MINIMUM)).toBeNull(); // 1.5 %
    expect(choosePreview([image(1920, 1080)], photo, MINIMUM)).toBeNull(); // 16:9 of a 3:2 photo
  });

  it('its long side at least the minimum and at most the photo’s', () => {
    expect(choosePreview([image(1200, 800)], photo, MINIMUM)).toBeNull();
    expect(choosePreview([image(1280, 853)], photo, MINIMUM)).not.toBeNull();
    expect(choosePreview([image(6000, 4000)], photo, MINIMUM)).toBeNull();
    expect(choosePreview([image(1920, 1280)], { width: 1200, height: 800, orientation: 1 }, MINIMUM)).toBeNull();
  });

  it('turned as the photo is, unless it carries its own orientation', () => {
    const turned = { width: 5472, height: 3648, orientation: 6 };
    // Stored in the sensor's order like the primary: the photo's orientation turns it upright.
    expect(choosePreview([image(1920, 1280)], turned, MINIMUM)).toMatchObject({ uprightOrientation: 6 });
    // Stored upright with its own orientation 1: used as it is.
    expect(choosePreview([image(1280, 1920, 1)], turned, MINIMUM)).toMatchObject({ uprightOrientation: 1 });
    // Stored upright without saying so: turning it as the photo would lay it on its side, so it is refused.
    expect(choosePreview([image(1280, 1920)], turned, MINIMUM)).toBeNull();
    // A photo without an orientation is upright.
    expect(choosePreview([image(1920, 1280)], { ...photo, orientation: null }, MINIMUM)).toMatchObject({
      uprightOrientation: 1,
    });
  });

  it('reads an embedded image’s own orientation', async () => {
    const upright = jpegHeaderWithDjiXmp(1280, 1920, {});
    const tagged = Buffer.concat([upright.subarray(0, 2), exifOrientationSegment(1), upright.subarray(2)]);
    const bytes = withMpfPreview(primary, tagged);
    expect(mpfImages(bytes)).toMatchObject([{ width: 1280, height: 1920, orientation: 1 }]);
    expect(await findEmbeddedPreview(bytes, { width: 5472, height: 3648, orientation: 6 }, MINIMUM)).toMatchObject({
      width: 1280,
      uprightOrientation: 1,
    });
    expect(MPF_LARGE_THUMBNAIL).toBe(65537); // exiftool's MPImageType of the fixture DJI previews
  });
});
