import { deflateSync } from 'node:zlib';
import { LIMITS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { type PhotoReading, readPhotoMetadata } from './photo-metadata.js';
import type { PhotoMetadata } from './photo-metadata-schema.js';
import { photoMetadataSchema } from './photo-metadata-schema.js';
import type { WithoutPoseReason } from './photo-pose.js';
import { missingFixtureMessage, readFixture } from './test-fixtures.js';
import { jpegHeaderWithDjiXmp } from './synthetic-photo.js';

/** `exiftool -j -n` of every fixture photo (ExifTool 12.57, see drone-photos/SOURCE.md). */
type ExiftoolEntry = Record<string, string | number | undefined> & { SourceFile: string };

const exiftoolJson = readFixture('drone-photos', 'exiftool.json');
const exiftool: ExiftoolEntry[] = exiftoolJson ? (JSON.parse(exiftoolJson.toString('utf8')) as ExiftoolEntry[]) : [];
if (!exiftoolJson) console.warn(missingFixtureMessage('drone-photos', 'exiftool.json'));

/** ExifTool writes DJI's "+336.76" XMP values as JSON strings and the others as numbers. */
function num(entry: ExiftoolEntry, tag: string): number | null {
  const value = entry[tag];
  return value === undefined ? null : Number.parseFloat(String(value));
}

function photo(reading: PhotoReading): {
  metadata: PhotoMetadata;
  pose: Extract<PhotoReading, { kind: 'photo' }>['pose'];
} {
  if (reading.kind !== 'photo') throw new Error(`refused: ${reading.reason}`);
  return reading;
}

/**
 * Tolerances. Both tools read the same EXIF rationals and the same XMP decimal text, so the differences are
 * floating-point rounding only: ExifTool prints 15 significant digits, exifr converts degrees/minutes/seconds in
 * another order (the Canon fixtures differ by 4e-13 degree).
 * - Degrees of latitude and longitude: 1e-9 (0.1 mm on the ground).
 * - Metres, millimetres of focal length and degrees of attitude: 1e-6.
 */
const DEGREES = 1e-9;
const FINE = 1e-6;

function expectClose(actual: number | null, expected: number | null, tolerance: number, what: string): void {
  if (expected === null) {
    expect(actual, what).toBeNull();
    return;
  }
  expect(actual, what).not.toBeNull();
  expect(Math.abs((actual as number) - expected), `${what}: ${actual} vs exiftool ${expected}`).toBeLessThanOrEqual(
    tolerance,
  );
}

/** What each fixture should give, from drone-photos/SOURCE.md and the photos' exiftool reading. */
const EXPECTED_POSE: Record<string, { reason: WithoutPoseReason; properties: string[] } | 'pose'> = {
  'DJI_0012.JPG': 'pose',
  'DJI_0030.JPG': 'pose',
  'DJI_XT2.jpg': 'pose',
  'exifr_002.tiff': 'pose',
  'exifr_issue-exifr-13.jpg': 'pose',
  // GPS and the DJI XMP were stripped upstream.
  'M3T_DJI_0001_R_pose-stripped.JPG': {
    reason: 'noGps',
    properties: [
      'GPSLatitude',
      'GPSLongitude',
      'GPSAltitude',
      'drone-dji:GimbalYawDegree',
      'drone-dji:GimbalPitchDegree',
      'drone-dji:GimbalRollDegree',
    ],
  },
  // GPS altitude 8 m below sea level: SPEC section 5 wants an altitude that is not negative.
  'exifr_001.tif': { reason: 'poseOutOfRange', properties: ['altitude'] },
  // EXIF GPS only, no DJI gimbal.
  'tiny_drone_image.jpg': { reason: 'noGimbalAttitude', properties: gimbal() },
  'tiny_drone_image_2.jpg': { reason: 'noGimbalAttitude', properties: gimbal() },
  'tiny_drone_image_multispec.tif': { reason: 'noGimbalAttitude', properties: gimbal() },
};

function gimbal(): string[] {
  return ['drone-dji:GimbalYawDegree', 'drone-dji:GimbalPitchDegree', 'drone-dji:GimbalRollDegree'];
}

describe.skipIf(!exiftoolJson)('fixture photos: readPhotoMetadata against exiftool, field by field', () => {
  it('covers every photo listed by exiftool', () => {
    expect(exiftool.map((e) => e.SourceFile).sort()).toEqual(Object.keys(EXPECTED_POSE).sort());
  });

  for (const entry of exiftool) {
    const name = entry.SourceFile;
    const bytes = readFixture('drone-photos', name);

    it.skipIf(!bytes)(`${name}: metadata equals exiftool's reading`, async () => {
      const { metadata } = photo(await readPhotoMetadata(bytes as Buffer));
      expect(photoMetadataSchema.parse(metadata)).toEqual(metadata);
      expect(metadata.unreadable).toBe(false);

      expect(metadata.contentType).toBe(entry.MIMEType);
      expect(metadata.width).toBe(num(entry, 'ImageWidth'));
      expect(metadata.height).toBe(num(entry, 'ImageHeight'));
      expect(metadata.orientation).toBe(num(entry, 'Orientation'));
      expect(metadata.make).toBe(entry.Make ?? null);
      expect(metadata.model).toBe(entry.Model ?? null);

      expectClose(metadata.latitude, num(entry, 'GPSLatitude'), DEGREES, 'latitude');
      expectClose(metadata.longitude, num(entry, 'GPSLongitude'), DEGREES, 'longitude');
      // exiftool's composite GPSAltitude is already signed by GPSAltitudeRef (exifr_001.tif: -8).
      expectClose(metadata.gpsAltitude, num(entry, 'GPSAltitude'), FINE, 'GPS altitude');
      expectClose(metadata.absoluteAltitude, num(entry, 'AbsoluteAltitude'), FINE, 'absolute altitude');
      expectClose(metadata.relativeAltitude, num(entry, 'RelativeAltitude'), FINE, 'relative altitude');
      expectClose(metadata.gimbalYaw, num(entry, 'GimbalYawDegree'), FINE, 'gimbal yaw');
      expectClose(metadata.gimbalPitch, num(entry, 'GimbalPitchDegree'), FINE, 'gimbal pitch');
      expectClose(metadata.gimbalRoll, num(entry, 'GimbalRollDegree'), FINE, 'gimbal roll');
      expectClose(metadata.flightYaw, num(entry, 'FlightYawDegree'), FINE, 'flight yaw');
      expectClose(metadata.flightPitch, num(entry, 'FlightPitchDegree'), FINE, 'flight pitch');
      expectClose(metadata.flightRoll, num(entry, 'FlightRollDegree'), FINE, 'flight roll');
      expectClose(metadata.focalLengthMm, num(entry, 'FocalLength'), FINE, 'focal length');
      expectClose(metadata.focalLength35mm, num(entry, 'FocalLengthIn35mmFormat'), 0, 'focal length 35 mm');

      // exiftool's DateTimeOriginal may come from XMP with its own fraction and zone (DJI_XT2.jpg); the EXIF
      // seconds must agree, and the EXIF SubSecTimeOriginal is ours.
      const original = String(entry.DateTimeOriginal)
        .replace(/^(\d{4}):(\d{2}):(\d{2}) /, '$1-$2-$3T')
        .slice(0, 19);
      expect(metadata.captureTime?.slice(0, 19)).toBe(original);
      const subSec = entry.SubSecTimeOriginal;
      expect(metadata.captureTime?.slice(19)).toBe(subSec === undefined ? '' : `.${subSec}`);
    });

    it.skipIf(!bytes)(`${name}: pose equals exiftool's GPS and gimbal, or names what is missing`, async () => {
      const { pose } = photo(await readPhotoMetadata(bytes as Buffer));
      const expected = EXPECTED_POSE[name];
      if (expected !== 'pose') {
        expect(pose).toEqual({ ok: false, ...expected });
        return;
      }
      if (!pose.ok) throw new Error(`${name}: no pose (${pose.reason})`);
      expectClose(pose.pose.longitude, num(entry, 'GPSLongitude'), DEGREES, 'longitude');
      expectClose(pose.pose.latitude, num(entry, 'GPSLatitude'), DEGREES, 'latitude');
      expectClose(pose.pose.altitude, num(entry, 'GPSAltitude'), FINE, 'altitude');
      expectClose(pose.pose.yaw, num(entry, 'GimbalYawDegree'), FINE, 'yaw');
      expectClose(pose.pose.pitch, num(entry, 'GimbalPitchDegree'), FINE, 'pitch');
      expectClose(pose.pose.roll, num(entry, 'GimbalRollDegree'), FINE, 'roll');
      expect(pose.altitudeSource).toBe('GPSAltitude');
    });
  }
});

// ---------------------------------------------------------------- bad bytes: a reason, never a throw

/** Deterministic pseudo-random bytes (mulberry32), so a failure can be replayed. */
function randomBytes(length: number, seed: number): Uint8Array {
  let state = seed >>> 0;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
  }
  return out;
}

