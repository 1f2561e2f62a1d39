import type { z } from 'zod';

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * One call of the API, declared once: the server routes it (validating with these schemas and publishing them in
 * the OpenAPI document) and the web's `call()` builds its URL and types its input and answer from it, so the two
 * cannot drift apart. `path` is under `/api`, with parameters written `{name}` as in CALL_ACCESS.
 */
export interface CallDefinition {
  readonly method: CallMethod;
  readonly path: `/${string}`;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The web sends a file as multipart form data (a part named `file`); a `body` beside it is the JSON alternative. */
  readonly multipart?: true;
  /** The enveloped answer's `data`. */
  readonly response: z.ZodType;
}

/** The names of a path's `{name}` parameters. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** A params schema must name exactly the path's parameters, and a path without parameters takes none. */
type ParamsCheck<D extends CallDefinition> = [PathParamNames<D['path']>] extends [never]
  ? { params?: never }
  : D extends { params: infer S extends z.ZodType }
    ? Same<keyof z.output<S>, PathParamNames<D['path']>> extends true
      ? unknown
      : { params: `the params schema must name exactly: ${PathParamNames<D['path']>}` }
    : { params: z.ZodType };

export function defineCall<const D extends CallDefinition>(definition: D & ParamsCheck<D>): D {
  return definition;
}

type Part<D, K extends string, Fallback> = D extends { [P in K]: infer S extends z.ZodType } ? S : Fallback;

/** What the server's handler receives, after validation. */
export type CallParamsOf<D extends CallDefinition> = z.output<Part<D, 'params', z.ZodUndefined>>;
export type CallQueryOf<D extends CallDefinition> = z.output<Part<D, 'query', z.ZodUndefined>>;
export type CallBodyOf<D extends CallDefinition> = z.output<Part<D, 'body', z.ZodUndefined>>;
/** What the server's handler returns (before serialisation). */
export type CallReplyOf<D extends CallDefinition> = z.input<D['response']>;
/** What the caller reads: the answer's `data`. */
export type CallResultOf<D extends CallDefinition> = z.output<D['response']>;

/**
 * The input a caller writes for a query string: each field as the schema reads it, except those the schema
 * coerces from text (ids, numbers), which read `unknown` and are typed by what they become.
 */
type QueryInput<S extends z.ZodType> = {
  [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? z.output<S>[K & keyof z.output<S>] : z.input<S>[K];
};

/** A query or body whose every field is optional may be left out; any other must be written. */
type Written<K extends string, T> = object extends T ? { [P in K]?: T } : { [P in K]: T };

/**
 * What a caller passes for a call: its path parameters (named by the path, so a renamed one fails the caller's
 * type check), its query and body as the schemas accept them, and the file form of a multipart call.
 */
export type CallInputOf<D extends CallDefinition> = ([PathParamNames<D['path']>] extends [never]
  ? { params?: never }
  : { params: Record<PathParamNames<D['path']>, string | number> }) &
  (D extends { query: infer S extends z.ZodType } ? Written<'query', QueryInput<S>> : { query?: never }) &
  (D extends { multipart: true }
    ? { form: FormData; body?: never }
    : D extends { body: infer S extends z.ZodType }
      ? Written<'body', z.input<S>>
      : { body?: never });

/** A call's path (under `/api`) with its parameters filled in, encoded. */
export function callPath(definition: CallDefinition, params: Record<string, string | number> = {}): string {
  return definition.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${definition.method} ${definition.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
