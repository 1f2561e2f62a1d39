import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { idField, idParam } from './fields.js';
import { IMAGE_CATEGORIES } from './system-config.js';

/** The tus endpoint of photo uploads (one upload per photo). */
export const INSPECTION_IMAGE_UPLOAD_PATH = '/api/inspection-image/upload/';
/** The Upload-Metadata keys of a photo upload. */
export const INSPECTION_IMAGE_UPLOAD_METADATA = {
  inspectionId: 'inspectionId',
  imageGroupId: 'imageGroupId',
  category: 'category',
  fileName: 'filename',
} as const;
/** Name of the event-stream message carrying an inspection's upload and processing counts. */
export const INSPECTION_IMAGES_EVENT = 'inspectionImages';
/** The file route of a photo's bytes: `<prefix><inspectionId>/<imageId>/<variant>`; a signed link opens one inspection. */
export const INSPECTION_IMAGE_FILES_PATH = '/api/inspection-image/files/';
export const INSPECTION_IMAGE_VARIANTS = ['thumbnail', 'preview', 'original'] as const;
export type InspectionImageVariant = (typeof INSPECTION_IMAGE_VARIANTS)[number];
/** Long side of the thumbnail, in pixels. */
export const INSPECTION_IMAGE_THUMBNAIL_PX = 256;
/**
 * Bounds of the screen-size preview's long side, in pixels: at most the maximum, and at least the minimum unless the
 * photo is smaller (packages/imagery `previewLongSide`: of the photo shrunk by a whole factor within the bounds, the
 * largest that sharp decodes at the cheapest JPEG scale any of them allows).
 */
export const INSPECTION_IMAGE_PREVIEW_PX = 2048;
export const INSPECTION_IMAGE_PREVIEW_MIN_PX = 1024;

/**
 * Where a photo is in its ingest: `uploaded` (stored, its job queued or running), `processed` (metadata, pose and
 * thumbnails read), `failed` (the bytes could not be decoded: `errorKey` says why). An upload still receiving bytes
 * is not an image yet and is listed nowhere.
 */
export const INSPECTION_IMAGE_STATES = ['uploaded', 'processed', 'failed'] as const;
export type InspectionImageState = (typeof INSPECTION_IMAGE_STATES)[number];
/** SPEC section 3/4: 0 not screened, 1 screened, 2 doubtful. */
export const SCREENING_STATUSES = [0, 1, 2] as const;
export const REVIEW_STATUSES = ['toReview', 'reviewed'] as const;
/** docs/photo-poses.md, "Photos without pose". */
export const WITHOUT_POSE_REASONS = [
  'unreadable',
  'noGps',
  'noAltitude',
  'noGimbalAttitude',
  'poseOutOfRange',
] as const;
export type WithoutPoseReasonCode = (typeof WITHOUT_POSE_REASONS)[number];

export const imageFileNameField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(255, { error: 'tooLong' })
  .refine((name) => !/[/\\]/.test(name), { error: 'invalidValue' });

/** The Upload-Metadata of a photo upload as the server checks it (the bytes decide the content type). */
export const inspectionImageUploadMetadataSchema = z.object({
  [INSPECTION_IMAGE_UPLOAD_METADATA.inspectionId]: idParam,
  [INSPECTION_IMAGE_UPLOAD_METADATA.imageGroupId]: idParam,
  [INSPECTION_IMAGE_UPLOAD_METADATA.category]: z.enum(IMAGE_CATEGORIES, { error: 'invalidValue' }).default('normal'),
  [INSPECTION_IMAGE_UPLOAD_METADATA.fileName]: imageFileNameField,
});

export const imagePoseSchema = z.object({
  longitude: z.number(),
  latitude: z.number(),
  altitude: z.number(),
  pitch: z.number(),
  yaw: z.number(),
  roll: z.number(),
});
export type ImagePose = z.infer<typeof imagePoseSchema>;

