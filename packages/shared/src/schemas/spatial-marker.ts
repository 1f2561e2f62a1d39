/**
 * Spatial markers (SPEC sections 2, 3 and 5): a project's tree of marker groups (structure components or ordinary
 * markers) holding markers placed on the model, and the binding of inspection photos to markers.
 *
 * Groups and markers share one id space (one tree of nodes), so sorting, moving to the bottom and deleting take ids
 * of either kind. A marker's position is WGS84 longitude and latitude in degrees and height in metres above the
 * ellipsoid, as picked on the model; a marker without a position has not been placed yet.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { LIMITS } from '../limits.js';
import { MARKER_TEMPLATE_VARIABLES_MAX, checkMarkerTemplate, type MarkerTemplateProblem } from '../marker-template.js';
import { COLOR_PATTERN } from './defect-config.js';
import { idField, idParam, requiredText } from './fields.js';
import { inspectionImageSchema } from './inspection-image.js';

export const SPATIAL_MARKER_NODE_KINDS = ['group', 'marker'] as const;
export type SpatialMarkerNodeKind = (typeof SPATIAL_MARKER_NODE_KINDS)[number];
/** A group either stands for a structure component (photos bound to it are the component's) or is an ordinary one. */
export const SPATIAL_MARKER_GROUP_TYPES = ['component', 'ordinary'] as const;
export type SpatialMarkerGroupType = (typeof SPATIAL_MARKER_GROUP_TYPES)[number];
/** How a photo came to be bound to a marker. */
export const SPACE_IMAGE_BINDING_SOURCES = ['manual', 'auto'] as const;
/** Marker colour when none is chosen. */
export const SPATIAL_MARKER_DEFAULT_COLOR = '#1677FF';
/** Most ids one call changes (sorting, renaming, positions, deletions, manual binding). */
export const SPATIAL_MARKER_BATCH_MAX = LIMITS.markerBatchMax;
/** Event on the user's stream while an inspection's photos are bound automatically. */
export const SPACE_BINDING_EVENT = 'spaceBinding';

const colorField = z.string({ error: 'required' }).trim().regex(COLOR_PATTERN, { error: 'colorFormat' });
const bounded = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
    .min(min, { error: 'numberRange' })
    .max(max, { error: 'numberRange' });
const idList = z
  .array(idField, { error: 'required' })
  .min(1, { error: 'required' })
  .max(SPATIAL_MARKER_BATCH_MAX, { error: 'numberRange' });

export const markerPositionSchema = z.object({
  lon: bounded(-LIMITS.longitude, LIMITS.longitude),
  lat: bounded(-LIMITS.latitude, LIMITS.latitude),
  /** Metres above the WGS84 ellipsoid (a model may sit below it, e.g. near the Dead Sea or in a tunnel). */
  height: bounded(-11_000, 100_000),
});
export type MarkerPosition = z.infer<typeof markerPositionSchema>;

export const spatialMarkerNodeSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  /** The group holding this node; null for a top-level group (markers always sit in a group). */
  parentId: z.number().int().nullable(),
  kind: z.enum(SPATIAL_MARKER_NODE_KINDS),
  /** A group's type; null for a marker. */
  groupType: z.enum(SPATIAL_MARKER_GROUP_TYPES).nullable(),
  /** A marker's number, unique in the project; null for a group. */
  code: z.string().nullable(),
  name: z.string(),
  color: z.string(),
  position: markerPositionSchema.nullable(),
  sort: z.number().int(),
  /** A group's direct children (groups and markers); 0 for a marker. */
  childCount: z.number().int(),
  /** The photo shown for a marker, chosen among its bound photos; null when none is chosen. */
  coverImageId: z.number().int().nullable(),
  /** Photos bound: to a marker, or to the markers below a group; of one inspection when the call names one. */
  imageCount: z.number().int(),
});
export type SpatialMarkerNode = z.infer<typeof spatialMarkerNodeSchema>;

export const spatialMarkerProjectBodySchema = z.object({ projectId: idField });
export const spatialMarkerChildrenBodySchema = z.object({
  projectId: idField,
  /** The group whose children are listed; null or absent for the top-level groups. */
  parentId: idField.nullable().optional(),
});
export const spatialMarkerChildrenImagesBodySchema = spatialMarkerChildrenBodySchema.extend({ inspectionId: idField });

