import {
  recycleCleanBodySchema,
  recycleDeleteBodySchema,
  recycleListQuerySchema,
  recyclePageSchema,
  recyclePurgeResultSchema,
  recycleRestoreBodySchema,
  recycleRestoreResultSchema,
  recycleTotalSizeSchema,
} from '../schemas/recycle-bin.js';
import { defineCall } from './define.js';

export const recycleBinCalls = {
  list: defineCall({ method: 'GET', path: '/transaction', query: recycleListQuerySchema, response: recyclePageSchema }),
  restore: defineCall({
    method: 'POST',
    path: '/transaction/data/restore',
    body: recycleRestoreBodySchema,
    response: recycleRestoreResultSchema,
  }),
  deletePermanently: defineCall({
    method: 'POST',
    path: '/transaction/data/delete',
    body: recycleDeleteBodySchema,
    response: recyclePurgeResultSchema,
  }),
  clean: defineCall({
    method: 'POST',
    path: '/transaction/clean',
    body: recycleCleanBodySchema,
    response: recyclePurgeResultSchema,
  }),
  totalSize: defineCall({ method: 'GET', path: '/transaction/total/size', response: recycleTotalSizeSchema }),
};
