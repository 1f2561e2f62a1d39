import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server, type ServerOptions } from '@tus/server';
import { AppError, type ErrorKey, type Permission, type TeamFunctionCode } from '@sightline/shared';
import type { z } from 'zod';
import type { AuthContext } from '../auth/auth-context.js';
import { fieldError } from '../http/field-error.js';
import { nulPath } from '../http/nul-guard.js';
import { envelopeFor } from '../http/error-handler.js';
import type { Router } from '../http/route.js';

/** An upload as a kind's hooks see it: tus's id, the declared length and the client's metadata. */
export interface IncomingUpload {
  id: string;
  size: number;
  metadata: Readonly<Record<string, string | null | undefined>>;
}

/**
 * What a domain declares to receive resumable uploads: who may upload, how large, which contents are
 * accepted, and what happens at each step. The platform runs the tus protocol, stores the bytes under
 * `uploadsRoot/<name>` (so an upload survives a reload and a restart), answers refusals in our envelope,
 * and calls the hooks; the domain keeps its own rows, quota and jobs.
 */
export interface UploadKind {
  /** Names the kind and its folder under the uploads root. */
  name: string;
  /** The tus endpoint under /api, with a trailing slash. */
  path: string;
  summary: string;
  tags: string[];
  permission: Permission;
  feature?: TeamFunctionCode;
  /**
   * The Upload-Metadata the kind reads, checked before `begin` as every call's input is: a value it refuses
   * answers 4000 naming `Upload-Metadata.<key>`. Values holding NUL are refused for every kind.
   */
  metadata?: z.ZodType;
  /** The largest upload accepted, refused with `error` before any byte is stored; without it, the quota decides. */
  sizeLimit?: { bytes: number; error: ErrorKey };
  /** The id to store a new upload under (the kind's own ids, say); tus picks a random one without it. */
  uploadIdFor?: (metadata: IncomingUpload['metadata']) => string;
  /**
   * Checks the first bytes of a finished upload (at most 4 KiB); returns the error key that refuses it, or
   * null. The bytes decide, never the file name or the declared type.
   */
  refuseContent?: (head: Buffer) => ErrorKey | null;
  /** Before any byte is stored: rights on the target, quota, one upload at a time. Throws AppError to refuse. */
  begin(auth: AuthContext, upload: IncomingUpload): Promise<void>;
  /** Every later request of the upload (HEAD, PATCH): may this caller continue it? */
  authorize(auth: AuthContext, uploadId: string): Promise<void>;
  /** A DELETE: the caller gives the upload up; the platform then drops its bytes. */
  cancel(auth: AuthContext, uploadId: string): Promise<void>;
  /** The last byte arrived and the content passed: hand the file at `filePath` to the domain. */
  complete(auth: AuthContext, upload: { id: string; filePath: string }): Promise<void>;
  /** Bytes arrived (at most once a minute during a long PATCH): the upload is alive. */
  touch?: (uploadId: string) => Promise<unknown>;
}

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];

/** What tus sends back for a refused request: our envelope, with the key the web translates. */
function tusError(error: AppError): { status_code: number; body: string } {
  return { status_code: error.status, body: JSON.stringify(envelopeFor(error)) };
}

function isTusError(error: unknown): error is { status_code: number; body: string } {
  return typeof (error as { status_code?: unknown } | null)?.status_code === 'number';
}

const CONTENT_HEAD_BYTES = 4096;
const METADATA_FIELD = 'Upload-Metadata';

function checkMetadata(kind: UploadKind, metadata: IncomingUpload['metadata']): void {
  const nul = nulPath(metadata);
  if (nul) throw fieldError([METADATA_FIELD, ...nul].join('.'), 'invalidValue');
  const parsed = kind.metadata?.safeParse(metadata);
  if (parsed && !parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: [METADATA_FIELD, ...issue.path.map(String)].join('.'),
      key: issue.message,
    }));
    throw new AppError('VALIDATION_ERROR', { data: { issues } });
  }
}

