/**
 * Historical defect matching and defect evolution (SPEC sections 2, 4 and 7: /inspection-disease-relation and
 * /inspection-disease-his-pre).
 *
 * Each defect of an inspection is matched to at most one defect of its previous inspection (same type, compatible
 * shape, 3D places within the inspection's distance threshold, nearest pairs first) by a durable job with progress,
 * cancel and continue. A matched pair carries its change kind (length, width, both, area, or unchanged); a defect
 * left unmatched is new; a defect of the previous inspection nothing matched is repaired (or not found again).
 * A defect may be bound by hand to another defect of the previous inspection, or unbound (then new); such links are
 * `manual` and a new matching keeps them. Changing an inspection's previous inspection drops all its links.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { DEFECT_SHAPES, defectPositionSchema, defectSizeSchema } from './defect.js';
import { idField, idParam } from './fields.js';

/**
 * The 3D distance within which a defect and one of the previous inspection may be the same defect. SPEC section 9
 * leaves the default unsaid: 0.3 m is a few times the spread of one defect's place measured from two flights
 * (photo poses a few centimetres apart, a crack's centroid moving as it grows) and below the spacing of distinct
 * defects of one type on a facade (docs/api.md, "Historical defect matching").
 */
export const HISTORY_DISTANCE_M = { min: 0.01, max: 5, default: 0.3 } as const;
/**
 * A size counts as changed when it moved by more than this share of the earlier size and by more than its
 * absolute floor: below that, two measurements of one unchanged defect from two flights differ by noise.
 */
export const HISTORY_CHANGE_TOLERANCE = { relative: 0.1, lengthM: 0.02, widthMm: 0.05, areaM2: 0.005 } as const;

/**
 * Of a matched pair: `unchanged`, `length`, `width`, `lengthWidth` (line shapes), `area` (area shapes); of a defect
 * with no earlier match: `new`; of an earlier defect nothing matched: `repaired`.
 */
export const HISTORY_CHANGE_KINDS = ['unchanged', 'length', 'width', 'lengthWidth', 'area', 'new', 'repaired'] as const;
export type HistoryChangeKind = (typeof HISTORY_CHANGE_KINDS)[number];

/** Name of the event-stream message carrying a matching's state and progress. */
export const DEFECT_HISTORY_EVENT = 'defectHistoryMatching';
/**
 * `uncalculated` (never run, or reset by a change of the previous inspection), `queued`, `running`, `cancelled`
 * (stopped; continue does the rest), `done` (calculated), `failed`.
 */
export const HISTORY_MATCHING_STATES = ['uncalculated', 'queued', 'running', 'cancelled', 'done', 'failed'] as const;
export type HistoryMatchingState = (typeof HISTORY_MATCHING_STATES)[number];
/** `continue`: only defects not matched yet; `all`: every defect again (hand-made links kept); `cancel`. */
export const HISTORY_MATCHING_MODES = ['continue', 'all', 'cancel'] as const;

const distance = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
  .finite({ error: 'invalidValue' })
  .min(HISTORY_DISTANCE_M.min, { error: 'numberRange' })
  .max(HISTORY_DISTANCE_M.max, { error: 'numberRange' });
const changeKinds = z
  .array(z.enum(HISTORY_CHANGE_KINDS, { error: 'invalidValue' }), { error: 'invalidValue' })
  .max(HISTORY_CHANGE_KINDS.length, { error: 'numberRange' });

export const historyMatchingBodySchema = z.object({
  inspectionId: idField,
  mode: z.enum(HISTORY_MATCHING_MODES, { error: 'invalidValue' }),
  /** The inspection's distance threshold, kept for its next runs; left out, the one it has (0.3 m at first). */
  distanceM: distance.optional(),
});
export const historyInspectionBodySchema = z.object({ inspectionId: idField });
export const historyInspectionParamsSchema = z.object({ id: idParam });
export const historyPageBodySchema = z
  .object({
    inspectionId: idField,
    /** Only entries of these kinds; empty or left out, every kind. */
    changeKinds: changeKinds.optional(),
  })
  .extend(pageQuerySchema.shape);
export const historyPredictionPageBodySchema = z.object({ inspectionId: idField }).extend(pageQuerySchema.shape);
export const historyCompareBodySchema = z.object({ defectId: idField });
export const historyRebindBodySchema = z.object({
  defectId: idField,
  /** The defect of the previous inspection it is; null: none (the defect is new). */
  previousDefectId: idField.nullable(),
});
export type HistoryRebindBody = z.input<typeof historyRebindBodySchema>;