export const spatialMarkerSaveBodySchema = z.object({
  /** Present to update that node, absent to create one. */
  id: idField.optional(),
  projectId: idField,
  parentId: idField.nullable().optional(),
  kind: z.enum(SPATIAL_MARKER_NODE_KINDS, { error: 'invalidValue' }),
  /** Required for a group. */
  groupType: z.enum(SPATIAL_MARKER_GROUP_TYPES, { error: 'invalidValue' }).optional(),
  /** Required for a marker. */
  code: requiredText().optional(),
  name: requiredText(),
  color: colorField.optional(),
  position: markerPositionSchema.nullable().optional(),
});
export type SpatialMarkerSaveBody = z.input<typeof spatialMarkerSaveBodySchema>;

const templateText = requiredText();
const templateVariableSchema = z.object({
  from: z.number({ error: 'required' }),
  to: z.number({ error: 'required' }),
  pad: z.number().optional(),
});

function templateIssue(problem: MarkerTemplateProblem) {
  if (problem.field === 'variables' && problem.key === 'markerBatchTooMany') {
    return { message: problem.key, path: ['variables'] };
  }
  if (problem.field === 'variables') return { message: problem.key, path: ['variables', problem.variable - 1] };
  return { message: problem.key, path: [problem.field] };
}

/** Batch creation from templates: the rules live in `checkMarkerTemplate`, shared with the web's preview. */
export const spatialMarkerBatchBodySchema = z
  .object({
    projectId: idField,
    parentId: idField,
    codeTemplate: templateText,
    nameTemplate: templateText,
    variables: z
      .array(templateVariableSchema, { error: 'required' })
      .min(1, { error: 'required' })
      .max(MARKER_TEMPLATE_VARIABLES_MAX, { error: 'invalidValue' }),
    color: colorField.optional(),
  })
  .superRefine((body, context) => {
    for (const problem of checkMarkerTemplate(body)) {
      // An empty template is only `required`: that it uses no variable would be a second message for one mistake.
      if (problem.field !== 'variables' && body[problem.field] === '') continue;
      context.addIssue({ code: 'custom', ...templateIssue(problem) });
    }
  });
export type SpatialMarkerBatchBody = z.input<typeof spatialMarkerBatchBodySchema>;

export const spatialMarkerDeleteBodySchema = z.object({ projectId: idField, ids: idList });
export const spatialMarkerPositionBodySchema = z.object({ id: idField, position: markerPositionSchema });
export const spatialMarkerRenameBodySchema = z.object({
  projectId: idField,
  items: z
    .array(z.object({ id: idField, name: requiredText() }), { error: 'required' })
    .min(1, { error: 'required' })
    .max(SPATIAL_MARKER_BATCH_MAX, { error: 'numberRange' }),
});
/** Batch position: several markers placed at once (picked one after another, or moved together). */
export const spatialMarkerPositionsBodySchema = z.object({
  projectId: idField,
  items: z
    .array(z.object({ id: idField, position: markerPositionSchema }), { error: 'required' })
    .min(1, { error: 'required' })
    .max(SPATIAL_MARKER_BATCH_MAX, { error: 'numberRange' }),
});
export const spatialMarkerCoverBodySchema = z.object({ markerId: idField, imageId: idField.nullable() });
/** The new order of a group's children (or of the top-level groups): every child's id, first to last. */
export const spatialMarkerSortBodySchema = z.object({
  projectId: idField,
  parentId: idField.nullable().optional(),
  ids: idList,
});
export const spatialMarkerIdBodySchema = z.object({ id: idField });
export const spatialMarkerIdParamsSchema = z.object({ id: idParam });
export const spatialMarkerImageQuerySchema = z.object({ imageId: idParam });
export const spatialMarkerVersionSchema = z.object({
  /** Rises whenever a marker of the project is added, placed, moved or deleted: a client holding less refreshes. */
  version: z.number().int(),
});

/** Photos of one inspection that see a point on the model (the 3D view's "photos that see this point"). */
export const photosSeeingPointBodySchema = z.object({ inspectionId: idField, position: markerPositionSchema });
export const photoSeeingPointSchema = z.object({
  image: inspectionImageSchema,
  /** Where the point falls in the photo, in pixels from its top-left corner. */
  u: z.number(),
  v: z.number(),
  /** Metres from the camera to the point. */
  distanceM: z.number(),
});
export const photosSeeingPointSchema = z.array(photoSeeingPointSchema);

export const groupBindingSummarySchema = z.object({
  groupId: z.number().int(),
  markerCount: z.number().int(),
  boundMarkerCount: z.number().int(),
  imageCount: z.number().int(),
});
export const groupBindingBodySchema = z.object({ projectId: idField, inspectionId: idField });

// Binding photos to markers

