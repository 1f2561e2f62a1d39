import { z } from 'zod';
import {
  aiModelChoiceBodySchema,
  aiModelChoiceQuerySchema,
  aiModelChoiceSchema,
  aiModelIdParamsSchema,
  aiModelSchema,
  aiModelUploadFieldsSchema,
  aiTrainingSetIdParamsSchema,
  aiTrainingSetListQuerySchema,
  aiTrainingSetSchema,
  aiTrainingSetStartParamsSchema,
} from '../schemas/ai-model.js';
import { defineCall } from './define.js';

/**
 * Learned models and training sets (issue 14; not in SPEC section 7, named in the style of /ai-check). Models are
 * the caller's team's; training sets are an inspection's.
 */
export const aiModelCalls = {
  /** Multipart: `file` (the .onnx), `sidecar` (its JSON), and an optional `name` field. */
  upload: defineCall({
    method: 'POST',
    path: '/ai-model',
    query: aiModelUploadFieldsSchema,
    multipart: true,
    response: aiModelSchema,
  }),
  list: defineCall({ method: 'GET', path: '/ai-model/list', response: z.array(aiModelSchema) }),
  details: defineCall({
    method: 'GET',
    path: '/ai-model/{id}',
    params: aiModelIdParamsSchema,
    response: aiModelSchema,
  }),
  remove: defineCall({ method: 'DELETE', path: '/ai-model/{id}', params: aiModelIdParamsSchema, response: z.null() }),
  choice: defineCall({
    method: 'GET',
    path: '/ai-model/choice',
    query: aiModelChoiceQuerySchema,
    response: aiModelChoiceSchema,
  }),
  choose: defineCall({
    method: 'PUT',
    path: '/ai-model/choice',
    body: aiModelChoiceBodySchema,
    response: aiModelChoiceSchema,
  }),
  exportTrainingSet: defineCall({
    method: 'POST',
    path: '/ai-training-set/{inspectionId}',
    params: aiTrainingSetStartParamsSchema,
    response: aiTrainingSetSchema,
  }),
  trainingSets: defineCall({
    method: 'GET',
    path: '/ai-training-set/list',
    query: aiTrainingSetListQuerySchema,
    response: z.array(aiTrainingSetSchema),
  }),
  removeTrainingSet: defineCall({
    method: 'DELETE',
    path: '/ai-training-set/{id}',
    params: aiTrainingSetIdParamsSchema,
    response: z.null(),
  }),
};
