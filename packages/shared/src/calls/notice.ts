import { z } from 'zod';
import {
  noticeCountSchema,
  noticePageQuerySchema,
  noticePageSchema,
  noticeSchema,
  noticeSendBodySchema,
  noticeTypeParamsSchema,
  noticeTypeStatusSchema,
  productVersionSchema,
} from '../schemas/notice.js';
import { idParams } from './params.js';
import { defineCall } from './define.js';

export const noticeCalls = {
  read: defineCall({ method: 'PUT', path: '/notice/read/{id}', params: idParams, response: z.null() }),
  readType: defineCall({
    method: 'PUT',
    path: '/notice/read-type/{type}',
    params: noticeTypeParamsSchema,
    response: noticeCountSchema,
  }),
  page: defineCall({ method: 'GET', path: '/notice/page', query: noticePageQuerySchema, response: noticePageSchema }),
  typeStatus: defineCall({ method: 'GET', path: '/notice/type-status', response: noticeTypeStatusSchema }),
  tipCard: defineCall({ method: 'GET', path: '/notice/tip-card', response: z.array(noticeSchema) }),
  get: defineCall({ method: 'GET', path: '/notice/{id}', params: idParams, response: noticeSchema }),
  deleteType: defineCall({
    method: 'DELETE',
    path: '/notice/type/{type}',
    params: noticeTypeParamsSchema,
    response: noticeCountSchema,
  }),
  send: defineCall({ method: 'POST', path: '/notice/send', body: noticeSendBodySchema, response: noticeCountSchema }),
  productVersion: defineCall({ method: 'POST', path: '/product-version/find/version', response: productVersionSchema }),
};
