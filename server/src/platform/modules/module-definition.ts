import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TeamFunctionCode } from '@sightline/shared';
import type { AppServices } from '../app-services.js';
import type { AuthContext, Authenticate } from '../auth/auth-context.js';
import type { Router } from '../http/route.js';
import type { UploadKind } from '../uploads/resumable-uploads.js';

/**
 * The key of something one module provides and others obtain (the team core's quota, the project core's access).
 * It lives beside its provider, so a module that uses it imports the provider's folder: the import check then
 * sees the dependency, and a core that would obtain a child's provision this way would be a forbidden import.
 */
export interface Provision<T> {
  readonly name: string;
  /** Never set: it only carries the provided type, so `use` returns what `provide` was given. */
  readonly type?: (value: T) => T;
}

export function defineProvision<T>(name: string): Provision<T> {
  return { name };
}

/** What a module's `register` receives: the platform's services and the ways to add to the application. */
export interface ModuleContext extends AppServices {
  app: FastifyInstance;
  log: FastifyBaseLogger;
  /**
   * Adds the module's calls and file routes (and request hooks such as the licence gate). Processes that serve
   * (SIGHTLINE_ROLE all or api) run `add` at once; a worker skips it, as it answers no request.
   */
  routes(add: (router: Router) => void): void;
  uploads: {
    /** Serves an upload kind (tus) beside the others; like routes, only in processes that serve. */
    add(kind: UploadKind): void;
    /** Where uploads of a kind are kept until completion, in every role (a worker's job reads them). */
    folderOf(kind: Pick<UploadKind, 'name'>): string;
  };
  provide<T>(key: Provision<T>, value: T): void;
  /** What a module registered before this one provides; anything else is a mistake of order, thrown at once. */
  use<T>(key: Provision<T>): T;
  /**
   * What a module registered after this one provides (a core asking its children, which it may not import):
   * read when called, and checked to exist once every module has registered.
   */
  useLater<T>(key: Provision<T>): () => T;
}

/**
 * One domain's wiring: its repositories and services, and everything it adds to the application (routes, jobs,
 * upload kinds, file routes, project and team hooks, events). Jobs are registered in every role; the job queue
 * runs their handlers only where SIGHTLINE_ROLE allows.
 */
export interface ModuleDefinition {
  name: string;
  register(context: ModuleContext): void;
}

/** How the router resolves a signed-in caller; the module that owns sessions provides it. */
export const CALLER = defineProvision<Authenticate>('platform.caller');
/** How the router resolves a file request's caller from a signed link. */
export const LINK_CALLER = defineProvision<Authenticate>('platform.linkCaller');
/** Refuses a call whose function package is not active for the caller's team (TEAM_FUNCTION_INACTIVE). */
export const FEATURE_CHECK =
  defineProvision<(auth: AuthContext, feature: TeamFunctionCode) => Promise<void>>('platform.featureCheck');