export const inspectionImageSchema = z.object({
  id: z.number().int(),
  inspectionId: z.number().int(),
  imageGroupId: z.number().int(),
  name: z.string(),
  category: z.enum(IMAGE_CATEGORIES),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  state: z.enum(INSPECTION_IMAGE_STATES),
  /** The translated error key of a failed photo. */
  errorKey: z.string().nullable(),
  pose: imagePoseSchema.nullable(),
  /** Why a processed photo has no pose, with the properties at fault; null when it has one or is not processed. */
  withoutPose: z.object({ reason: z.enum(WITHOUT_POSE_REASONS), properties: z.array(z.string()) }).nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  screeningStatus: z.number().int(),
  reviewStatus: z.enum(REVIEW_STATUSES),
  favourite: z.boolean(),
  /** Defects drawn on the photo (the has-defect flag; kept by modules/defect). */
  defectCount: z.number().int(),
  uploadedAt: z.string(),
  /** File URLs (append a signed link's query for an element that cannot send a header); null until made. */
  thumbnailUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
  originalUrl: z.string(),
});
export type InspectionImage = z.infer<typeof inspectionImageSchema>;

/** One photo with its EXIF/XMP reading (packages/imagery's PhotoMetadata; null until processed). */
export const inspectionImageDetailSchema = inspectionImageSchema.extend({
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type InspectionImageDetail = z.infer<typeof inspectionImageDetailSchema>;

export const inspectionImagePageSchema = pageOf(inspectionImageSchema);

const pageBody = z.object({
  pageNum: pageQuerySchema.shape.pageNum,
  pageSize: pageQuerySchema.shape.pageSize,
});

/** POST /inspection-image/findPage: an inspection's photos, upload order, with optional filters. */
export const inspectionImageFindPageBodySchema = pageBody.extend({
  inspectionId: idField,
  imageGroupId: idField.optional(),
  category: z.enum(IMAGE_CATEGORIES, { error: 'invalidValue' }).optional(),
  /** true: photos with a pose; false: photos whose processing ended without one (SPEC "images without pose"). */
  hasPose: z.boolean({ error: 'invalidValue' }).optional(),
  screeningStatus: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'invalidValue' }).optional(),
  state: z.enum(INSPECTION_IMAGE_STATES, { error: 'invalidValue' }).optional(),
});
export type InspectionImageFindPageBody = z.infer<typeof inspectionImageFindPageBodySchema>;

/** POST /inspection-image/page/img: the inspection's images without pose (and failed photos), each with its reason. */
export const inspectionImageWithoutPoseBodySchema = pageBody.extend({
  inspectionId: idField,
  imageGroupId: idField.optional(),
});

export const inspectionImageBatchDeleteBodySchema = z.object({
  ids: z.array(idField, { error: 'invalidValue' }).min(1, { error: 'required' }).max(1000, { error: 'tooLong' }),
});

export const inspectionImagesEventSchema = z.object({
  inspectionId: z.number().int(),
  /** Photos stored (any state), processed, and failed so far. */
  uploaded: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
});
export type InspectionImagesEvent = z.infer<typeof inspectionImagesEventSchema>;

/**
 * The full-resolution viewer's multi-resolution pyramid of a photo (Deep Zoom levels of `tileSize` tiles with
 * `overlap`, level `maxLevel` at full size), made once, the first time the photo is opened in the viewer: `none`
 * (never asked for), `making` (its job queued or running), `ready` (tiles under `tilesUrl`), `failed` (`errorKey`
 * says why; opening the photo again tries again). Its bytes count in the team's storage and go with the photo.
 */
export const INSPECTION_IMAGE_PYRAMID_STATES = ['none', 'making', 'ready', 'failed'] as const;
export type InspectionImagePyramidState = (typeof INSPECTION_IMAGE_PYRAMID_STATES)[number];
/** Tiles of a pyramid: `<prefix><inspectionId>/<imageId>/<level>/<x>_<y>.jpeg`; a signed link opens one photo's. */
export const INSPECTION_IMAGE_TILES_PATH = '/api/inspection-image/tiles/';

export const inspectionImagePyramidSchema = z.object({
  imageId: z.number().int(),
  state: z.enum(INSPECTION_IMAGE_PYRAMID_STATES),
  errorKey: z.string().nullable(),
  /** The upright photo's size in pixels, the tiles' side and overlap, and the file type of each tile; null until ready. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  tileSize: z.number().int().nullable(),
  overlap: z.number().int().nullable(),
  format: z.literal('jpeg').nullable(),
  maxLevel: z.number().int().nullable(),
  /** The folder of the tiles (ask a signed link for it); null until ready. */
  tilesUrl: z.string().nullable(),
});
export type InspectionImagePyramid = z.infer<typeof inspectionImagePyramidSchema>;
