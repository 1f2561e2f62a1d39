import { imagesRecordCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { createImagesRecordService } from './images-record.service.js';

const tags = ['inspection'];
const feature = 'inspection' as const;

export function registerImagesRecordRoutes(
  router: Router,
  records: ReturnType<typeof createImagesRecordService>,
): void {
  router.user({
    call: imagesRecordCalls.add,
    summary: 'Record the files of an upload batch as it starts (at most 10,000, names unique)',
    tags,
    permission: 'image:upload',
    feature,
    handler: ({ auth, body }) => records.add(auth, body),
  });
  router.user({
    call: imagesRecordCalls.page,
    summary: "An inspection's upload records, newest first, with how many files arrived, were processed or failed",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, body }) => records.page(auth, body),
  });
  router.user({
    call: imagesRecordCalls.get,
    summary: 'One upload record with the files that are not in the inspection',
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, params }) => records.get(auth, params.id),
  });
}
