import { describe, expect, it } from 'vitest';
import { detectImageContentType } from './content-type.js';
import type { PhotoMetadata } from './photo-metadata-schema.js';
import { poseFromMetadata } from './photo-pose.js';

/** DJI_0012.JPG's reading (exiftool.json), the base each case changes one thing of. */
const DJI_0012: PhotoMetadata = {
  contentType: 'image/jpeg',
  width: 4000,
  height: 2250,
  orientation: 1,
  make: 'DJI',
  model: 'FC220',
  captureTime: '2018-03-26T17:42:00',
  focalLengthMm: 4.73,
  focalLength35mm: 26,
  latitude: 53.9187566666667,
  longitude: 27.5767493055556,
  gpsAltitude: 336.755,
  absoluteAltitude: 336.76,
  relativeAltitude: 99,
  gimbalYaw: 37.1,
  gimbalPitch: -90,
  gimbalRoll: 0,
  flightYaw: 37.1,
  flightPitch: 3.6,
  flightRoll: -3.3,
  unreadable: false,
};

describe('poseFromMetadata', () => {
  it('takes GPS position and altitude and the gimbal (camera) angles, not the aircraft’s', () => {
    expect(poseFromMetadata(DJI_0012)).toEqual({
      ok: true,
      pose: {
        longitude: 27.5767493055556,
        latitude: 53.9187566666667,
        altitude: 336.755,
        pitch: -90,
        yaw: 37.1,
        roll: 0,
      },
      altitudeSource: 'GPSAltitude',
    });
  });

  it('falls back to drone-dji:AbsoluteAltitude when EXIF has no altitude', () => {
    const reading = poseFromMetadata({ ...DJI_0012, gpsAltitude: null });
    expect(reading).toMatchObject({
      ok: true,
      pose: { altitude: 336.76 },
      altitudeSource: 'drone-dji:AbsoluteAltitude',
    });
  });

  it('names every missing property, the reason from the first', () => {
    expect(poseFromMetadata({ ...DJI_0012, longitude: null })).toEqual({
      ok: false,
      reason: 'noGps',
      properties: ['GPSLongitude'],
    });
    expect(poseFromMetadata({ ...DJI_0012, gpsAltitude: null, absoluteAltitude: null })).toEqual({
      ok: false,
      reason: 'noAltitude',
      properties: ['GPSAltitude'],
    });
    expect(poseFromMetadata({ ...DJI_0012, gimbalRoll: null, gimbalYaw: null })).toEqual({
      ok: false,
      reason: 'noGimbalAttitude',
      properties: ['drone-dji:GimbalYawDegree', 'drone-dji:GimbalRollDegree'],
    });
  });

  it('keeps to the limits of SPEC section 5: longitude ±180, latitude ±90, altitude ≥ 0, angles ±360', () => {
    const out = (change: Partial<PhotoMetadata>) => poseFromMetadata({ ...DJI_0012, ...change });
    expect(out({ gpsAltitude: -0.01 })).toEqual({ ok: false, reason: 'poseOutOfRange', properties: ['altitude'] });
    expect(out({ latitude: 90.5, longitude: -181 })).toEqual({
      ok: false,
      reason: 'poseOutOfRange',
      properties: ['longitude', 'latitude'],
    });
    expect(out({ gimbalYaw: 360.5 })).toMatchObject({ ok: false, properties: ['yaw'] });
    expect(out({ gpsAltitude: 0, latitude: -90, longitude: 180, gimbalYaw: -360, gimbalPitch: 360 }).ok).toBe(true);
  });

  it('an unreadable photo has no pose, whatever was read', () => {
    expect(poseFromMetadata({ ...DJI_0012, unreadable: true })).toEqual({
      ok: false,
      reason: 'unreadable',
      properties: [],
    });
  });
});

describe('detectImageContentType', () => {
  it('knows JPEG, PNG and both TIFF byte orders by their first bytes', () => {
    expect(detectImageContentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe1]))).toBe('image/jpeg');
    expect(detectImageContentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(detectImageContentType(new Uint8Array([0x49, 0x49, 0x2a, 0x00]))).toBe('image/tiff');
    expect(detectImageContentType(new Uint8Array([0x4d, 0x4d, 0x00, 0x2a]))).toBe('image/tiff');
  });

  it('knows nothing else, and nothing cut shorter than a signature', () => {
    expect(detectImageContentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectImageContentType(new Uint8Array([0x49, 0x49, 0x2b, 0x00]))).toBeNull(); // BigTIFF
    expect(detectImageContentType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(detectImageContentType(new Uint8Array())).toBeNull();
  });
});
