import { z } from 'zod';
import { idParam } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { ProjectModelService } from './project-model.service.js';

const tileParamsSchema = z.object({ projectId: idParam, version: idParam, '*': z.string().min(1) });

/**
 * Serves a model's tileset to members of its project, from whichever store holds it. CesiumJS fetches tiles
 * itself: it signs in with a signed link to the version's folder, whose query every tile URL it derives keeps.
 * Paths that are not plain relative paths inside the version folder, and versions not served, answer 404.
 */
export function registerProjectModelTiles(router: Router, deps: { models: ProjectModelService }): void {
  router.file({
    url: '/api/project-model/tiles/:projectId/:version/*',
    summary: 'A file of a project model tileset',
    tags: ['project-model'],
    permission: 'project:view',
    params: tileParamsSchema,
    handler: ({ auth, params }) => deps.models.tileFile(auth, params.projectId, params.version, params['*']),
  });
}
