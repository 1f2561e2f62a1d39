import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, LIMITS, systemConfigCalls } from '@sightline/shared';
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

export function registerSystemConfigRoutes(router: Router, deps: { systemConfig: SystemConfigService }): void {
  const { systemConfig } = deps;

  router.public({
    call: systemConfigCalls.systemConfig,
    summary: 'Company name, logo and icon of this deployment, as key and value entries',
    tags,
    handler: () => systemConfig.systemConfig(),
  });

  router.user({
    call: systemConfigCalls.update,
    summary: 'Change company name, logo or icon (a logo or icon is a path on this site)',
    tags,
    permission: 'system:config',
    handler: ({ body }) => systemConfig.update(body.entries),
  });

  router.user({
    call: systemConfigCalls.uploadImage,
    summary: 'Upload the logo or icon (multipart `file`: PNG, JPEG or SVG by content, at most 2 MB) and use it',
    tags,
    permission: 'system:config',
    handler: async ({ query, request }) => systemConfig.uploadImage(query.entry, await uploadedImage(request)),
  });

  router.public({
    call: systemConfigCalls.imageCategories,
    summary: 'Image categories of inspection photos (normal, cable)',
    tags,
    handler: () => systemConfig.imageCategories(),
  });

  router.public({
    call: systemConfigCalls.findData,
    summary: 'The entries of a dictionary category (public reference data)',
    tags,
    handler: ({ body }) => systemConfig.findData(body.category),
  });

  for (const call of [systemConfigCalls.fileStoreAddress, systemConfigCalls.fileStoreAddressWeb]) {
    router.public({
      call,
      summary: 'Where the web fetches stored files; no access keys are sent (the local store needs none)',
      tags,
      handler: async () => systemConfig.fileStoreAddress(),
    });
  }

  router.publicFile({
    url: '/api/files/system/:name',
    summary: 'An uploaded logo or icon (public: the login page shows it)',
    tags,
    params: z.object({ name: z.string().max(64) }),
    handler: async ({ params, reply }) => {
      const image = await systemConfig.openImage(params.name);
      if (!image) throw new AppError('notFound');
      // An SVG opened directly may run no script.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return image;
    },
  });
}
