import { z } from 'zod';
import { booleanQueryField, idField, idParam } from './fields.js';

/**
 * The high-precision transform (SPEC sections 4, 5 and 7 `/model-image/*`): a photogrammetry pose export (Metashape
 * cameras XML, ContextCapture/iTwin Capture BlocksExchange) imported into an inspection, matched to its photos by
 * name, and computed into the photos' poses; and the project's point cloud (.pcd with its .xml).
 */

/** SPEC section 4, "inspection computation (high-precision matching)". */
export const HIGH_PRECISION_STATES = [
  'pending',
  'queuing',
  'calculating',
  'canceling',
  'calculated',
  'exception',
] as const;
export type HighPrecisionState = (typeof HIGH_PRECISION_STATES)[number];
/** States in which the import is not finished: a different XML then blocks the resume. */
export const HIGH_PRECISION_UNFINISHED_STATES = ['pending', 'queuing', 'calculating', 'canceling'] as const;

export const POSE_EXPORT_FORMATS = ['metashape', 'blocks-exchange'] as const;
export const COORDINATE_REFERENCE_KINDS = ['ecef', 'enu', 'local', 'unsupported'] as const;

/** Name of the event-stream message carrying an import's state and progress. */
export const HIGH_PRECISION_EVENT = 'highPrecision';

/** The tus endpoint of point-cloud (.pcd) uploads. */
export const POINT_CLOUD_UPLOAD_PATH = '/api/model-image/pcd/upload/';
/** The largest pose export XML accepted by `init`. */
export const POSE_EXPORT_MAX_BYTES = 64 * 1024 * 1024;
/** The largest point-cloud .xml accepted. */
export const POINT_CLOUD_XML_MAX_BYTES = 1024 * 1024;
/** Names of a folder sent with `init`, at most. */
export const HIGH_PRECISION_IMAGE_NAMES_MAX = 20_000;

export const highPrecisionInspectionQuerySchema = z.object({ inspectionId: idParam });
export const highPrecisionInitQuerySchema = z.object({
  inspectionId: idParam,
  /** The user agreed to continue with fewer images than the XML lists. */
  confirm: booleanQueryField.optional(),
});
export const highPrecisionInspectionBodySchema = z.object({ inspectionId: idField });

/** The multipart field `imageNames` of `init`: the image file names of the chosen folder, as JSON. */
export const highPrecisionImageNamesSchema = z
  .array(z.string().trim().min(1, { error: 'invalidValue' }).max(255, { error: 'tooLong' }), {
    error: 'invalidValue',
  })
  .min(1, { error: 'required' })
  .max(HIGH_PRECISION_IMAGE_NAMES_MAX, { error: 'tooLong' });

export const highPrecisionImportSchema = z.object({
  id: z.number().int(),
  inspectionId: z.number().int(),
  format: z.enum(POSE_EXPORT_FORMATS),
  coordinateReference: z.object({ kind: z.enum(COORDINATE_REFERENCE_KINDS), definition: z.string() }),
  /** SHA-256 of the XML: a resume goes on only with the same file. */
  checksum: z.string(),
  fileName: z.string(),
  /** Photos the XML lists, and the images matched to them. */
  exportCount: z.number().int(),
  matchedCount: z.number().int(),
  /** Matched image names not yet in the inspection: the photos still to upload. */
  missingImages: z.array(z.string()),
  state: z.enum(HIGH_PRECISION_STATES),
  /** 0 to 1 while calculating. */
  progress: z.number(),
  computedCount: z.number().int(),
  /** Matched photos that got no pose (not oriented in the export, or gone). */
  failedCount: z.number().int(),
  /** Why the calculation ended in `exception` (an error key with `errorParams`). */
  errorKey: z.string().nullable(),
  errorParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HighPrecisionImport = z.infer<typeof highPrecisionImportSchema>;

export const highPrecisionEventSchema = z.object({
  inspectionId: z.number().int(),
  state: z.enum(HIGH_PRECISION_STATES),
  progress: z.number(),
  computedCount: z.number().int(),
  failedCount: z.number().int(),
  errorKey: z.string().nullable(),
});
export type HighPrecisionEvent = z.infer<typeof highPrecisionEventSchema>;

/** The data of a refused `init`: the names at fault, for the dialog to list. */
export const highPrecisionMismatchDataSchema = z.object({
  imagesMissingFromExport: z.array(z.string()),
  ambiguous: z.array(z.string()),
});
/** The data of a `HIGH_PRECISION_FEWER_IMAGES` answer: continue with `confirm=true`. */
export const highPrecisionFewerImagesDataSchema = z.object({
  images: z.number().int(),
  entries: z.number().int(),
  entriesWithoutImage: z.array(z.string()),
});

// Point cloud

export const POINT_CLOUD_STATES = ['uploading', 'ready'] as const;
export const pointCloudProjectQuerySchema = z.object({ projectId: idParam });
export const pointCloudInitQuerySchema = z.object({ projectId: idParam });
/** The Upload-Metadata of a .pcd upload: the point cloud `init` made (with its .xml) and the file's name. */
export const pointCloudUploadMetadataSchema = z.object({
  pointCloudId: idParam,
  filename: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(255, { error: 'tooLong' })
    .refine((name) => /\.pcd$/i.test(name) && !/[/\\]/.test(name), { error: 'invalidValue' }),
});

export const pointCloudSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  state: z.enum(POINT_CLOUD_STATES),
  pcdName: z.string().nullable(),
  xmlName: z.string(),
  sizeBytes: z.number().int(),
  /** From the PCD header. */
  points: z.number().int().nullable(),
  fields: z.array(z.string()),
  /** The spatial reference the .xml names (ContextCapture's ModelMetadata SRS), and its origin when given. */
  srs: z.string().nullable(),
  origin: z.array(z.number()).nullable(),
  createdAt: z.string(),
});
export type PointCloud = z.infer<typeof pointCloudSchema>;