export const historyMatchingStatusSchema = z.object({
  inspectionId: z.number().int(),
  previousInspectionId: z.number().int().nullable(),
  state: z.enum(HISTORY_MATCHING_STATES),
  distanceM: z.number(),
  /** Defects of the inspection matched so far (given a link, new included), of all its defects. */
  done: z.number().int(),
  total: z.number().int(),
  errorKey: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type HistoryMatchingStatus = z.infer<typeof historyMatchingStatusSchema>;

/** One side of a pair: a defect with its effective sizes (edited ones over computed) and its photo. */
export const historyDefectSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  inspectionId: z.number().int(),
  imageId: z.number().int(),
  imageName: z.string(),
  typeId: z.number().int(),
  level: z.number().int(),
  shapeKind: z.enum(DEFECT_SHAPES),
  size: defectSizeSchema,
  position: defectPositionSchema.nullable(),
});
export type HistoryDefect = z.infer<typeof historyDefectSchema>;

/** Signed differences, current minus previous (null where either side has no such size). */
export const historyDeltaSchema = defectSizeSchema;

/**
 * An entry of the evolution table: a matched pair, a new defect (`previous` null) or a repaired one (`defect`
 * null). `changeKind` and `delta` are as the sizes were when the pair was matched or bound.
 */
export const historyRelationSchema = z.object({
  defect: historyDefectSchema.nullable(),
  previous: historyDefectSchema.nullable(),
  changeKind: z.enum(HISTORY_CHANGE_KINDS),
  delta: historyDeltaSchema.nullable(),
  /** The pair's 3D distance in metres (null for a hand-made link between defects not both placed, and singles). */
  distanceM: z.number().nullable(),
  manual: z.boolean(),
});
export type HistoryRelation = z.infer<typeof historyRelationSchema>;
export const historyRelationPageSchema = pageOf(historyRelationSchema);
export const historyRelationListSchema = z.array(historyRelationSchema);

/** An inspection's defects with their prediction so far (`relation` null: not matched yet), and the job's state. */
export const historyPredictionSchema = z.object({
  defect: historyDefectSchema,
  relation: historyRelationSchema.omit({ defect: true }).nullable(),
});
export const historyPredictionPageSchema = pageOf(historyPredictionSchema).extend({
  status: historyMatchingStatusSchema,
});

/** Entries per change kind; `links` counts the inspection's links (a previous inspection's change drops them). */
export const historyCountSchema = z.object({
  inspectionId: z.number().int(),
  links: z.number().int(),
  manual: z.number().int(),
  byKind: z.record(z.enum(HISTORY_CHANGE_KINDS), z.number().int()),
});
export type HistoryCount = z.infer<typeof historyCountSchema>;

export const historyTotalSchema = z.object({
  inspectionId: z.number().int(),
  previousInspectionId: z.number().int().nullable(),
  state: z.enum(HISTORY_MATCHING_STATES),
  /** Defects of the inspection and of its previous inspection. */
  defects: z.number().int(),
  previousDefects: z.number().int(),
  /** Defects matched so far (new included), matched to an earlier one, new, and earlier ones unmatched. */
  calculated: z.number().int(),
  matched: z.number().int(),
  new: z.number().int(),
  repaired: z.number().int(),
  /** Matched pairs by change kind. */
  unchanged: z.number().int(),
  length: z.number().int(),
  width: z.number().int(),
  lengthWidth: z.number().int(),
  area: z.number().int(),
  manual: z.number().int(),
});
export type HistoryTotal = z.infer<typeof historyTotalSchema>;

/** A defect's chain across inspections, oldest first, following links back and forward from it. */
export const historyChainSchema = z.object({
  defectId: z.number().int(),
  chain: z.array(
    z.object({
      defect: historyDefectSchema,
      inspection: z.object({ id: z.number().int(), name: z.string(), inspectionDate: z.string() }),
      /** Against the entry before it (null for the first of the chain). */
      changeKind: z.enum(HISTORY_CHANGE_KINDS).nullable(),
      delta: historyDeltaSchema.nullable(),
      manual: z.boolean(),
    }),
  ),
});
export type HistoryChain = z.infer<typeof historyChainSchema>;
export type HistoryMatchingEvent = HistoryMatchingStatus;