/** Auto-bind distance in whole centimetres (SPEC section 5: 10 to 200 cm). */
export const autoBindDistanceField = z
  .number({ error: (issue) => (issue.input === undefined ? 'bindingRangeRequired' : 'invalidValue') })
  .int({ error: 'invalidValue' })
  .min(LIMITS.autoBindDistanceCm.min, { error: 'numberRange' })
  .max(LIMITS.autoBindDistanceCm.max, { error: 'numberRange' });

export const spaceImageBindBodySchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('manual'), inspectionId: idField, markerId: idField, imageIds: idList }),
    /** Bind every photo of the inspection with a pose to the markers it sees near its optical axis (a job). */
    z.object({ mode: z.literal('auto'), inspectionId: idField, distanceCm: autoBindDistanceField }),
  ],
  { error: 'invalidValue' },
);
export type SpaceImageBindBody = z.input<typeof spaceImageBindBodySchema>;
export const spaceImageBindResultSchema = z.object({
  /** Manual: photos newly bound. Auto: null (the job reports on the event stream). */
  bound: z.number().int().nullable(),
  jobId: z.string().nullable(),
});

export const spaceImageSchema = z.object({
  /** The binding's id (for unbinding). */
  assocId: z.number().int(),
  markerId: z.number().int(),
  source: z.enum(SPACE_IMAGE_BINDING_SOURCES),
  /** Auto bindings: metres from the marker to where the photo's optical axis meets the model. */
  distanceM: z.number().nullable(),
  image: inspectionImageSchema,
});
export type SpaceImage = z.infer<typeof spaceImageSchema>;
export const spaceImagePageSchema = pageOf(spaceImageSchema);
export const spaceImagesBodySchema = pageQuerySchema.extend({ markerId: idField, inspectionId: idField });
export const spaceListBodySchema = z.object({ inspectionId: idField });
/** A marker with the photos of one inspection bound to it. */
export const spaceListItemSchema = z.object({ marker: spatialMarkerNodeSchema, imageCount: z.number().int() });
export const unboundImagesBodySchema = pageQuerySchema.extend({ inspectionId: idField });
export const historySpaceImagesBodySchema = z.object({ markerId: idField });
/** A marker's bound photos across the project's inspections, newest inspection first. */
export const historySpaceImagesSchema = z.array(
  z.object({
    inspection: z.object({ id: z.number().int(), name: z.string(), inspectionDate: z.string().nullable() }),
    images: z.array(spaceImageSchema),
  }),
);
export const spaceAssocIdsBodySchema = z.object({ ids: idList });
/** Unbind every photo of an inspection, or only those of one marker (before binding again, say). */
export const spaceAssocClearBodySchema = z.object({ inspectionId: idField, markerId: idField.optional() });

/** Progress of automatic binding on the event stream. */
export const spaceBindingEventSchema = z.object({
  inspectionId: z.number().int(),
  state: z.enum(['running', 'done', 'failed']),
  processed: z.number().int(),
  total: z.number().int(),
  bound: z.number().int(),
  unbound: z.number().int(),
  errorKey: z.string().nullable(),
});
export type SpaceBindingEvent = z.infer<typeof spaceBindingEventSchema>;

// Inspection and photo calls that stand on the binding

export const moveImagesToMarkerBodySchema = z.object({
  inspectionId: idField,
  imageIds: idList,
  /** The marker the photos leave (their other bindings stay). */
  fromMarkerId: idField,
  toMarkerId: idField,
});
export const movedImagesSchema = z.object({ moved: z.number().int() });
export const imageHistoryBodySchema = z.object({ imageId: idField });
export const imageIdQuerySchema = z.object({ imageId: idParam });
export const collisionDistanceSchema = z.object({
  /** Metres from the camera to where the photo's optical axis meets the model; null when it misses or has no pose. */
  distanceM: z.number().nullable(),
});
export const markerInspectionsBodySchema = z.object({ projectId: idField, markerId: idField });
/** The project's inspections with how many of their photos are bound to one marker, newest first. */
export const markerInspectionsSchema = z.array(
  z.object({
    inspection: z.object({ id: z.number().int(), name: z.string(), inspectionDate: z.string().nullable() }),
    imageCount: z.number().int(),
  }),
);
export const inspectionBindingDistanceSchema = z.object({
  /** The distance of the inspection's last automatic binding, in centimetres; null before the first. */
  distanceCm: z.number().int().nullable(),
});
export const inspectionIdQueryForBindingSchema = z.object({ inspectionId: idParam });
export const bindingCountsSchema = z.object({
  total: z.number().int(),
  bound: z.number().int(),
  unbound: z.number().int(),
});
