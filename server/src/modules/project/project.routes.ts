import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  LIMITS,
  createProjectBodySchema,
  idParam,
  idResultSchema,
  parsedLocationSchema,
  projectCoverSchema,
  projectDetailSchema,
  projectHandoverBodySchema,
  projectMapBodySchema,
  projectMapItemSchema,
  projectModeLineQuerySchema,
  projectPageBodySchema,
  projectPageSchema,
  projectRefSchema,
  updateProjectBodySchema,
} from '@sightline/shared';
import type { Authenticate } from '../../platform/auth/auth-context.js';
import { requestLanguage } from '../../platform/http/language.js';
import { sendImmutableFile } from '../../platform/http/immutable-file.js';
import type { Router } from '../../platform/http/route.js';
import { readUploadedFile } from '../../platform/http/uploaded-file.js';
import { COVER_NAME_PATTERN } from './project-cover.js';
import type { ProjectService } from './project.service.js';

const tags = ['project'];
const idParams = z.object({ id: idParam });

export function registerProjectRoutes(router: Router, deps: { projects: ProjectService }): void {
  const { projects } = deps;

  router.user({
    method: 'POST',
    url: '/api/project/findPage',
    summary: 'A page of the project cards the caller may see, newest first, by group, type or name',
    tags,
    permission: 'project:view',
    body: projectPageBodySchema,
    response: projectPageSchema,
    handler: ({ auth, body, request }) => projects.page(auth, body, requestLanguage(request)),
  });

  router.user({
    method: 'POST',
    url: '/api/project',
    summary: 'Create a project (step one of the wizard)',
    tags,
    permission: 'project:create',
    body: createProjectBodySchema,
    response: idResultSchema,
    handler: ({ auth, body, request }) => projects.create(auth, body, requestLanguage(request)),
  });

  router.user({
    method: 'PUT',
    url: '/api/project',
    summary: 'Update a project; absent fields stay unchanged and null clears',
    tags,
    permission: 'project:edit',
    body: updateProjectBodySchema,
    response: idResultSchema,
    handler: ({ auth, body, request }) => projects.update(auth, body, requestLanguage(request)),
  });

  router.user({
    method: 'POST',
    url: '/api/project/cover',
    summary: 'Upload a cover image (multipart part `file`: JPG or PNG, at most 10 MB); answers its URL',
    tags,
    permission: 'project:edit',
    response: projectCoverSchema,
    handler: async ({ auth, request }) =>
      projects.uploadCover(auth, await readUploadedFile(request, LIMITS.projectCoverMaxBytes)),
  });

  router.user({
    method: 'POST',
    url: '/api/project/location/parse',
    summary: 'Read a location file (multipart part `file`: GeoJSON, KML, KMZ or zipped shapefile) as GeoJSON',
    tags,
    permission: 'project:edit',
    response: parsedLocationSchema,
    handler: async ({ request }) => projects.parseLocationFile(await readUploadedFile(request, LIMITS.singleFileBytes)),
  });

  router.user({
    method: 'POST',
    url: '/api/project/find/List/map',
    summary: 'The projects the caller may see, with their locations, for the map',
    tags,
    permission: 'project:view',
    body: projectMapBodySchema,
    response: z.array(projectMapItemSchema),
    handler: ({ auth, body, request }) => projects.listForMap(auth, body, requestLanguage(request)),
  });

  router.user({
    method: 'GET',
    url: '/api/project/find/mode/line',
    summary: 'Projects with a route or line name containing modeLine, optionally of one type code',
    tags,
    permission: 'project:view',
    query: projectModeLineQuerySchema,
    response: z.array(projectMapItemSchema),
    handler: ({ auth, query, request }) => projects.listByRoute(auth, query, requestLanguage(request)),
  });

  router.user({
    method: 'POST',
    url: '/api/project/findTeamAll',
    summary: "Ids and names of the team's projects the caller may see, for pickers",
    tags,
    permission: 'project:view',
    response: z.array(projectRefSchema),
    handler: ({ auth }) => projects.listRefs(auth),
  });

  router.user({
    method: 'POST',
    url: '/api/project/handover',
    summary: 'Hand a project over to another team of which the caller is an owner or administrator',
    tags,
    permission: 'project:handover',
    body: projectHandoverBodySchema,
    response: idResultSchema,
    handler: ({ auth, body, request }) => projects.handover(auth, body, requestLanguage(request)),
  });

  router.user({
    method: 'GET',
    url: '/api/project/:id',
    summary: 'A project with its members, location and default view',
    tags,
    permission: 'project:view',
    params: idParams,
    response: projectDetailSchema,
    handler: ({ auth, params, request }) => projects.detail(auth, params.id, requestLanguage(request)),
  });

  router.user({
    method: 'DELETE',
    url: '/api/project/:id',
    summary: 'Move a project and everything under it to the recycle bin',
    tags,
    permission: 'project:delete',
    params: idParams,
    response: z.null(),
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

/** Cover images as files: `<img>` cannot send a header, so the token may come in the query. */
export function registerProjectCoverFileRoute(
  app: FastifyInstance,
  deps: { projects: ProjectService; authenticate: Authenticate },
): void {
  app.get(
    '/api/files/project-covers/:teamId/:name',
    {
      schema: {
        summary: "A project cover image, for members of the cover's team",
        tags,
        params: coverFileParamsSchema,
        querystring: z.object({ token: z.string().max(256).optional() }),
      },
    },
    async (request, reply) => {
      const auth = await deps.authenticate(request);
      if (!auth) throw new AppError('LOGIN_FAILURE');
      const params = request.params as z.output<typeof coverFileParamsSchema>;
      const file = await deps.projects.readCover(auth, params.teamId, params.name);
      return sendImmutableFile(reply, file);
    },
  );
}
