import { z } from 'zod';
import {
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
} from '../schemas/project-model.js';
import { defineCall } from './define.js';

export const projectModelCalls = {
  find: defineCall({
    method: 'GET',
    path: '/project-model/findByProjectId/{id}',
    params: modelIdParamsSchema,
    response: projectModelSchema.nullable(),
  }),
  initModel: defineCall({
    method: 'POST',
    path: '/project-model/initModel',
    body: initModelBodySchema,
    response: initModelResultSchema,
  }),
  uploadModel: defineCall({
    method: 'POST',
    path: '/project-model/uploadModel',
    query: modelProjectQuerySchema,
    multipart: true,
    response: projectModelSchema,
  }),
  startUnzip: defineCall({
    method: 'POST',
    path: '/project-model/start/unzip',
    body: modelProjectBodySchema,
    response: projectModelSchema,
  }),
  updateParameter: defineCall({
    method: 'POST',
    path: '/project-model/update/model/parameter',
    body: updateModelParameterBodySchema,
    response: projectModelSchema,
  }),
  updatePosition: defineCall({
    method: 'POST',
    path: '/project-model/update/model/position',
    body: updateModelPositionBodySchema,
    response: projectModelSchema,
  }),
  updateClip: defineCall({
    method: 'POST',
    path: '/project-model/update/model/clip',
    body: updateModelClipBodySchema,
    response: projectModelSchema,
  }),
  clipState: defineCall({
    method: 'GET',
    path: '/model-cutting/find/enable/{projectId}',
    params: modelProjectQuerySchema,
    response: modelClipStateSchema,
  }),
  findUploader: defineCall({
    method: 'GET',
    path: '/project-model/find/project/model/user',
    query: modelProjectQuerySchema,
    response: modelUploaderSchema.nullable(),
  }),
  initParameter: defineCall({
    method: 'GET',
    path: '/project-model/find/model/init/parameter/{id}',
    params: modelIdParamsSchema,
    response: modelInitParameterSchema,
  }),
  isChanged: defineCall({
    method: 'POST',
    path: '/project-model/find/is/restore/{id}',
    params: modelIdParamsSchema,
    response: modelRestoreStateSchema,
  }),
  restore: defineCall({
    method: 'POST',
    path: '/project-model/restore/{id}',
    params: modelIdParamsSchema,
    response: projectModelSchema,
  }),
  deleteModel: defineCall({
    method: 'DELETE',
    path: '/project-model/delete/model/{id}',
    params: modelIdParamsSchema,
    response: z.null(),
  }),
  closeUploads: defineCall({
    method: 'GET',
    path: '/project-model/close/socket',
    query: modelCloseQuerySchema,
    response: z.object({ closed: z.number().int() }),
  }),
};
