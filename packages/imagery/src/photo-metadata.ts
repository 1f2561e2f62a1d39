/**
 * What a drone photo says about itself: EXIF (GPS, focal length, capture time, camera) and DJI's XMP
 * (`drone-dji` namespace: gimbal and flight attitude, altitudes), read with exifr; pixel size with image-size.
 */
// exifr ships a UMD bundle as its Node entry: only the default export exists there.
import exifr from 'exifr';
import { imageSize } from 'image-size';
import { LIMITS } from '@sightline/shared';
import { type ImageContentType, detectImageContentType } from './content-type.js';
import type { PhotoMetadata } from './photo-metadata-schema.js';
import { type PoseReading, poseFromMetadata } from './photo-pose.js';

export type RefusedReason = 'empty' | 'tooLarge' | 'unsupportedType';

export type PhotoReading =
  { kind: 'refused'; reason: RefusedReason } | { kind: 'photo'; metadata: PhotoMetadata; pose: PoseReading };

const EXIFR_OPTIONS: Parameters<typeof exifr.parse>[1] = {
  tiff: true,
  exif: true,
  gps: true,
  xmp: true,
  ihdr: true,
  ifd1: false,
  interop: false,
  icc: false,
  iptc: false,
  jfif: false,
  makerNote: false,
  userComment: false,
  mergeOutput: false,
  // Raw values: dates stay the camera's text (reviving them would read them in the server's time zone).
  reviveValues: false,
  translateValues: false,
};

type Block = Record<string, unknown>;

const block = (value: unknown): Block =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Block) : {};

/** A finite number from exifr's output; DJI writes some XMP numbers as text with a leading "+". */
function finite(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // EXIF ASCII fields are NUL-padded by some cameras.
  const trimmed = value.replace(/\0+$/, '').trim();
  return trimmed === '' ? null : trimmed;
}

/** EXIF single-byte fields (GPSAltitudeRef) come as a number or a one-byte array depending on the container. */
function firstByte(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (value instanceof Uint8Array || Array.isArray(value)) return finite(value[0]);
  return null;
}

/** EXIF "YYYY:MM:DD HH:MM:SS" plus SubSecTime and OffsetTime into ISO 8601 local time. */
function captureTime(dateTime: unknown, subSec: unknown, offset: unknown): string | null {
  const match = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text(dateTime) ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  // Cameras without a clock write zeros.
  if (y === '0000') return null;
  const fraction = /^\d+$/.exec(text(subSec) ?? (typeof subSec === 'number' ? String(subSec) : ''))?.[0];
  const zone = /^[+-]\d{2}:\d{2}$/.exec(text(offset) ?? '')?.[0];
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction ? `.${fraction}` : ''}${zone ?? ''}`;
}

function pixelSize(bytes: Uint8Array): { width: number | null; height: number | null } {
  try {
    const size = imageSize(bytes);
    const positive = (n: number | undefined): number | null => (n !== undefined && n > 0 ? n : null);
    return { width: positive(size.width), height: positive(size.height) };
  } catch {
    // A header cut before the frame size: the photo is still listed, its size unknown.
    return { width: null, height: null };
  }
}

async function readBlocks(bytes: Uint8Array): Promise<Record<string, Block> | null> {
  try {
    const output: unknown = await exifr.parse(bytes, EXIFR_OPTIONS);
    if (output === undefined || output === null) return {};
    const blocks = block(output);
    // exifr reports segments it could not read in `errors` instead of throwing.
    const sections = Object.keys(blocks).filter((key) => key !== 'errors');
    if (sections.length === 0 && Array.isArray(blocks.errors) && blocks.errors.length > 0) return null;
    return Object.fromEntries(sections.map((key) => [key, block(blocks[key])]));
  } catch {
    return null;
  }
}

/**
 * Reads a photo's metadata from its bytes. Never throws: a file of another type is refused with a reason; a photo is
 * always returned with its pose or the reason it has none (SPEC section 2, "images without pose").
 */
export async function readPhotoMetadata(bytes: Uint8Array): Promise<PhotoReading> {
  if (bytes.length === 0) return { kind: 'refused', reason: 'empty' };
  if (bytes.length > LIMITS.singleFileBytes) return { kind: 'refused', reason: 'tooLarge' };
  const contentType = detectImageContentType(bytes);
  if (!contentType) return { kind: 'refused', reason: 'unsupportedType' };

  const blocks = await readBlocks(bytes);
  const metadata = buildMetadata(contentType, bytes, blocks);
  return { kind: 'photo', metadata, pose: poseFromMetadata(metadata) };
}

function buildMetadata(
  contentType: ImageContentType,
  bytes: Uint8Array,
  blocks: Record<string, Block> | null,
): PhotoMetadata {
  const ifd0 = blocks?.ifd0 ?? {};
  const exif = blocks?.exif ?? {};
  const gps = blocks?.gps ?? {};
  const dji = blocks?.['drone-dji'] ?? {};

  let latitude = finite(gps.latitude) ?? finite(dji.GpsLatitude);
  // Older DJI firmware spells the XMP property "GpsLongtitude".
  let longitude = finite(gps.longitude) ?? finite(dji.GpsLongitude) ?? finite(dji.GpsLongtitude);
  // Receivers without a fix write 0/0; a real photo at the intersection of the equator and Greenwich is far less likely.
  if (latitude === 0 && longitude === 0) latitude = longitude = null;

  const rawAltitude = finite(gps.GPSAltitude);
  const gpsAltitude = rawAltitude !== null && firstByte(gps.GPSAltitudeRef) === 1 ? -rawAltitude : rawAltitude;

  const size = pixelSize(bytes);
  return {
    contentType,
    ...size,
    orientation: finite(ifd0.Orientation),
    make: text(ifd0.Make),
    model: text(ifd0.Model),
    captureTime:
      captureTime(exif.DateTimeOriginal, exif.SubSecTimeOriginal, exif.OffsetTimeOriginal) ??
      captureTime(exif.CreateDate, exif.SubSecTimeDigitized, exif.OffsetTimeDigitized),
    focalLengthMm: finite(exif.FocalLength),
    focalLength35mm: finite(exif.FocalLengthIn35mmFormat),
    latitude,
    longitude,
    gpsAltitude,
    absoluteAltitude: finite(dji.AbsoluteAltitude),
    relativeAltitude: finite(dji.RelativeAltitude),
    gimbalYaw: finite(dji.GimbalYawDegree),
    gimbalPitch: finite(dji.GimbalPitchDegree),
    gimbalRoll: finite(dji.GimbalRollDegree),
    flightYaw: finite(dji.FlightYawDegree),
    flightPitch: finite(dji.FlightPitchDegree),
    flightRoll: finite(dji.FlightRollDegree),
    unreadable: blocks === null || size.width === null || size.height === null,
  };
}
