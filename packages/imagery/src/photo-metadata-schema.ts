/** The metadata read from a photo, as stored with it and carried in job results. */
import { z } from 'zod';
import { IMAGE_CONTENT_TYPES } from './content-type.js';

const reading = z.number().nullable();

export const photoMetadataSchema = z.object({
  contentType: z.enum(IMAGE_CONTENT_TYPES),
  /** Pixels as stored (the frame header), before any EXIF orientation is applied. */
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /** EXIF orientation 1 to 8. */
  orientation: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  /** Camera clock, as written: `YYYY-MM-DDTHH:mm:ss[.fff][±hh:mm]`, no offset unless the photo carries one. */
  captureTime: z.string().nullable(),
  focalLengthMm: reading,
  focalLength35mm: reading,
  /** WGS84 degrees, EXIF GPS (else DJI's XMP copy). */
  latitude: reading,
  longitude: reading,
  /** Metres, EXIF GPSAltitude with its below-sea-level reference applied. */
  gpsAltitude: reading,
  /** drone-dji:AbsoluteAltitude and RelativeAltitude (above the take-off point), metres. */
  absoluteAltitude: reading,
  relativeAltitude: reading,
  /** drone-dji gimbal (camera) and flight (aircraft) attitude, degrees. */
  gimbalYaw: reading,
  gimbalPitch: reading,
  gimbalRoll: reading,
  flightYaw: reading,
  flightPitch: reading,
  flightRoll: reading,
  /**
   * The headers could not be parsed (truncated or corrupt): EXIF/XMP reported errors, or no frame header gave the
   * pixel size. Whatever was read is kept above.
   */
  unreadable: z.boolean(),
});
export type PhotoMetadata = z.infer<typeof photoMetadataSchema>;