describe('files that are not photos are refused with a reason', () => {
  it('refuses an empty file', async () => {
    expect(await readPhotoMetadata(new Uint8Array())).toEqual({ kind: 'refused', reason: 'empty' });
  });

  it('refuses a file over the single-file limit of SPEC section 9', async () => {
    const big = new Uint8Array(LIMITS.singleFileBytes + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await readPhotoMetadata(big)).toEqual({ kind: 'refused', reason: 'tooLarge' });
  });

  it('refuses other types by their bytes, whatever they are called', async () => {
    const others = [
      Buffer.from('GIF89a\x01\x00\x01\x00'),
      Buffer.from('%PDF-1.7\n'),
      Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 '),
      Buffer.from('<?xml version="1.0"?><document/>'),
      Buffer.from([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63]), // HEIC
      Buffer.from([0xff, 0xd8]), // a JPEG start without its first marker
      randomBytes(4096, 7),
    ];
    for (const bytes of others) {
      expect(await readPhotoMetadata(bytes)).toEqual({ kind: 'refused', reason: 'unsupportedType' });
    }
  });
});

describe('broken photos are kept, without pose, with a reason', () => {
  it('a JPEG signature followed by noise', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x40]), randomBytes(2000, 11)]);
    const { metadata, pose } = photo(await readPhotoMetadata(bytes));
    expect(metadata.contentType).toBe('image/jpeg');
    expect(pose).toMatchObject({ ok: false, reason: 'unreadable' });
  });

  it('a TIFF header pointing past the end of the file', async () => {
    const bytes = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0xff, 0xff, 0x00, 0x00]);
    const { metadata, pose } = photo(await readPhotoMetadata(bytes));
    expect(metadata).toMatchObject({ contentType: 'image/tiff', width: null, height: null });
    expect(pose.ok).toBe(false);
  });

  const dji = readFixture('drone-photos', 'DJI_0012.JPG');
  const tiff = readFixture('drone-photos', 'exifr_001.tif');

  it.skipIf(!dji)('DJI_0012.JPG cut anywhere: headers cut short give a reason; cut after them, the pose', async () => {
    const jpeg = dji as Buffer;
    for (const length of [3, 4, 10, 100, 1000, 2000, 20_000, 40_000]) {
      const { pose } = photo(await readPhotoMetadata(jpeg.subarray(0, length)));
      expect(pose, `cut at ${length}`).toMatchObject({ ok: false, reason: 'unreadable' });
    }
    // EXIF and XMP sit in the first 64 KiB; the compressed image after them is the thumbnail job's to judge.
    for (const length of [70_000, 1_000_000, jpeg.length - 1]) {
      const { pose, metadata } = photo(await readPhotoMetadata(jpeg.subarray(0, length)));
      expect(pose.ok, `cut at ${length}`).toBe(true);
      expect(metadata.width).toBe(4000);
    }
  });

  it.skipIf(!tiff)('exifr_001.tif cut short gives a reason', async () => {
    for (const length of [8, 100, 1000]) {
      const { pose } = photo(await readPhotoMetadata((tiff as Buffer).subarray(0, length)));
      expect(pose, `cut at ${length}`).toMatchObject({ ok: false, reason: 'unreadable' });
    }
  });

  it.skipIf(!dji)('DJI_0012.JPG with noise written over its headers never throws', async () => {
    const jpeg = dji as Buffer;
    for (let seed = 1; seed <= 40; seed++) {
      const damaged = Buffer.from(jpeg.subarray(0, 80_000));
      const noise = randomBytes(64, seed);
      const at = 4 + (((noise[0] as number) << 8) | (noise[1] as number)) * 4;
      damaged.set(noise, Math.min(at, damaged.length - noise.length));
      const reading = await readPhotoMetadata(damaged);
      expect(reading.kind, `seed ${seed}`).toBe('photo');
    }
  });
});

