import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, LIMITS, envelopeOf, type Permission, type TeamFunctionCode } from '@sightline/shared';
import type { AuthContext, Authenticate } from '../auth/auth-context.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

interface RouteDefinition<B, Q, P, R extends z.ZodType, A> {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  body?: B;
  query?: Q;
  params?: P;
  response: R;
  /** Requests per minute per client address, for calls that invite guessing or abuse. */
  rateLimitPerMinute?: number;
  handler: (context: {
    body: Infer<B>;
    query: Infer<Q>;
    params: Infer<P>;
    auth: A;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<z.input<R>>;
}

interface RouteFactoryOptions {
  /** Resolves the caller from the request, throwing LOGIN_FAILURE when required and absent. */
  authenticate: Authenticate;
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
}

// Keyed by method and url, so the apps that tests build one after another do not repeat entries.
const declarations = new Map<string, RouteDeclaration>();

/** Every route declared so far in this process, with the permission and feature it requires. */
export function routeDeclarations(): RouteDeclaration[] {
  return [...declarations.values()];
}

function declare(declaration: RouteDeclaration): void {
  declarations.set(`${declaration.method} ${declaration.url}`, declaration);
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
  function register<B, Q, P, R extends z.ZodType, A>(
    definition: RouteDefinition<B, Q, P, R, A>,
    resolveAuth: (request: FastifyRequest) => Promise<A>,
  ) {
    const callers = new WeakMap<FastifyRequest, A>();
    app.route({
      method: definition.method,
      url: definition.url,
      schema: {
        summary: definition.summary,
        tags: definition.tags,
        ...(definition.body ? { body: definition.body } : {}),
        ...(definition.query ? { querystring: definition.query } : {}),
        ...(definition.params ? { params: definition.params } : {}),
        response: { 200: envelopeOf(definition.response) },
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
            body: request.body as Infer<B>,
            query: request.query as Infer<Q>,
            params: request.params as Infer<P>,
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
  ): Promise<AuthContext> {
    const auth = await options.authenticate(request);
    if (!auth) throw new AppError('LOGIN_FAILURE');
    if (rights.permission && !auth.permissions.includes(rights.permission)) throw new AppError('NO_AUTH');
    if (rights.feature && options.checkFeature) await options.checkFeature(auth, rights.feature);
    return auth;
  }

  function assertFeatureCheckable(url: string, feature: TeamFunctionCode | undefined): void {
    if (feature && !options.checkFeature) throw new Error(`${url} declares a feature but the router cannot check it`);
  }

  return {
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
      declare({ ...declaration, access: 'user', feature: feature ?? null });
      return (request) => signedInCaller(request, { permission, feature });
    },

    /** A call anyone may make (login, register, captcha). */
    public<B, Q, P, R extends z.ZodType>(definition: RouteDefinition<B, Q, P, R, AuthContext | null>) {
      declare({ method: definition.method, url: definition.url, access: 'public', permission: null, feature: null });
      register(definition, (request) => options.authenticate(request).catch(() => null));
    },
    /**
     * A call for any signed-in user, or with `permission`, for those whose role grants it; with
     * `feature`, only while that function package is active for the caller's team.
     */
    user<B, Q, P, R extends z.ZodType>(
      definition: RouteDefinition<B, Q, P, R, AuthContext> & { permission?: Permission; feature?: TeamFunctionCode },
    ) {
      const { feature } = definition;
      assertFeatureCheckable(definition.url, feature);
      declare({
        method: definition.method,
        url: definition.url,
        access: 'user',
        permission: definition.permission ?? null,
        feature: feature ?? null,
      });
      register(definition, (request) => signedInCaller(request, { permission: definition.permission, feature }));
    },
  };
}

export type Router = ReturnType<typeof createRouter>;
