import { z } from 'zod';
import { LIMITS, idParam, projectCalls } from '@sightline/shared';
import { requestLanguage } from '../../platform/http/language.js';
import type { Router } from '../../platform/http/route.js';
import { readUploadedFile } from '../../platform/http/uploaded-file.js';
import { COVER_NAME_PATTERN } from './project-cover.js';
import type { ProjectService } from './project.service.js';

const tags = ['project'];

export function registerProjectRoutes(router: Router, deps: { projects: ProjectService }): void {
  const { projects } = deps;

  router.user({
    call: projectCalls.page,
    summary: 'A page of the project cards the caller may see, newest first, by group, type or name',
    tags,
    permission: 'project:view',
    handler: ({ auth, body, request }) => projects.page(auth, body, requestLanguage(request)),
  });

  router.user({
    call: projectCalls.create,
    summary: 'Create a project (step one of the wizard)',
    tags,
    permission: 'project:create',
    handler: ({ auth, body, request }) => projects.create(auth, body, requestLanguage(request)),
  });

  router.user({
    call: projectCalls.update,
    summary: 'Update a project; absent fields stay unchanged and null clears',
    tags,
    permission: 'project:edit',
    handler: ({ auth, body, request }) => projects.update(auth, body, requestLanguage(request)),
  });

  router.user({
    call: projectCalls.uploadCover,
    summary: 'Upload a cover image (multipart part `file`: JPG or PNG, at most 10 MB); answers its URL',
    tags,
    permission: 'project:edit',
    handler: async ({ auth, request }) =>
      projects.uploadCover(auth, await readUploadedFile(request, LIMITS.projectCoverMaxBytes)),
  });

  router.user({
    call: projectCalls.parseLocationFile,
    summary: 'Read a location file (multipart part `file`: GeoJSON, KML, KMZ or zipped shapefile) as GeoJSON',
    tags,
    permission: 'project:edit',
    handler: async ({ request }) => projects.parseLocationFile(await readUploadedFile(request, LIMITS.singleFileBytes)),
  });

  router.user({
    call: projectCalls.listForMap,
    summary: 'The projects the caller may see, with their locations, for the map',
    tags,
    permission: 'project:view',
    handler: ({ auth, body, request }) => projects.listForMap(auth, body, requestLanguage(request)),
  });

  router.user({
    call: projectCalls.listByRoute,
    summary: 'Projects with a route or line name containing modeLine, optionally of one type code',
    tags,
    permission: 'project:view',
    handler: ({ auth, query, request }) => projects.listByRoute(auth, query, requestLanguage(request)),
  });

  router.user({
    call: projectCalls.listRefs,
    summary: "Ids and names of the team's projects the caller may see, for pickers",
    tags,
    permission: 'project:view',
    handler: ({ auth }) => projects.listRefs(auth),
  });

  router.user({
    call: projectCalls.handover,
    summary: 'Hand a project over to another team of which the caller is an owner or administrator',
    tags,
    permission: 'project:handover',
    handler: ({ auth, body, request }) => projects.handover(auth, body, requestLanguage(request)),
  });

  router.user({
    call: projectCalls.detail,
    summary: 'A project with its members, location and default view',
    tags,
    permission: 'project:view',
    handler: ({ auth, params, request }) => projects.detail(auth, params.id, requestLanguage(request)),
  });

  router.user({
    call: projectCalls.remove,
    summary: 'Move a project and everything under it to the recycle bin',
    tags,
    permission: 'project:delete',
    handler: async ({ auth, params }) => {
      await projects.remove(auth, params.id);
      return null;
    },
  });
}

const coverFileParamsSchema = z.object({
  teamId: idParam,
  name: z.string().regex(COVER_NAME_PATTERN, { error: 'invalidValue' }),
});

/** Cover images as files: `<img>` elements fetch them with a signed link, since they cannot send a header. */
export function registerProjectCoverFileRoute(router: Router, deps: { projects: ProjectService }): void {
  router.file({
    url: '/api/files/project-covers/:teamId/:name',
    summary: "A project cover image, for members of the cover's team",
    tags,
    permission: 'project:view',
    params: coverFileParamsSchema,
    handler: ({ auth, params }) => deps.projects.readCover(auth, params.teamId, params.name),
  });
}
