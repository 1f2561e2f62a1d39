/**
 * A photo's pose as SPEC section 3 names it (longitude, latitude, altitude, frustum pitch, yaw, roll), within the
 * limits of SPEC section 5. Conventions (docs/photo-poses.md): WGS84 degrees; altitude in metres as the drone
 * reports it; yaw, pitch and roll are the camera's (gimbal's) DJI angles, as packages/geo/src/orientation.ts defines.
 */
import { LIMITS } from '@sightline/shared';
import { z } from 'zod';
import type { PhotoMetadata } from './photo-metadata-schema.js';

const angle = z.number().min(-LIMITS.angleOffset).max(LIMITS.angleOffset);

export const photoPoseSchema = z.object({
  longitude: z.number().min(-LIMITS.longitude).max(LIMITS.longitude),
  latitude: z.number().min(-LIMITS.latitude).max(LIMITS.latitude),
  /** SPEC section 5: not negative. */
  altitude: z.number().min(0),
  pitch: angle,
  yaw: angle,
  roll: angle,
});
export type PhotoPose = z.infer<typeof photoPoseSchema>;

/**
 * Why a photo is listed under "images without pose" (SPEC section 2). The photo is kept either way.
 * - `unreadable`: the headers could not be parsed (truncated or corrupt): SPEC 8's "exif parse" error.
 * - `noGps`, `noAltitude`, `noGimbalAttitude`: a property a pose needs is missing: SPEC 5's "images must carry
 *   required exif/xmp properties", the attribute named in `properties`.
 * - `poseOutOfRange`: the properties are there but outside SPEC 5's limits (`properties` names the pose fields).
 */
export type WithoutPoseReason = 'unreadable' | 'noGps' | 'noAltitude' | 'noGimbalAttitude' | 'poseOutOfRange';

export type PoseReading =
  | { ok: true; pose: PhotoPose; altitudeSource: 'GPSAltitude' | 'drone-dji:AbsoluteAltitude' }
  | { ok: false; reason: WithoutPoseReason; properties: string[] };

/** The pose of a photo from its metadata, or why it has none. */
export function poseFromMetadata(meta: PhotoMetadata): PoseReading {
  if (meta.unreadable) return { ok: false, reason: 'unreadable', properties: [] };

  const missing: Array<{ reason: WithoutPoseReason; property: string }> = [];
  const need = (value: number | null, reason: WithoutPoseReason, property: string): void => {
    if (value === null) missing.push({ reason, property });
  };
  need(meta.latitude, 'noGps', 'GPSLatitude');
  need(meta.longitude, 'noGps', 'GPSLongitude');
  // The EXIF altitude carries a sign reference and more digits than DJI's XMP copy of the same reading.
  const altitude = meta.gpsAltitude ?? meta.absoluteAltitude;
  if (altitude === null) missing.push({ reason: 'noAltitude', property: 'GPSAltitude' });
  need(meta.gimbalYaw, 'noGimbalAttitude', 'drone-dji:GimbalYawDegree');
  need(meta.gimbalPitch, 'noGimbalAttitude', 'drone-dji:GimbalPitchDegree');
  need(meta.gimbalRoll, 'noGimbalAttitude', 'drone-dji:GimbalRollDegree');
  const first = missing[0];
  if (first) return { ok: false, reason: first.reason, properties: missing.map((m) => m.property) };

  const parsed = photoPoseSchema.safeParse({
    longitude: meta.longitude,
    latitude: meta.latitude,
    altitude,
    pitch: meta.gimbalPitch,
    yaw: meta.gimbalYaw,
    roll: meta.gimbalRoll,
  });
  if (!parsed.success) {
    return { ok: false, reason: 'poseOutOfRange', properties: parsed.error.issues.map((i) => i.path.join('.')) };
  }
  return {
    ok: true,
    pose: parsed.data,
    altitudeSource: meta.gpsAltitude !== null ? 'GPSAltitude' : 'drone-dji:AbsoluteAltitude',
  };
}
