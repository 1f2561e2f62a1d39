/**
 * Learned detection models of a team and the training sets they are trained on (issue 14, "Learning from review").
 *
 * A reviewed inspection exports a training set (a zip of photos and masks drawn from its reviewed defects, with a
 * held-back split in its manifest); the team trains a model on it with packages/vision's training tool and uploads
 * the model (`.onnx`) with its sidecar (JSON). The upload is checked by content: the sidecar must match
 * `aiModelSidecarSchema` and the model must load in onnxruntime; a quick evaluation on the team's held-back reviewed
 * photos is then stored on it. A model is chosen for the team or for one project (the project's choice wins); with
 * none chosen, screening uses the built-in detector.
 */
import { z } from 'zod';
import { BUILT_IN_DEFECT_TYPE_CODES } from './defect-config.js';
import { idField, idParam } from './fields.js';

/** An uploaded model: `checking` until its evaluation ends, then `ready`, or `failed` with the key why. */
export const AI_MODEL_STATES = ['checking', 'ready', 'failed'] as const;
export type AiModelState = (typeof AI_MODEL_STATES)[number];

/** The sidecar format packages/vision's OnnxDetector reads (onnx.ts). */
export const AI_MODEL_SIDECAR_FORMAT = 'sightline-seg-v1';

const triple = z.array(z.number().finite()).length(3);

/**
 * The sidecar beside a model: how to feed it (input name, normalisation, tiling) and how to read its output (each
 * output channel mapped to a built-in defect type code, which screening writes as the defect's type).
 */
export const aiModelSidecarSchema = z.object({
  format: z.literal(AI_MODEL_SIDECAR_FORMAT).optional(),
  name: z.string().max(100).optional(),
  input: z.object({
    name: z.string().min(1).optional(),
    layout: z.literal('NCHW').optional(),
    colour: z.enum(['RGB', 'BGR']).optional(),
    scale: z.number().positive().optional(),
    mean: triple.optional(),
    std: triple.refine((values) => values.every((value) => value > 0)).optional(),
    multipleOf: z.number().int().min(1).max(1024).optional(),
    tileSize: z.number().int().min(16).max(4096).optional(),
    tileOverlap: z.number().int().min(0).max(1024).optional(),
  }),
  output: z.object({
    name: z.string().min(1).optional(),
    kind: z.enum(['sigmoid-probability', 'logits', 'softmax']),
    classes: z
      .array(z.object({ channel: z.number().int().min(0).max(255), code: z.enum(BUILT_IN_DEFECT_TYPE_CODES) }))
      .min(1),
  }),
  defaultThreshold: z.number().gt(0).lt(1).optional(),
  provenance: z.unknown().optional(),
});
export type AiModelSidecar = z.infer<typeof aiModelSidecarSchema>;

/** A quick evaluation on the team's held-back reviewed photos (packages/vision metrics, best threshold). */
export const aiModelEvaluationSchema = z.object({
  f: z.number().nullable(),
  precision: z.number().nullable(),
  recall: z.number().nullable(),
  /** Held-back reviewed photos evaluated on; none leaves the figures null. */
  photos: z.number().int(),
});
export type AiModelEvaluation = z.infer<typeof aiModelEvaluationSchema>;

export const aiModelSchema = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  name: z.string(),
  state: z.enum(AI_MODEL_STATES),
  errorKey: z.string().nullable(),
  /** The built-in defect type codes it reports. */
  classes: z.array(z.string()),
  sizeBytes: z.number().int(),
  evaluation: aiModelEvaluationSchema.nullable(),
  /** Chosen for the team, and the projects that chose it. */
  chosenForTeam: z.boolean(),
  chosenProjectIds: z.array(z.number().int()),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AiModel = z.infer<typeof aiModelSchema>;

export const aiModelIdParamsSchema = z.object({ id: idParam });
/** The multipart upload's text field beside its two files (`file`: the .onnx, `sidecar`: its JSON). */
export const aiModelUploadFieldsSchema = z.object({ name: z.string().trim().min(1).max(100).optional() });

/** The choice for one project (`projectId`) or for the caller's team (none); `modelId` null: the built-in detector. */
export const aiModelChoiceBodySchema = z.object({
  projectId: idField.optional(),
  modelId: idField.nullable(),
});
export const aiModelChoiceQuerySchema = z.object({ projectId: idParam.optional() });
/** Who chose what: the team's model, the project's, and the one screening uses (null: built-in). */
export const aiModelChoiceSchema = z.object({
  teamModelId: z.number().int().nullable(),
  projectModelId: z.number().int().nullable(),
  effectiveModelId: z.number().int().nullable(),
});
export type AiModelChoice = z.infer<typeof aiModelChoiceSchema>;

/** Training-set export records share the Excel export's states. */
export const AI_TRAINING_SET_STATES = ['generating', 'done', 'failed'] as const;
export const AI_TRAINING_SET_EVENT = 'aiTrainingSet';

export const aiTrainingSetSchema = z.object({
  id: z.number().int(),
  inspectionId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  state: z.enum(AI_TRAINING_SET_STATES),
  progress: z.number(),
  /** Photos in the set (damage and negatives), and how many of them are held back from training. */
  photoCount: z.number().int(),
  heldBackCount: z.number().int(),
  sizeBytes: z.number().int().nullable(),
  errorKey: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The zip's file route when done (open it with the Authorization header or a signed link of its folder). */
  fileUrl: z.string().nullable(),
});
export type AiTrainingSet = z.infer<typeof aiTrainingSetSchema>;
export const aiTrainingSetStartParamsSchema = z.object({ inspectionId: idParam });
export const aiTrainingSetListQuerySchema = z.object({ inspectionId: idParam });
export const aiTrainingSetIdParamsSchema = z.object({ id: idParam });

/** What the event stream says of a training-set export while it runs and when it ends. */
export const aiTrainingSetEventSchema = z.object({
  id: z.number().int(),
  inspectionId: z.number().int(),
  state: z.enum(AI_TRAINING_SET_STATES),
  progress: z.number(),
  errorKey: z.string().nullable(),
});
export type AiTrainingSetEvent = z.infer<typeof aiTrainingSetEventSchema>;

/**
 * Whether a reviewed photo is held back from training (for evaluation): one in five, by its id, so the export's
 * manifest and a model's evaluation agree on which photos a model never learned from.
 */
export const isHeldBackPhoto = (imageId: number) => imageId % 5 === 0;
