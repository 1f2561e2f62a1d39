import { z } from 'zod';
import {
  AppError,
  initModelBodySchema,
  initModelResultSchema,
  modelClipStateSchema,
  modelCloseQuerySchema,
  modelIdParamsSchema,
  modelInitParameterSchema,
  modelProjectBodySchema,
  modelProjectQuerySchema,
  modelRestoreStateSchema,
  modelUploaderSchema,
  projectModelSchema,
  updateModelClipBodySchema,
  updateModelParameterBodySchema,
  updateModelPositionBodySchema,
} from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { ProjectModelService } from './project-model.service.js';

const tags = ['project-model'];

export function registerProjectModelRoutes(router: Router, deps: { models: ProjectModelService }): void {
  const { models } = deps;

  router.user({
    method: 'GET',
    url: '/api/project-model/findByProjectId/:id',
    summary: "The project's model: state, tileset URL, version, size, adjustments; null before any upload",
    tags,
    permission: 'project:view',
    params: modelIdParamsSchema,
    response: projectModelSchema.nullable(),
    handler: ({ auth, params }) => models.find(auth, params.id),
  });

  router.user({
    method: 'POST',
    url: '/api/project-model/initModel',
    summary: 'Declare a model upload: checks quota and the upload lock, returns the tus endpoint and upload id',
    tags,
    permission: 'project:model:upload',
    body: initModelBodySchema,
    response: initModelResultSchema,
    handler: ({ auth, body }) => models.initModel(auth, body),
  });

  router.user({
    method: 'POST',
    url: '/api/project-model/uploadModel',
    summary: 'Upload a model zip in one multipart request (field `file`), for clients without tus',
    tags,
    permission: 'project:model:upload',
    query: modelProjectQuerySchema,
    response: projectModelSchema,
    handler: async ({ auth, query, request }) => {
      const part = request.isMultipart() ? await request.file() : undefined;
      if (!part) {
        throw new AppError('VALIDATION_ERROR', { data: { issues: [{ path: 'file', key: 'required' }] } });
      }
      return models.uploadSingleZip(auth, {
        projectId: query.projectId,
        fileName: part.filename,
        declaredBytes: Number(request.headers['content-length'] ?? Number.MAX_SAFE_INTEGER),
        file: part.file,
      });
    },
  });

  router.user({
    method: 'POST',
    url: '/api/project-model/start/unzip',
    summary: 'Start the unzip of the uploaded zip again (after a failure)',
    tags,
    permission: 'project:model:upload',
    body: modelProjectBodySchema,
    response: projectModelSchema,
    handler: ({ auth, body }) => models.startUnzip(auth, body.projectId),
  });

  router.user({
    method: 'POST',
    url: '/api/project-model/update/model/parameter',
    summary: 'Save the model adjustments (placement, offsets, scale, rotation)',
    tags,
    permission: 'project:edit',
    body: updateModelParameterBodySchema,
    response: projectModelSchema,
    handler: ({ auth, body }) => models.updateParameter(auth, body.projectId, body.parameter),
  });

  router.user({
    method: 'POST',
    url: '/api/project-model/update/model/position',
    summary: "Save the model's position, which is the project's default view",
    tags,
    permission: 'project:edit',
    body: updateModelPositionBodySchema,
    response: projectModelSchema,
    handler: ({ auth, body }) => models.updatePosition(auth, body.projectId, body.position),
  });

  router.user({
    method: 'POST',
    url: '/api/project-model/update/model/clip',
    summary: 'Save the clipping plane (normal and center), or null to clip nothing',
    tags,
    permission: 'project:edit',
    body: updateModelClipBodySchema,
    response: projectModelSchema,
    handler: ({ auth, body }) => models.updateClip(auth, body.projectId, body.clip),
  });

  router.user({
    method: 'GET',
    url: '/api/model-cutting/find/enable/:projectId',
    summary: "Whether the project's model is clipped, and by which plane",
    tags,
    permission: 'project:view',
    params: modelProjectQuerySchema,
    response: modelClipStateSchema,
    handler: ({ auth, params }) => models.clipState(auth, params.projectId),
  });

  router.user({
    method: 'GET',
    url: '/api/project-model/find/project/model/user',
    summary: "Who holds the project's model upload lock (null when nobody uploads)",
    tags,
    permission: 'project:view',
    query: modelProjectQuerySchema,
    response: modelUploaderSchema.nullable(),
    handler: ({ auth, query }) => models.findUploader(auth, query.projectId),
  });

  router.user({
    method: 'GET',
    url: '/api/project-model/find/model/init/parameter/:id',
    summary: 'The parameter and position recorded when the model was uploaded',
    tags,
    permission: 'project:view',
    params: modelIdParamsSchema,
    response: modelInitParameterSchema,
    handler: ({ auth, params }) => models.initParameter(auth, params.id),
  });

  router.user({
    method: 'POST',
    url: '/api/project-model/find/is/restore/:id',
    summary: 'Whether the model differs from what was recorded at upload',
    tags,
    permission: 'project:view',
    params: modelIdParamsSchema,
    response: modelRestoreStateSchema,
    handler: ({ auth, params }) => models.isChanged(auth, params.id),
  });

  router.user({
    method: 'POST',
    url: '/api/project-model/restore/:id',
    summary: 'Restore the parameter and position recorded at upload',
    tags,
    permission: 'project:edit',
    params: modelIdParamsSchema,
    response: projectModelSchema,
    handler: ({ auth, params }) => models.restore(auth, params.id),
  });

  router.user({
    method: 'DELETE',
    url: '/api/project-model/delete/model/:id',
    summary: "Delete the project's model: its files, its rows, and their share of the quota",
    tags,
    permission: 'project:model:upload',
    params: modelIdParamsSchema,
    response: z.null(),
    handler: async ({ auth, params }) => {
      await models.deleteModel(auth, params.id);
      return null;
    },
  });

  router.user({
    method: 'GET',
    url: '/api/project-model/close/socket',
    summary: "End this user's model uploads (of one project, or all): their locks and reservations",
    tags,
    query: modelCloseQuerySchema,
    response: z.object({ closed: z.number().int() }),
    handler: ({ auth, query }) => models.closeUploads(auth, query.projectId),
  });
}
