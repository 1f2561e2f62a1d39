import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { idParam } from './fields.js';
import { cameraViewSchema, type ModelState } from './project.js';

/**
 * The 3D model of a project (SPEC section 3 "Project model"): a 3D Tiles tileset uploaded as a zip
 * through the tus protocol, unzipped by a durable job, then adjusted (parameter), viewed (position),
 * restored to what it was at upload, and clipped.
 */

/** Where tus clients (Uppy, tus-js-client) create uploads; Upload-Metadata carries the keys below. */
export const MODEL_UPLOAD_PATH = '/api/project-model/upload/';
export const MODEL_UPLOAD_METADATA = {
  projectId: 'projectId',
  fileName: 'filename',
  /** Optional: the id initModel returned, so that the upload uses the reservation made there. */
  uploadId: 'uploadId',
} as const;
/** Name of the event-stream message carrying unzip progress. */
export const MODEL_UNZIP_EVENT = 'modelUnzip';
/** An upload lock idle this long may be taken over by another user. */
export const MODEL_UPLOAD_IDLE_MS = 30 * 60 * 1000;
/** PATCH requests should stay well inside the request timeout: clients send chunks of at most this. */
export const MODEL_UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;

const bounded = (min: number, max: number) =>
  z.number({ error: 'invalidValue' }).min(min, { error: 'numberRange' }).max(max, { error: 'numberRange' });
const angle = () => bounded(-LIMITS.angleOffset, LIMITS.angleOffset);
/** Metres a model may be shifted from where its tileset places it. */
const MAX_OFFSET_M = 100_000;

/**
 * Adjustments of the model made in the viewer: placement (WGS84, SPEC section 5 ranges), offsets in
 * metres, uniform scale and rotation in degrees. Every field is optional; unknown fields are refused.
 */
export const modelParameterSchema = z
  .strictObject({
    lon: bounded(-LIMITS.longitude, LIMITS.longitude),
    lat: bounded(-LIMITS.latitude, LIMITS.latitude),
    height: bounded(0, 1e7),
    offsetX: bounded(-MAX_OFFSET_M, MAX_OFFSET_M),
    offsetY: bounded(-MAX_OFFSET_M, MAX_OFFSET_M),
    offsetZ: bounded(-MAX_OFFSET_M, MAX_OFFSET_M),
    scale: bounded(0.001, 1000),
    heading: angle(),
    pitch: angle(),
    roll: angle(),
  })
  .partial();
export type ModelParameter = z.infer<typeof modelParameterSchema>;

const vector3 = z.tuple([bounded(-1e8, 1e8), bounded(-1e8, 1e8), bounded(-1e8, 1e8)], { error: 'invalidValue' });

/** A clipping plane: its normal (not zero) and a point on it, in the tileset's frame. */
export const modelClipSchema = z.object({
  normal: vector3.refine((normal) => normal.some((component) => component !== 0), { error: 'invalidValue' }),
  center: vector3,
});
export type ModelClip = z.infer<typeof modelClipSchema>;

const fileNameField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(255, { error: 'tooLong' });

/**
 * The Upload-Metadata of a model upload as the server checks it; tus clients name the file `filename` (ours) or
 * `name` (Uppy), and the zip's name is checked by the service.
 */
export const modelUploadMetadataSchema = z.object({
  [MODEL_UPLOAD_METADATA.projectId]: idParam,
  [MODEL_UPLOAD_METADATA.fileName]: fileNameField.optional(),
  name: fileNameField.optional(),
  [MODEL_UPLOAD_METADATA.uploadId]: z.string().max(64, { error: 'tooLong' }).optional(),
});

export const initModelBodySchema = z.object({
  projectId: idParam,
  fileName: fileNameField,
  sizeBytes: z
    .number({ error: 'required' })
    .int({ error: 'invalidValue' })
    .min(1, { error: 'numberRange' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'numberRange' }),
});
export type InitModelBody = z.input<typeof initModelBodySchema>;

export const initModelResultSchema = z.object({
  /** The tus endpoint; create the upload there with Upload-Metadata `uploadId` set to the id below. */
  uploadUrl: z.string(),
  uploadId: z.string(),
  chunkSize: z.number().int(),
});
export type InitModelResult = z.infer<typeof initModelResultSchema>;

export const modelProjectBodySchema = z.object({ projectId: idParam });
export const modelProjectQuerySchema = z.object({ projectId: idParam });
export const modelIdParamsSchema = z.object({ id: idParam });
export const modelCloseQuerySchema = z.object({ projectId: idParam.optional() });

export const updateModelParameterBodySchema = z.object({
  projectId: idParam,
  parameter: modelParameterSchema,
});
export type UpdateModelParameterBody = z.input<typeof updateModelParameterBodySchema>;

export const updateModelPositionBodySchema = z.object({ projectId: idParam, position: cameraViewSchema });
export type UpdateModelPositionBody = z.input<typeof updateModelPositionBodySchema>;

export const updateModelClipBodySchema = z.object({ projectId: idParam, clip: modelClipSchema.nullable() });
export type UpdateModelClipBody = z.input<typeof updateModelClipBodySchema>;

/** The states of a model that exists: the card's states (MODEL_STATES) without 'none'. */
export const PROJECT_MODEL_STATES = [
  'uploading',
  'unzipping',
  'done',
  'failed',
] as const satisfies readonly ModelState[];
export const projectModelStateSchema = z.enum(PROJECT_MODEL_STATES);
export type ProjectModelState = z.infer<typeof projectModelStateSchema>;

const userRefSchema = z.object({ userId: z.number().int(), name: z.string() });

export const projectModelSchema = z.object({
  projectId: z.number().int(),
  state: projectModelStateSchema,
  /** Why the last unzip failed (an error key), while state is failed. */
  errorKey: z.string().nullable(),
  /** Unzip progress from 0 to 1 while unzipping. */
  progress: z.number(),
  /** The version served; a new upload replaces it only once its unzip is done. */
  version: z.number().int().nullable(),
  /** Load with Cesium3DTileset.fromUrl, adding `?token=` (Cesium fetches tiles itself). */
  tilesetUrl: z.string().nullable(),
  sizeBytes: z.number(),
  fileCount: z.number().int(),
  fileName: z.string().nullable(),
  parameter: modelParameterSchema,
  position: cameraViewSchema.nullable(),
  clip: modelClipSchema.nullable(),
  uploadedBy: userRefSchema.nullable(),
  updatedAt: z.string(),
});
export type ProjectModel = z.infer<typeof projectModelSchema>;

export const modelUploaderSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  fileName: z.string(),
  sizeBytes: z.number(),
  startedAt: z.string(),
  lastActivityAt: z.string(),
});
export type ModelUploader = z.infer<typeof modelUploaderSchema>;

export const modelInitParameterSchema = z.object({
  parameter: modelParameterSchema,
  position: cameraViewSchema.nullable(),
});
export type ModelInitParameter = z.infer<typeof modelInitParameterSchema>;

export const modelRestoreStateSchema = z.object({
  /** True when the parameter or position differs from what was recorded at upload. */
  changed: z.boolean(),
});

export const modelClipStateSchema = z.object({ enabled: z.boolean(), clip: modelClipSchema.nullable() });
export type ModelClipState = z.infer<typeof modelClipStateSchema>;

/** Value of the `modelUnzip` event-stream message. */
export const modelUnzipEventSchema = z.object({
  projectId: z.number().int(),
  state: projectModelStateSchema,
  progress: z.number(),
  errorKey: z.string().nullable(),
});
export type ModelUnzipEvent = z.infer<typeof modelUnzipEventSchema>;
