import { recycleBinCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { RecycleBinService } from './recycle-bin.service.js';

const tags = ['recycle-bin'];

export function registerRecycleBinRoutes(router: Router, deps: { recycleBin: RecycleBinService }): void {
  const { recycleBin } = deps;

  router.user({
    call: recycleBinCalls.list,
    summary: "A page of the current team's recycle bin, newest deletion first",
    tags,
    permission: 'recycle:view',
    handler: ({ auth, query }) => recycleBin.list(auth, query),
  });

  router.user({
    call: recycleBinCalls.restore,
    summary: 'Restore items with everything they contained, under their old ids',
    tags,
    permission: 'recycle:manage',
    handler: ({ auth, body }) => recycleBin.restore(auth, body.ids),
  });

  router.user({
    call: recycleBinCalls.deletePermanently,
    summary: "Delete items for good (needs the caller's login password); frees their storage",
    tags,
    permission: 'recycle:manage',
    handler: ({ auth, body }) => recycleBin.deletePermanently(auth, body),
  });

  router.user({
    call: recycleBinCalls.clean,
    summary: "Empty the team's recycle bin (needs the caller's login password)",
    tags,
    permission: 'recycle:manage',
    handler: ({ auth, body }) => recycleBin.clean(auth, body.password),
  });

  router.user({
    call: recycleBinCalls.totalSize,
    summary: 'Bytes held by the items in the recycle bin, and how many there are',
    tags,
    permission: 'recycle:view',
    handler: ({ auth }) => recycleBin.totalSize(auth),
  });
}