async function readHead(filePath: string): Promise<Buffer> {
  const file = await fs.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(CONTENT_HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, CONTENT_HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

export interface UploadDeps {
  /** Folder holding one folder of uploads per kind. */
  uploadsRoot: string;
  log: FastifyBaseLogger;
  /** Declares each kind's endpoint with its rights, as every call is, and checks them on each request. */
  router: Pick<Router, 'guard'>;
}

/** The folder a kind's uploads are stored in, for the domain's own clean-up of abandoned ones. */
export function uploadsFolder(uploadsRoot: string, kind: Pick<UploadKind, 'name'>): string {
  return path.join(uploadsRoot, kind.name);
}

function tusServerFor(kind: UploadKind, deps: UploadDeps) {
  // tus hands the hooks a web Request; the caller authenticated by Fastify is found through the Node request.
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
  const directory = uploadsFolder(deps.uploadsRoot, kind);
  const datastore = new FileStore({ directory });
  const finishing = new Map<string, Promise<void>>();
  /** Hands a whole upload to its kind, once per process however many requests notice that it is whole. */
  const finish = (auth: AuthContext, uploadId: string): Promise<void> => {
    let running = finishing.get(uploadId);
    if (!running) {
      running = (async () => {
        const filePath = path.join(directory, uploadId);
        const refusal = kind.refuseContent?.(await readHead(filePath)) ?? null;
        if (refusal) {
          await kind.cancel(auth, uploadId);
          await datastore.remove(uploadId);
          throw new AppError(refusal);
        }
        await kind.complete(auth, { id: uploadId, filePath });
      })().finally(() => finishing.delete(uploadId));
      finishing.set(uploadId, running);
    }
    return running;
  };
  /**
   * A process stopped between an upload's last byte and its completion leaves every byte stored and nothing
   * done with them. The client's HEAD when it comes back to resume finishes it; the kind's own records say
   * whether it still waits (authorize refuses an upload already completed).
   */
  const finishStranded = async (auth: AuthContext, uploadId: string): Promise<void> => {
    const stored = await datastore.getUpload(uploadId).catch(() => null);
    if (stored && stored.size !== undefined && stored.offset === stored.size) await finish(auth, uploadId);
  };
  const tus = new Server({
    path: kind.path.replace(/\/$/, ''),
    datastore,
    relativeLocation: true,
    // Activity during one long PATCH keeps the upload's lock from going idle.
    postReceiveInterval: 60_000,
    ...(kind.uploadIdFor ? { namingFunction: (_request, metadata) => kind.uploadIdFor!(metadata ?? {}) } : {}),
    onUploadCreate: (request, upload) =>
      asTus(async () => {
        // Quotas are checked against the declared length, so the length must be declared up front.
        if (upload.size === undefined || !Number.isSafeInteger(upload.size) || upload.size <= 0) {
          throw new AppError('VALIDATION_ERROR', { data: { issues: [{ path: 'Upload-Length', key: 'required' }] } });
        }
        if (kind.sizeLimit && upload.size > kind.sizeLimit.bytes) throw new AppError(kind.sizeLimit.error);
        checkMetadata(kind, upload.metadata ?? {});
        await kind.begin(callerOf(request), { id: upload.id, size: upload.size, metadata: upload.metadata ?? {} });
        return {};
      }),
    onIncomingRequest: (request, uploadId) =>
      asTus(async () => {
        if (request.method === 'POST') return;
        const auth = callerOf(request);
        if (request.method === 'DELETE') await kind.cancel(auth, uploadId);
        else await kind.authorize(auth, uploadId);
        if (request.method === 'HEAD') await finishStranded(auth, uploadId);
      }),
    onUploadFinish: (request, upload) =>
      asTus(async () => {
        await finish(callerOf(request), upload.id);
        return {};
      }),
    onResponseError: (request, error) => {
      if (isTusError(error)) return error;
      deps.log.error({ err: error, url: request.url, kind: kind.name }, 'upload failed');
      return tusError(new AppError('serviceError'));
    },
  });
  if (kind.touch) {
    const touch = kind.touch;
    tus.on(EVENTS.POST_RECEIVE, (_request, upload) => {
      touch(upload.id).catch((error: unknown) => deps.log.warn({ err: error }, 'upload activity not saved'));
    });
  }
  return { tus, callers };
}

function guardOf(kind: UploadKind, deps: UploadDeps) {
  return deps.router.guard({
    method: 'POST',
    url: kind.path.replace(/\/$/, ''),
    permission: kind.permission,
    ...(kind.feature ? { feature: kind.feature } : {}),
  });
}

/**
 * Serves every upload kind with tus 1.0: create with POST (Upload-Length and Upload-Metadata), send with
 * PATCH, resume from HEAD's Upload-Offset, cancel with DELETE. The kinds live side by side in one plugin
 * scope, whose content-type parser hands tus the raw body without affecting any other route.
 */
export function registerUploadKinds(app: FastifyInstance, kinds: readonly UploadKind[], deps: UploadDeps): void {
  // Fastify loads the plugin before the app is ready; its routes are declared to the router at once.
  const served = kinds.map((kind) => ({ kind, ...tusServerFor(kind, deps), authorize: guardOf(kind, deps) }));
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    for (const { kind, tus, callers, authorize } of served) {
      const base = kind.path.replace(/\/$/, '');
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.method !== 'OPTIONS') callers.set(request.raw, await authorize(request));
        reply.hijack();
        await tus.handle(request.raw, reply.raw);
      };
      const schema = { summary: kind.summary, tags: kind.tags };
      for (const url of [base, `${base}/`, `${base}/:uploadId`]) {
        scope.route({ method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'], url, schema, handler });
      }
    }
  });
}
