import { z } from 'zod';

/**
 * POST /inspection-image/findInspectionAllImages/{id}: every photo of an inspection with a pose, with what the 3D
 * view needs to draw its position and frustum (docs/api.md, "Photos in the 3D view"). No pagination: an inspection
 * holds thousands of photos, so each row is kept small and the cameras are sent once per image group.
 */

/** Pixel intrinsics of a photo's newest pose when a photogrammetry export gave them (docs/photo-poses.md). */
export const photoIntrinsicsSchema = z.object({
  /** The image size the intrinsics are stated for, in pixels. */
  width: z.number().positive(),
  height: z.number().positive(),
  fx: z.number().positive(),
  fy: z.number().positive(),
  cx: z.number(),
  cy: z.number(),
});
export type PhotoIntrinsics = z.infer<typeof photoIntrinsicsSchema>;

export const photoViewGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The group's photo distance in metres: how deep its frustums are drawn. */
  photoDistance: z.number().int(),
  /** The group's camera: sensor size and focal length in millimetres, image size in pixels. */
  sensorWidthMm: z.number(),
  sensorHeightMm: z.number(),
  focalLengthMm: z.number(),
  imageWidthPx: z.number().int(),
  imageHeightPx: z.number().int(),
});
export type PhotoViewGroup = z.infer<typeof photoViewGroupSchema>;

/**
 * One photo with its newest pose: `pose` is [longitude, latitude, altitude, yaw, pitch, roll] (degrees and metres,
 * as docs/photo-poses.md defines them), rounded to about a millimetre and a thousandth of a degree.
 */
export const photoViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  groupId: z.number().int(),
  pose: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]),
  /** The photo's pixel size; null when its frame header did not give one. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Present only when the newest pose came with pixel intrinsics. */
  intrinsics: photoIntrinsicsSchema.optional(),
});
export type PhotoView = z.infer<typeof photoViewSchema>;

export const inspectionPhotoViewSchema = z.object({
  inspectionId: z.number().int(),
  groups: z.array(photoViewGroupSchema),
  photos: z.array(photoViewSchema),
  /** Listed photos left out for having no pose (still being read, failed, or without pose properties). */
  withoutPose: z.number().int(),
});
export type InspectionPhotoView = z.infer<typeof inspectionPhotoViewSchema>;
