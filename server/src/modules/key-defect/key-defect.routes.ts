import { z } from 'zod';
import { KEY_DEFECT_SCREENSHOT_MAX_BYTES, KEY_DEFECT_SCREENSHOT_NAME_PATTERN, keyDefectCalls } from '@sightline/shared';
import { idParam } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import { readUploadedFile } from '../../platform/http/uploaded-file.js';
import type { KeyDefectService } from './key-defect.service.js';

const tags = ['key-defect'];
/** Key defects are drawn in the drone inspection's 3D view: the team's inspection function package. */
const feature = 'inspection' as const;

const screenshotParamsSchema = z.object({
  inspectionId: idParam,
  name: z.string().regex(KEY_DEFECT_SCREENSHOT_NAME_PATTERN, { error: 'invalidValue' }),
});

export function registerKeyDefectRoutes(router: Router, deps: { keyDefects: KeyDefectService }): void {
  const { keyDefects } = deps;
  const calls = keyDefectCalls;

  router.user({
    call: calls.uploadScreenshot,
    summary:
      "Upload a key defect's screenshot (multipart part `file`: a PNG by its bytes, at most 5 MB) into the inspection's folder; answers its name for the create or update",
    tags,
    permission: 'defect:edit',
    feature,
    handler: async ({ auth, query, request }) =>
      keyDefects.uploadScreenshot(
        auth,
        query.inspectionId,
        await readUploadedFile(request, KEY_DEFECT_SCREENSHOT_MAX_BYTES),
      ),
  });
  router.user({
    call: calls.create,
    summary:
      'Create a key defect drawn on the model (a polyline or polygon of positions) with its uploaded screenshot; a graph under 32 px on screen needs `confirmSmall`',
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, body }) => keyDefects.create(auth, body),
  });
  router.user({
    call: calls.update,
    summary: 'Edit a key defect; a new graph comes with its new screenshot; the change is kept in its history',
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, body }) => keyDefects.update(auth, body),
  });
  router.user({
    call: calls.createMany,
    summary: 'Create up to 100 key defects, all or none',
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, body }) => keyDefects.createMany(auth, body.items),
  });
  router.user({
    call: calls.removeMany,
    summary: 'Delete key defects (all or none); their screenshots are freed',
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, body }) => keyDefects.removeMany(auth, body.ids),
  });
  router.user({
    call: calls.get,
    summary: 'One key defect',
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, params }) => keyDefects.get(auth, params.id),
  });
  router.user({
    call: calls.history,
    summary: "A page of a key defect's history, newest first (kept after its deletion)",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => keyDefects.history(auth, body),
  });
  router.user({
    call: calls.coordinates,
    summary: "An inspection's key defects with their graphs on the model, for the 3D view and the list",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => keyDefects.coordinates(auth, body.inspectionId),
  });
  router.file({
    url: '/api/files/key-defects/:inspectionId/:name',
    summary: "A key defect's screenshot (PNG)",
    tags,
    permission: 'defect:view',
    feature,
    params: screenshotParamsSchema,
    handler: ({ auth, params }) => keyDefects.screenshotFile(auth, params),
  });
}
