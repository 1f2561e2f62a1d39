import { z } from 'zod';
import {
  localUserBatchDeleteBodySchema,
  localUserCreateBodySchema,
  localUserEditBodySchema,
  localUserEditWithIdBodySchema,
  localUserPageBodySchema,
  localUserPageSchema,
  localUserSchema,
} from '../schemas/user.js';
import { idParams } from './params.js';
import { defineCall } from './define.js';

export const userCalls = {
  page: defineCall({
    method: 'POST',
    path: '/user/page',
    body: localUserPageBodySchema,
    response: localUserPageSchema,
  }),
  list: defineCall({ method: 'GET', path: '/user/list', response: z.array(localUserSchema) }),
  get: defineCall({ method: 'GET', path: '/user/{id}', params: idParams, response: localUserSchema }),
  create: defineCall({ method: 'POST', path: '/user', body: localUserCreateBodySchema, response: localUserSchema }),
  edit: defineCall({
    method: 'PUT',
    path: '/user/{id}',
    params: idParams,
    body: localUserEditBodySchema,
    response: localUserSchema,
  }),
  editWithId: defineCall({
    method: 'POST',
    path: '/user/edit',
    body: localUserEditWithIdBodySchema,
    response: localUserSchema,
  }),
  // SPEC section 7 names the batch deletion twice.
  deleteBatch: defineCall({
    method: 'POST',
    path: '/user/del/batch',
    body: localUserBatchDeleteBodySchema,
    response: z.null(),
  }),
  deleteBatchAlias: defineCall({
    method: 'DELETE',
    path: '/user/batch',
    body: localUserBatchDeleteBodySchema,
    response: z.null(),
  }),
};
