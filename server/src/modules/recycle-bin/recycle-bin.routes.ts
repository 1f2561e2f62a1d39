import {
  recycleCleanBodySchema,
  recycleDeleteBodySchema,
  recycleListQuerySchema,
  recyclePageSchema,
  recyclePurgeResultSchema,
  recycleRestoreBodySchema,
  recycleRestoreResultSchema,
  recycleTotalSizeSchema,
} from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { RecycleBinService } from './recycle-bin.service.js';

const tags = ['recycle-bin'];

export function registerRecycleBinRoutes(router: Router, deps: { recycleBin: RecycleBinService }): void {
  const { recycleBin } = deps;

  router.user({
    method: 'GET',
    url: '/api/transaction',
    summary: "A page of the current team's recycle bin, newest deletion first",
    tags,
    permission: 'recycle:view',
    query: recycleListQuerySchema,
    response: recyclePageSchema,
    handler: ({ auth, query }) => recycleBin.list(auth, query),
  });

  router.user({
    method: 'POST',
    url: '/api/transaction/data/restore',
    summary: 'Restore items with everything they contained, under their old ids',
    tags,
    permission: 'recycle:manage',
    body: recycleRestoreBodySchema,
    response: recycleRestoreResultSchema,
    handler: ({ auth, body }) => recycleBin.restore(auth, body.ids),
  });

  router.user({
    method: 'POST',
    url: '/api/transaction/data/delete',
    summary: "Delete items for good (needs the caller's login password); frees their storage",
    tags,
    permission: 'recycle:manage',
    body: recycleDeleteBodySchema,
    response: recyclePurgeResultSchema,
    handler: ({ auth, body }) => recycleBin.deletePermanently(auth, body),
  });

  router.user({
    method: 'POST',
    url: '/api/transaction/clean',
    summary: "Empty the team's recycle bin (needs the caller's login password)",
    tags,
    permission: 'recycle:manage',
    body: recycleCleanBodySchema,
    response: recyclePurgeResultSchema,
    handler: ({ auth, body }) => recycleBin.clean(auth, body.password),
  });

  router.user({
    method: 'GET',
    url: '/api/transaction/total/size',
    summary: 'Bytes held by the items in the recycle bin, and how many there are',
    tags,
    permission: 'recycle:view',
    response: recycleTotalSizeSchema,
    handler: ({ auth }) => recycleBin.totalSize(auth),
  });
}
