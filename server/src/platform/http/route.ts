import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  AppError,
  LIMITS,
  envelopeOf,
  fileQuerySchema,
  type CallBodyOf,
  type CallDefinition,
  type CallParamsOf,
  type CallQueryOf,
  type CallReplyOf,
  type Permission,
  type TeamFunctionCode,
} from '@sightline/shared';
import type { AuthContext, Authenticate } from '../auth/auth-context.js';
import { sendStoredFile, type StoredFile } from './stored-file.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

/** A route serving a call of the shared contract, which gives its method, path and schemas. */
interface CallRouteDefinition<C extends CallDefinition, A> {
  call: C;
  summary: string;
  tags: string[];
  /** Requests per minute per client address, for calls that invite guessing or abuse. */
  rateLimitPerMinute?: number;
  handler: (context: {
    body: CallBodyOf<C>;
    query: CallQueryOf<C>;
    params: CallParamsOf<C>;
    auth: A;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<CallReplyOf<C>>;
}

/** The server's url of a call: under `/api`, with Fastify's `:name` parameters. */
export function callUrl(call: CallDefinition): string {
  return `/api${call.path.replace(/\{(\w+)\}/g, ':$1')}`;
}

/** A file served outside the envelope: its path parameters and a handler that finds the file for the caller. */
interface FileRouteDefinition<P, A> {
  url: string;
  summary: string;
  tags: string[];
  params: P;
  handler: (context: {
    params: Infer<P>;
    auth: A;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<StoredFile>;
}

/** Every stored file's name is new when its bytes are (a new upload, a new model version), so caches keep it. */
const IMMUTABLE = 'max-age=31536000, immutable';

interface RouteFactoryOptions {
  /** Resolves the caller from the request, throwing LOGIN_FAILURE when required and absent. */
  authenticate: Authenticate;
  /**
   * Resolves the caller of a file request from its signed link (the `sig` query), for elements that cannot
   * send a header (`<img>`, CesiumJS's tile requests); null when the request carries none.
   */
  authenticateLink?: Authenticate;
  /** Refuses a call whose function package is not active for the caller's team (TEAM_FUNCTION_INACTIVE). */
  checkFeature?: (auth: AuthContext, feature: TeamFunctionCode) => Promise<void>;
}

/** What a route declares about its callers; the permission matrix test reads these. */
export interface RouteDeclaration {
  method: Method;
  url: string;
  access: 'public' | 'user';
  permission: Permission | null;
  feature: TeamFunctionCode | null;
  /** A file (bytes, not an enveloped answer), which a signed link may fetch. */
  file?: true;
  /** An upload protocol's endpoint (tus), outside the envelope. */
  upload?: true;
}

/** The routes one app declared, keyed by method and url, and the contract call each enveloped one serves. */
interface RouteCatalogue {
  declarations: Map<string, RouteDeclaration>;
  calls: Map<string, CallDefinition>;
}

// Keyed by the app's HTTP server, which the app and every plugin context registered inside it share: each app has
// its own catalogue, so one test file's apps never show in another's, whichever worker runs them.
const catalogues = new WeakMap<object, RouteCatalogue>();

function catalogueOf(app: FastifyInstance): RouteCatalogue {
  let catalogue = catalogues.get(app.server);
  if (!catalogue) {
    catalogue = { declarations: new Map(), calls: new Map() };
    catalogues.set(app.server, catalogue);
  }
  return catalogue;
}

/** Every route `app` declared, with the permission and feature it requires. */
export function routeDeclarations(app: FastifyInstance): RouteDeclaration[] {
  return [...catalogueOf(app).declarations.values()];
}

/** The contract call a route `app` declared serves, if it is an enveloped call. */
export function callOfRoute(
  app: FastifyInstance,
  route: Pick<RouteDeclaration, 'method' | 'url'>,
): CallDefinition | undefined {
  return catalogueOf(app).calls.get(`${route.method} ${route.url}`);
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('timeout')), LIMITS.requestTimeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Declares a call: its schemas (validated, and published in the OpenAPI document), who may make
 * it, and a handler that returns the data; the envelope, the permission check and the 90 s limit
 * are applied here once for every route.
 */
export function createRouter(app: FastifyInstance, options: RouteFactoryOptions) {
  const catalogue = catalogueOf(app);
  const declare = (declaration: RouteDeclaration) =>
    catalogue.declarations.set(`${declaration.method} ${declaration.url}`, declaration);
  function register<C extends CallDefinition, A>(
    definition: CallRouteDefinition<C, A>,
    rights: Omit<RouteDeclaration, 'method' | 'url'>,
    resolveAuth: (request: FastifyRequest) => Promise<A>,
  ) {
    const { call } = definition;
    const url = callUrl(call);
    declare({ method: call.method, url, ...rights });
    catalogue.calls.set(`${call.method} ${url}`, call);
    const callers = new WeakMap<FastifyRequest, A>();
    app.route({
      method: call.method,
      url,
      schema: {
        summary: definition.summary,
        tags: definition.tags,
        ...(call.body ? { body: call.body } : {}),
        ...(call.query ? { querystring: call.query } : {}),
        ...(call.params ? { params: call.params } : {}),
        response: { 200: envelopeOf(call.response) },
      },
      config: definition.rateLimitPerMinute
        ? { rateLimit: { max: definition.rateLimitPerMinute, timeWindow: '1 minute' } }
        : {},
      // Who is calling and what they may do is settled before validation, so a caller without the right
      // learns nothing about a call's inputs and gets the same answer whatever they send.
      preValidation: async (request) => {
        callers.set(request, await resolveAuth(request));
      },
      handler: async (request, reply) => {
        const data = await withTimeout(
          definition.handler({
            body: request.body as CallBodyOf<C>,
            query: request.query as CallQueryOf<C>,
            params: request.params as CallParamsOf<C>,
            auth: callers.get(request) as A,
            request,
            reply,
          }),
        );
        return { code: 2000, msg: 'success', data };
      },
    });
  }

  /** Resolves the caller and applies the permission and the feature gate a route declares. */
  async function signedInCaller(
    request: FastifyRequest,
    rights: { permission?: Permission | undefined; feature?: TeamFunctionCode | undefined },
    authenticate: Authenticate = options.authenticate,
  ): Promise<AuthContext> {
    const auth = await authenticate(request);
    if (!auth) throw new AppError('LOGIN_FAILURE');
    if (rights.permission && !auth.permissions.includes(rights.permission)) throw new AppError('NO_AUTH');
    if (rights.feature && options.checkFeature) await options.checkFeature(auth, rights.feature);
    return auth;
  }

  function assertFeatureCheckable(url: string, feature: TeamFunctionCode | undefined): void {
    if (feature && !options.checkFeature) throw new Error(`${url} declares a feature but the router cannot check it`);
  }

  /** A file request is signed in by its Authorization header or, failing that, by a signed link. */
  async function fileCaller(request: FastifyRequest): Promise<AuthContext | null> {
    if (request.headers.authorization || !options.authenticateLink) return options.authenticate(request);
    return options.authenticateLink(request);
  }

  // The fixed start of each file route's path (up to its first parameter): the folders a signed link may open.
  const fileFolders: string[] = [];

  function registerFile<P, A>(
    definition: FileRouteDefinition<P, A>,
    resolveAuth: (request: FastifyRequest) => Promise<A>,
    cache: 'public' | 'private',
  ) {
    const callers = new WeakMap<FastifyRequest, A>();
    app.route({
      method: 'GET',
      url: definition.url,
      schema: {
        summary: definition.summary,
        tags: definition.tags,
        params: definition.params,
        querystring: fileQuerySchema,
      },
      preValidation: async (request) => {
        callers.set(request, await resolveAuth(request));
      },
      handler: async (request, reply) => {
        const file = await withTimeout(
          definition.handler({
            params: request.params as Infer<P>,
            auth: callers.get(request) as A,
            request,
            reply,
          }),
        );
        return sendStoredFile(request, reply, file, `${cache}, ${IMMUTABLE}`);
      },
    });
  }

  return {
    /** A file anyone may fetch (the logo the sign-in page shows); caches may share it. */
    publicFile<P>(definition: FileRouteDefinition<P, null>) {
      declare({ method: 'GET', url: definition.url, access: 'public', permission: null, feature: null, file: true });
      registerFile(definition, async () => null, 'public');
    },

    /**
     * A file for signed-in users, or with `permission`, for those whose role grants it: the same rights as a
     * call, checked before the path is read. The caller signs in with the Authorization header or a signed link.
     */
    file<P>(definition: FileRouteDefinition<P, AuthContext> & { permission?: Permission; feature?: TeamFunctionCode }) {
      const { permission, feature } = definition;
      assertFeatureCheckable(definition.url, feature);
      declare({
        method: 'GET',
        url: definition.url,
        access: 'user',
        permission: permission ?? null,
        feature: feature ?? null,
        file: true,
      });
      const firstParameter = definition.url.search(/[:*]/);
      fileFolders.push(firstParameter === -1 ? definition.url : definition.url.slice(0, firstParameter));
      registerFile(definition, (request) => signedInCaller(request, { permission, feature }, fileCaller), 'private');
    },

    /** Whether a signed link may be made for `folder`: a folder inside a signed-in file route's path. */
    isFileFolder(folder: string): boolean {
      return folder.endsWith('/') && fileFolders.some((prefix) => folder.startsWith(prefix));
    },

    /**
     * Declares a route served outside the envelope (an upload protocol) with the rights every call declares,
     * so it is in the permission matrix, and returns the check its handler runs on each request.
     */
    guard(declaration: {
      method: Method;
      url: string;
      permission: Permission;
      feature?: TeamFunctionCode;
    }): (request: FastifyRequest) => Promise<AuthContext> {
      const { permission, feature } = declaration;
      assertFeatureCheckable(declaration.url, feature);
      declare({ ...declaration, access: 'user', feature: feature ?? null, upload: true });
      return (request) => signedInCaller(request, { permission, feature });
    },

    /** A call anyone may make (login, register, captcha). */
    public<C extends CallDefinition>(definition: CallRouteDefinition<C, AuthContext | null>) {
      register(definition, { access: 'public', permission: null, feature: null }, (request) =>
        options.authenticate(request).catch(() => null),
      );
    },
    /**
     * A call for any signed-in user, or with `permission`, for those whose role grants it; with
     * `feature`, only while that function package is active for the caller's team.
     */
    user<C extends CallDefinition>(
      definition: CallRouteDefinition<C, AuthContext> & { permission?: Permission; feature?: TeamFunctionCode },
    ) {
      const { permission, feature } = definition;
      assertFeatureCheckable(callUrl(definition.call), feature);
      register(definition, { access: 'user', permission: permission ?? null, feature: feature ?? null }, (request) =>
        signedInCaller(request, { permission, feature }),
      );
    },
  };
}

export type Router = ReturnType<typeof createRouter>;
