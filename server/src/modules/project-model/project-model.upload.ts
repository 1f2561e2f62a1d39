import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server, type ServerOptions } from '@tus/server';
import { AppError, MODEL_UPLOAD_METADATA, MODEL_UPLOAD_PATH } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { envelopeFor } from '../../platform/http/error-handler.js';
import { isUploadId, newUploadId } from './model-files.js';
import type { ModelHttpDeps } from './project-model.tiles.js';

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];

/** What tus sends back for a refused request: our envelope, with the key the web translates. */
function tusError(error: AppError): { status_code: number; body: string } {
  return { status_code: error.status, body: JSON.stringify(envelopeFor(error)) };
}

function isTusError(error: unknown): error is { status_code: number; body: string } {
  return typeof (error as { status_code?: unknown } | null)?.status_code === 'number';
}

/**
 * The resumable model upload (tus 1.0 with @tus/server): create with POST (Upload-Length, Upload-Metadata
 * `projectId`, `filename` and optionally `uploadId` from initModel), send with PATCH, resume from HEAD's
 * Upload-Offset (after a reload or a server restart: the files and their metadata live in DATA_DIR/uploads),
 * cancel with DELETE. Every request carries the login token; quota and the one-uploader lock are checked
 * when the upload is created, before any byte is stored, and the zip is checked when its last byte arrives.
 */
export function registerProjectModelUpload(app: FastifyInstance, deps: ModelHttpDeps): void {
  const { models, files, authenticate } = deps;
  // tus hands our hooks a web Request; the caller authenticated by Fastify is found through the Node request.
  const callers = new WeakMap<object, AuthContext>();
  const callerOf = (request: TusRequest): AuthContext => {
    const node = request.runtime?.node?.req;
    const auth = node ? callers.get(node) : undefined;
    if (!auth) throw tusError(new AppError('LOGIN_FAILURE'));
    return auth;
  };
  const asTus = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw tusError(error);
      throw error;
    }
  };

  const path = MODEL_UPLOAD_PATH.replace(/\/$/, '');
  const tus = new Server({
    path,
    datastore: new FileStore({ directory: files.uploadsDir }),
    relativeLocation: true,
    // Activity during one long PATCH keeps the upload's lock from going idle.
    postReceiveInterval: 60_000,
    namingFunction: (_request, metadata) => {
      const declared = metadata?.[MODEL_UPLOAD_METADATA.uploadId];
      return declared && isUploadId(declared) ? declared : newUploadId();
    },
    onUploadCreate: (request, upload) =>
      asTus(async () => {
        const auth = callerOf(request);
        const metadata = upload.metadata ?? {};
        const projectId = Number(metadata[MODEL_UPLOAD_METADATA.projectId]);
        if (!Number.isSafeInteger(projectId) || projectId <= 0) {
          throw new AppError('VALIDATION_ERROR', { data: { issues: [{ path: 'projectId', key: 'required' }] } });
        }
        // The quota is checked against the declared length, so the length must be declared up front.
        if (upload.size === undefined || !Number.isSafeInteger(upload.size) || upload.size <= 0) {
          throw new AppError('PROJECT_MODEL_UPLOAD_ERROR');
        }
        await models.beginUpload(auth, {
          projectId,
          fileName: metadata[MODEL_UPLOAD_METADATA.fileName] ?? metadata.name ?? '',
          sizeBytes: upload.size,
          uploadId: upload.id,
          declared: metadata[MODEL_UPLOAD_METADATA.uploadId] !== undefined,
          created: true,
        });
        return {};
      }),
    onIncomingRequest: (request, uploadId) =>
      asTus(async () => {
        if (request.method === 'POST') return;
        const auth = callerOf(request);
        if (request.method === 'DELETE') await models.cancelUpload(auth, uploadId);
        else await models.authorizeUpload(auth, uploadId);
      }),
    onUploadFinish: (request, upload) =>
      asTus(async () => {
        await models.completeUpload(callerOf(request), upload.id);
        return {};
      }),
    onResponseError: (request, error) => {
      if (isTusError(error)) return error;
      app.log.error({ err: error, url: request.url }, 'model upload failed');
      return tusError(new AppError('serviceError'));
    },
  });
  tus.on(EVENTS.POST_RECEIVE, (_request, upload) => {
    models.touchUpload(upload.id).catch((error: unknown) => app.log.warn({ err: error }, 'upload activity not saved'));
  });

  // The body is tus's to stream into the file store: Fastify must leave it unread.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'OPTIONS') {
      const auth = await authenticate(request);
      if (!auth) throw new AppError('LOGIN_FAILURE');
      if (!auth.permissions.includes('project:model:upload')) throw new AppError('NO_AUTH');
      callers.set(request.raw, auth);
    }
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const schema = { summary: 'Resumable model upload (tus 1.0)', tags: ['project-model'] };
  for (const url of [path, `${path}/`, `${path}/:uploadId`]) {
    app.route({ method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'], url, schema, handler });
  }
}
