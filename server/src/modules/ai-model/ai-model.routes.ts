import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
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

/** How old a file of the uploads folder is when a start removes it: a call a crash ended left it there. */
const LEFT_OVER_MS = 24 * 60 * 60 * 1000;

/** A small part's bytes (the sidecar), refused as soon as they pass `maxBytes`: never more is held. */
async function smallPart(file: AsyncIterable<Buffer>, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of file) {
    length += chunk.length;
    if (length > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Streams the model part to `target` as it arrives, counting its bytes; FILE_TOO_LARGE past the limit (multipart's
 * `fileSize` truncates the part there). The file is opened before any byte is read, so that whoever removes it
 * afterwards never races its creation.
 */
async function modelPart(part: MultipartFile, target: string): Promise<number> {
  const maxBytes = LIMITS.aiModel.fileMaxBytes;
  let length = 0;
  const handle = await fs.promises.open(target, 'w');
  await pipeline(
    part.file,
    async function* count(source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        length += chunk.length;
        if (length > maxBytes) throw tooLarge(maxBytes);
        yield chunk;
      }
    },
    handle.createWriteStream(),
  );
  if (part.file.truncated) throw tooLarge(maxBytes);
  return length;
}

/**
 * Answers `use` with the upload's two file parts, `file` (the .onnx) and `sidecar` (its JSON), each within its limit.
 * The model goes to a temporary file of `folder` (the server's own data folder, never the machine's temporary one:
 * it may be 200 MB) as it arrives and is never held in memory; the file is removed whatever happens: after `use`,
 * after a refusal, after a client that went away mid-upload.
 */
async function withModelUpload<T>(
  request: FastifyRequest,
  name: string | undefined,
  folder: string,
  use: (upload: ModelUpload) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw fieldError('file', 'required');
  await fs.promises.mkdir(folder, { recursive: true });
  const modelPath = path.join(folder, `${randomUUID()}.onnx`);
  try {
    let model: ModelUpload['model'] | undefined;
    let sidecar: Buffer | undefined;
    const parts = request.parts({ limits: { fileSize: LIMITS.aiModel.fileMaxBytes, files: 2 } });
    try {
      for await (const part of parts) {
        if (part.type === 'field') continue;
        if (part.fieldname === 'file') {
          await modelPart(part, modelPath);
          model = { name: part.filename, path: modelPath };
        } else if (part.fieldname === 'sidecar') {
          sidecar = await smallPart(part.file, LIMITS.aiModel.sidecarMaxBytes);
        } else {
          part.file.resume();
        }
      }
    } catch (error) {
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(LIMITS.aiModel.fileMaxBytes);
      throw error;
    }
    if (!model) throw fieldError('file', 'required');
    if (!sidecar) throw fieldError('sidecar', 'required');
    return await use({ name, model, sidecar });
  } finally {
    await fs.promises.rm(modelPath, { force: true });
  }
}

/** Removes what calls a crash (or a killed process) ended left in the uploads folder. */
async function removeLeftOvers(folder: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.promises.readdir(folder);
  } catch {
    return;
  }
  for (const entry of names) {
    const file = path.join(folder, entry);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > LEFT_OVER_MS) await fs.promises.rm(file, { force: true, recursive: true });
  }
}

/** The calls; an upload streams its model to a temporary file of `uploadsDir`. */
export function registerAiModelRoutes(router: Router, models: AiModelService, uploadsDir: string): void {
  removeLeftOvers(uploadsDir).catch(() => undefined);
  router.user({
    call: aiModelCalls.upload,
    summary:
      "Upload a learned model to the caller's team (multipart: `file` the .onnx, `sidecar` its JSON): checked by loading it and scoring a probe image, then evaluated on the team's held-back reviewed photos in the background",
    tags,
    permission: 'image:screen',
    handler: ({ auth, query, request }) =>
      withModelUpload(request, query.name, uploadsDir, (upload) => models.upload(auth, upload)),
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
    summary:
      'Delete a learned model no team or project has chosen and no queued or running screening uses (AI_MODEL_IN_USE otherwise), and its files',
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
