import { AppError, projectModelCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { ProjectModelService } from './project-model.service.js';

const tags = ['project-model'];

export function registerProjectModelRoutes(router: Router, deps: { models: ProjectModelService }): void {
  const { models } = deps;

  router.user({
    call: projectModelCalls.find,
    summary: "The project's model: state, tileset URL, version, size, adjustments; null before any upload",
    tags,
    permission: 'project:view',
    handler: ({ auth, params }) => models.find(auth, params.id),
  });

  router.user({
    call: projectModelCalls.initModel,
    summary: 'Declare a model upload: checks quota and the upload lock, returns the tus endpoint and upload id',
    tags,
    permission: 'project:model:upload',
    handler: ({ auth, body }) => models.initModel(auth, body),
  });

  router.user({
    call: projectModelCalls.uploadModel,
    summary: 'Upload a model zip in one multipart request (field `file`), for clients without tus',
    tags,
    permission: 'project:model:upload',
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
    call: projectModelCalls.startUnzip,
    summary: 'Start the unzip of the uploaded zip again (after a failure)',
    tags,
    permission: 'project:model:upload',
    handler: ({ auth, body }) => models.startUnzip(auth, body.projectId),
  });

  router.user({
    call: projectModelCalls.updateParameter,
    summary: 'Save the model adjustments (placement, offsets, scale, rotation)',
    tags,
    permission: 'project:edit',
    handler: ({ auth, body }) => models.updateParameter(auth, body.projectId, body.parameter),
  });

  router.user({
    call: projectModelCalls.updatePosition,
    summary: "Save the model's position, which is the project's default view",
    tags,
    permission: 'project:edit',
    handler: ({ auth, body }) => models.updatePosition(auth, body.projectId, body.position),
  });

  router.user({
    call: projectModelCalls.updateClip,
    summary: 'Save the clipping plane (normal and center), or null to clip nothing',
    tags,
    permission: 'project:edit',
    handler: ({ auth, body }) => models.updateClip(auth, body.projectId, body.clip),
  });

  router.user({
    call: projectModelCalls.clipState,
    summary: "Whether the project's model is clipped, and by which plane",
    tags,
    permission: 'project:view',
    handler: ({ auth, params }) => models.clipState(auth, params.projectId),
  });

  router.user({
    call: projectModelCalls.findUploader,
    summary: "Who holds the project's model upload lock (null when nobody uploads)",
    tags,
    permission: 'project:view',
    handler: ({ auth, query }) => models.findUploader(auth, query.projectId),
  });

  router.user({
    call: projectModelCalls.initParameter,
    summary: 'The parameter and position recorded when the model was uploaded',
    tags,
    permission: 'project:view',
    handler: ({ auth, params }) => models.initParameter(auth, params.id),
  });

  router.user({
    call: projectModelCalls.isChanged,
    summary: 'Whether the model differs from what was recorded at upload',
    tags,
    permission: 'project:view',
    handler: ({ auth, params }) => models.isChanged(auth, params.id),
  });

  router.user({
    call: projectModelCalls.restore,
    summary: 'Restore the parameter and position recorded at upload',
    tags,
    permission: 'project:edit',
    handler: ({ auth, params }) => models.restore(auth, params.id),
  });

  router.user({
    call: projectModelCalls.deleteModel,
    summary: "Delete the project's model: its files, its rows, and their share of the quota",
    tags,
    permission: 'project:model:upload',
    handler: async ({ auth, params }) => {
      await models.deleteModel(auth, params.id);
      return null;
    },
  });

  router.user({
    call: projectModelCalls.closeUploads,
    summary: "End this user's model uploads (of one project, or all): their locks and reservations",
    tags,
    handler: ({ auth, query }) => models.closeUploads(auth, query.projectId),
  });
}
