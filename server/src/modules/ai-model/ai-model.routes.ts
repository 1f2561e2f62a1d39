import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { AppError, LIMITS, aiModelCalls, idParam } from '@sightline/shared';
import { fieldError } from '../../platform/http/field-error.js';
import type { Router } from '../../platform/http/route.js';
import { defineJob, type JobQueue } from '../../platform/jobs/index.js';
import {
  AI_MODEL_EVALUATE_JOB,
  AI_TRAINING_SET_JOB,
  type AiModelService,
  type ModelUpload,
} from './ai-model.service.js';

const tags = ['ai-screening'];

const tooLarge = (maxBytes: number) =>
  new AppError('FILE_TOO_LARGE', { params: { max: Math.round(maxBytes / (1024 * 1024)) } });

/** The upload's two file parts, `file` (the .onnx) and `sidecar` (its JSON), each within its limit. */
async function readModelUpload(request: FastifyRequest, name: string | undefined): Promise<ModelUpload> {
  if (!request.isMultipart()) throw fieldError('file', 'required');
  let model: ModelUpload['model'] | undefined;
  let sidecar: Buffer | undefined;
  const parts = request.parts({ limits: { fileSize: LIMITS.aiModel.fileMaxBytes, files: 2 } });
  for await (const part of parts) {
    if (part.type === 'field') continue;
    if (part.fieldname !== 'file' && part.fieldname !== 'sidecar') {
      part.file.resume();
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(LIMITS.aiModel.fileMaxBytes);
      throw error;
    }
    if (part.fieldname === 'file') model = { name: part.filename, bytes };
    else if (bytes.length > LIMITS.aiModel.sidecarMaxBytes) throw tooLarge(LIMITS.aiModel.sidecarMaxBytes);
    else sidecar = bytes;
  }
  if (!model) throw fieldError('file', 'required');
  if (!sidecar) throw fieldError('sidecar', 'required');
  return { name, model, sidecar };
}

export function registerAiModelRoutes(router: Router, models: AiModelService): void {
  router.user({
    call: aiModelCalls.upload,
    summary:
      "Upload a learned model to the caller's team (multipart: `file` the .onnx, `sidecar` its JSON): checked by loading it and scoring a probe image, then evaluated on the team's held-back reviewed photos in the background",
    tags,
    permission: 'image:screen',
    handler: async ({ auth, query, request }) => models.upload(auth, await readModelUpload(request, query.name)),
  });
  router.user({
    call: aiModelCalls.list,
    summary: "The caller's team's learned models, newest first, with their evaluation and where they are chosen",
    tags,
    permission: 'inspection:view',
    handler: ({ auth }) => models.list(auth),
  });
  router.user({
    call: aiModelCalls.details,
    summary: 'A learned model of the caller’s team',
    tags,
    permission: 'inspection:view',
    handler: ({ auth, params }) => models.details(auth, params.id),
  });
  router.user({
    call: aiModelCalls.remove,
    summary: 'Delete a learned model no team or project has chosen (AI_MODEL_IN_USE otherwise) and its files',
    tags,
    permission: 'image:screen',
    handler: async ({ auth, params }) => {
      await models.remove(auth, params.id);
      return null;
    },
  });
  router.user({
    call: aiModelCalls.choice,
    summary: 'The model chosen for the team and for the project (`projectId`), and the one its screening uses',
    tags,
    permission: 'inspection:view',
    handler: ({ auth, query }) => models.choice(auth, query.projectId),
  });
  router.user({
    call: aiModelCalls.choose,
    summary:
      'Choose a ready model (or the built-in detector: `modelId` null) for the team, or for one project (`projectId`), whose choice wins',
    tags,
    permission: 'image:screen',
    handler: ({ auth, body }) => models.choose(auth, body),
  });
  router.user({
    call: aiModelCalls.exportTrainingSet,
    summary:
      "Export the inspection's reviewed photos as a training set (a zip of photos, masks and a manifest with a held-back split) in the background; TASK_CONTENT_EMPTY when none is reviewed",
    tags,
    permission: 'image:screen',
    handler: ({ auth, params }) => models.exportTrainingSet(auth, params.inspectionId),
  });
  router.user({
    call: aiModelCalls.trainingSets,
    summary: "The inspection's training-set exports, newest first",
    tags,
    permission: 'inspection:view',
    handler: ({ auth, query }) => models.trainingSets(auth, query.inspectionId),
  });
  router.user({
    call: aiModelCalls.removeTrainingSet,
    summary: 'Delete a training-set export and its zip',
    tags,
    permission: 'image:screen',
    handler: async ({ auth, params }) => {
      await models.removeTrainingSet(auth, params.id);
      return null;
    },
  });
  router.file({
    url: '/api/ai-training-set/files/:id/:name',
    summary: "A done training set's zip, downloaded as an attachment under its name",
    tags,
    permission: 'inspection:view',
    params: z.object({ id: idParam, name: z.string().min(1).max(300) }),
    handler: async ({ auth, params, reply }) => {
      const file = await models.file(auth, params);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`);
      return file;
    },
  });
}

/** The durable jobs: a model's evaluation, a training set's zip. */
export function registerAiModelJobs(jobs: JobQueue, models: AiModelService): void {
  jobs.register(
    defineJob({
      name: AI_MODEL_EVALUATE_JOB,
      version: 1,
      payload: z.object({ modelId: z.number().int().positive() }),
      handler: ({ modelId }, context) => models.evaluate(modelId, context),
    }),
  );
  jobs.register(
    defineJob({
      name: AI_TRAINING_SET_JOB,
      version: 1,
      payload: z.object({ recordId: z.number().int().positive() }),
      handler: ({ recordId }, context) => models.runTrainingSet(recordId, context),
    }),
  );
}
