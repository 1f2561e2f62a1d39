import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  LIMITS,
  dictionaryEntriesSchema,
  dictionaryEntrySchema,
  fileStoreAddressSchema,
  findDataBodySchema,
  systemConfigUpdateBodySchema,
  systemImageQuerySchema,
} from '@sightline/shared';
import { sendImmutableFile } from '../../platform/http/immutable-file.js';
import type { Router } from '../../platform/http/route.js';
import type { SystemConfigService } from './system-config.service.js';

const tags = ['system-config'];

/** The one uploaded file, as bytes; FILE_TOO_LARGE past the limit of system images. */
async function uploadedImage(request: FastifyRequest): Promise<Buffer> {
  const required = new AppError('VALIDATION_ERROR', { data: { issues: [{ path: 'file', key: 'required' }] } });
  if (!request.isMultipart()) throw required;
  const file = await request.file({ limits: { fileSize: LIMITS.systemImageMaxBytes } });
  if (!file) throw required;
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('FILE_TOO_LARGE', { params: { max: LIMITS.systemImageMaxBytes / (1024 * 1024) } });
    }
    throw error;
  }
}

export function registerSystemConfigRoutes(
  app: FastifyInstance,
  router: Router,
  deps: { systemConfig: SystemConfigService },
): void {
  const { systemConfig } = deps;

  router.public({
    method: 'GET',
    url: '/api/dictionary-data/find/system/config',
    summary: 'Company name, logo and icon of this deployment, as key and value entries',
    tags,
    response: dictionaryEntriesSchema,
    handler: () => systemConfig.systemConfig(),
  });

  router.user({
    method: 'PUT',
    url: '/api/dictionary-data/system/config',
    summary: 'Change company name, logo or icon (a logo or icon is a path on this site)',
    tags,
    permission: 'system:config',
    body: systemConfigUpdateBodySchema,
    response: dictionaryEntriesSchema,
    handler: ({ body }) => systemConfig.update(body.entries),
  });

  router.user({
    method: 'POST',
    url: '/api/dictionary-data/system/logo',
    summary: 'Upload the logo or icon (multipart `file`: PNG, JPEG or SVG by content, at most 2 MB) and use it',
    tags,
    permission: 'system:config',
    query: systemImageQuerySchema,
    response: dictionaryEntrySchema,
    handler: async ({ query, request }) => systemConfig.uploadImage(query.entry, await uploadedImage(request)),
  });

  router.public({
    method: 'GET',
    url: '/api/dictionary-data/find/system/img/category',
    summary: 'Image categories of inspection photos (normal, cable)',
    tags,
    response: dictionaryEntriesSchema,
    handler: () => systemConfig.imageCategories(),
  });

  router.public({
    method: 'POST',
    url: '/api/dictionary-data/findData',
    summary: 'The entries of a dictionary category (public reference data)',
    tags,
    body: findDataBodySchema,
    response: dictionaryEntriesSchema,
    handler: ({ body }) => systemConfig.findData(body.category),
  });

  for (const url of ['/api/global-config/getMinioKey', '/api/global-config/web/getMinioKey']) {
    router.public({
      method: 'GET',
      url,
      summary: 'Where the web fetches stored files; no access keys are sent (the local store needs none)',
      tags,
      response: fileStoreAddressSchema,
      handler: async () => systemConfig.fileStoreAddress(),
    });
  }

  app.get(
    '/api/files/system/:name',
    {
      schema: {
        summary: 'An uploaded logo or icon (public: the login page shows it)',
        tags,
        params: z.object({ name: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      const image = await systemConfig.openImage(name);
      if (!image) throw new AppError('notFound');
      // An SVG opened directly may run no script.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return sendImmutableFile(reply, image, 'public');
    },
  );
}