// ---------------------------------------------------------------- photos made here, so these run without fixtures

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  // image-size and exifr do not check the CRC; a zero keeps the test short.
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
}

/** A 3x2 grey PNG with no metadata. */
function plainPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(3, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.from([0, 1, 2, 3, 0, 4, 5, 6]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('photos made in the test', () => {
  it('a PNG without metadata: its size, and no pose for want of GPS', async () => {
    const { metadata, pose } = photo(await readPhotoMetadata(plainPng()));
    expect(metadata).toMatchObject({ contentType: 'image/png', width: 3, height: 2, unreadable: false });
    expect(pose).toMatchObject({ ok: false, reason: 'noGps' });
  });

  it('a JPEG with only DJI XMP: position from drone-dji GpsLatitude/GpsLongtitude, altitude from AbsoluteAltitude', async () => {
    const bytes = jpegHeaderWithDjiXmp(640, 512, {
      GpsLatitude: '+22.5431',
      GpsLongtitude: '+113.9512',
      AbsoluteAltitude: '+120.50',
      RelativeAltitude: '+60.00',
      GimbalYawDegree: '-45.30',
      GimbalPitchDegree: '-30.00',
      GimbalRollDegree: '+0.00',
      FlightYawDegree: '-44.90',
      FlightPitchDegree: '+1.20',
      FlightRollDegree: '-0.40',
    });
    const { metadata, pose } = photo(await readPhotoMetadata(bytes));
    expect(metadata).toMatchObject({
      contentType: 'image/jpeg',
      width: 640,
      height: 512,
      latitude: 22.5431,
      longitude: 113.9512,
      gpsAltitude: null,
      absoluteAltitude: 120.5,
      relativeAltitude: 60,
      flightYaw: -44.9,
      flightPitch: 1.2,
      flightRoll: -0.4,
      captureTime: null,
    });
    expect(pose).toEqual({
      ok: true,
      pose: { longitude: 113.9512, latitude: 22.5431, altitude: 120.5, pitch: -30, yaw: -45.3, roll: 0 },
      altitudeSource: 'drone-dji:AbsoluteAltitude',
    });
  });

  it('a receiver without a fix (0, 0) counts as no GPS', async () => {
    const bytes = jpegHeaderWithDjiXmp(64, 48, {
      GpsLatitude: '0',
      GpsLongitude: '0',
      AbsoluteAltitude: '+10',
      GimbalYawDegree: '0',
      GimbalPitchDegree: '-90',
      GimbalRollDegree: '0',
    });
    const { pose } = photo(await readPhotoMetadata(bytes));
    expect(pose).toEqual({ ok: false, reason: 'noGps', properties: ['GPSLatitude', 'GPSLongitude'] });
  });
});
