import type { FastifyInstance } from 'fastify';
import send from '@fastify/send';
import { z } from 'zod';
import { AppError, idParam } from '@sightline/shared';
import type { Authenticate } from '../../platform/auth/auth-context.js';
import { detectTilesetContentType } from '../../platform/archive/index.js';
import type { ModelFiles } from './model-files.js';
import type { ProjectModelService } from './project-model.service.js';

const tileParamsSchema = z.object({ projectId: idParam, version: idParam, '*': z.string().min(1) });

/** A version's files never change (a new upload is a new version), so browsers keep them. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** What the model's routes outside the router (tiles, and the tus upload) work with. */
export interface ModelHttpDeps {
  models: ProjectModelService;
  files: ModelFiles;
  authenticate: Authenticate;
}

/**
 * Serves a model's tileset to members of its project. CesiumJS fetches tiles itself, so the token may come
 * in the `token` query parameter as well as the header. Range requests, ETag and Last-Modified come from
 * @fastify/send; paths that are not plain relative paths inside the version folder answer 404.
 */
export function registerProjectModelTiles(app: FastifyInstance, deps: ModelHttpDeps): void {
  const { models, files, authenticate } = deps;
  app.get(
    '/api/project-model/tiles/:projectId/:version/*',
    {
      schema: {
        summary: 'A file of a project model tileset (token in the header or ?token=)',
        tags: ['project-model'],
      },
    },
    async (request, reply) => {
      const auth = await authenticate(request);
      if (!auth) throw new AppError('LOGIN_FAILURE');
      if (!auth.permissions.includes('project:view')) throw new AppError('NO_AUTH');
      const params = tileParamsSchema.safeParse(request.params);
      const relative = params.success ? files.tilePath(params.data['*']) : null;
      if (!params.success || relative === null) throw new AppError('notFound');
      const root = await models.tileRoot(auth, params.data.projectId, params.data.version);
      const result = await send(request.raw, relative, {
        root,
        dotfiles: 'deny',
        index: false,
        cacheControl: false,
        contentType: false,
      });
      if (result.type === 'error' && (result.statusCode === 412 || result.statusCode === 416)) {
        // The request's own conditions failed (a stale If-Match, a range past the end): plain HTTP answers.
        const range = result.headers['Content-Range'];
        return reply
          .code(result.statusCode)
          .headers(range ? { 'content-range': range } : {})
          .send();
      }
      if (result.type !== 'file') throw new AppError('notFound');
      return reply
        .code(result.statusCode)
        .headers(result.headers)
        .header('content-type', detectTilesetContentType(result.metadata.path))
        .header('cache-control', CACHE_CONTROL)
        .send(result.stream);
    },
  );
}
