import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS, ResultCode } from '@sightline/shared';
import type { Config } from './platform/config.js';
import type { DatabaseHandle } from './platform/db/database.js';
import { createCpuPool } from './platform/cpu/index.js';
import { createLocalEventBus, type EventBus } from './platform/events/event-bus.js';
import { createPgEventBus } from './platform/events/pg-event-bus.js';
import { registerSseRoutes } from './platform/events/sse.routes.js';
import { createJobQueue, type JobQueueOptions } from './platform/jobs/index.js';
import { registerErrorHandler } from './platform/http/error-handler.js';
import { registerNulGuard } from './platform/http/nul-guard.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { loggerOptions } from './platform/logger.js';
import { createConfiguredBlobStore } from './platform/storage/configured-blob-store.js';
import { createHttpSmsProvider, createLogSmsProvider, type SmsProvider } from './platform/sms/sms-provider.js';
import { MODULES } from './modules/index.js';
import { registerModules } from './platform/modules/register-modules.js';
import type { AppServices } from './platform/app-services.js';
import type { UploadKind } from './platform/uploads/resumable-uploads.js';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Replaces the configured SMS provider (tests capture codes with it). */
  sms?: SmsProvider;
  bus?: EventBus;
  logger?: boolean;
  /** Upload kinds served beside the modules' own (tests try the upload platform with kinds of their own). */
  extraUploadKinds?: readonly UploadKind[];
  /** Timing of the job queue (tests and benchmarks shorten it). */
  jobs?: Omit<JobQueueOptions, 'database' | 'log'>;
}

/** How long a shutdown lets requests in flight finish before it closes their connections. */
const CONNECTION_DRAIN_MS = 2_000;

/** The threads' entry beside this module: the TypeScript source in development, the bundle's sibling when built. */
const CPU_THREAD_ENTRY = new URL(`./cpu-thread${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    requestTimeout: LIMITS.requestTimeoutMs + 5_000,
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.TRUST_PROXY ?? false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerSecurityHeaders(app);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, { limits: { fileSize: LIMITS.singleFileBytes, files: 1 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Sightline API',
        description:
          'Every call answers `{code, msg, data}`: code 2000 on success, else a code of SPEC section 8 and an error key in msg.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  registerErrorHandler(app);
  registerNulGuard(app);

  // One process delivers events in memory; split roles carry them between processes on PostgreSQL.
  const sharedBus =
    options.bus || config.SIGHTLINE_ROLE === 'all'
      ? null
      : createPgEventBus({ connectionString: options.database.connectionString, log: app.log });
  await sharedBus?.start();
  const bus = options.bus ?? sharedBus ?? createLocalEventBus();
  const sms =
    options.sms ??
    (config.SMS_PROVIDER === 'http' && config.SMS_HTTP_URL
      ? createHttpSmsProvider(config.SMS_HTTP_URL, config.SMS_HTTP_TOKEN)
      : createLogSmsProvider(app.log));
  const services: AppServices = {
    config,
    database: options.database,
    blobs: createConfiguredBlobStore(config),
    jobs: createJobQueue({
      database: options.database,
      log: app.log,
      work: config.SIGHTLINE_ROLE !== 'api',
      ...options.jobs,
    }),
    cpu: createCpuPool({ entry: CPU_THREAD_ENTRY, config }),
    bus,
    sms,
  };

  const { authenticate } = registerModules(app, services, MODULES, options.extraUploadKinds ?? []);
  registerSseRoutes(app, { bus, authenticate });
  // Closing waits for open connections: neither a request still running after the drain nor a connection a
  // browser opened ahead of need (it has sent nothing, so Node never counts it idle) may hold a shutdown.
  app.addHook('preClose', async () => {
    setTimeout(() => app.server.closeAllConnections(), CONNECTION_DRAIN_MS).unref();
  });
  // Modules have registered their jobs; workers start now. On close, running handlers are interrupted (their
  // jobs queued again) before the threads they use and the bus they report on are closed.
  app.addHook('onClose', async () => {
    await services.jobs.stop();
    await services.cpu.close();
    await sharedBus?.close();
  });
  await services.jobs.start();
  await serveWebApp(app, config);
  return app;
}

/** Serves the built web app, sending index.html for client-side routes. */
async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const webDist = path.resolve(config.WEB_DIST ?? path.join(process.cwd(), 'web', 'dist'));
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((request, reply) => {
    if (!hasWeb || request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send({ code: ResultCode.BAD_REQUEST, msg: 'notFound', data: null });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
