/**
 * Bad requests generated from the OpenAPI document the server publishes: for every operation, a valid
 * baseline built from its own schemas, then one request per bad value put in one place (a path or query
 * parameter, a body field at any depth, or the whole body), so each bad value meets otherwise valid input
 * and travels as far into the handler as the schemas let it.
 */

/** The subset of JSON Schema (OpenAPI 3.0 flavour) that zod emits for our request schemas. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | undefined;
}

export interface FuzzRequest {
  method: string;
  url: string;
  /** Raw text sent as the body, with `contentType`; absent for no body. */
  payload?: string;
  contentType?: string;
  /** What was wrong with this request, for the failure report. */
  variant: string;
  /**
   * Whether only the route's schema sees what is wrong (a bad parameter or field value), as against what routing and
   * body parsing see (a broken escape, a malformed body, a wrong content type) before the caller is known.
   */
  schemaLevel: boolean;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        return {
          method: method.toUpperCase(),
          path,
          pathParams: parameters.filter((parameter) => parameter.in === 'path'),
          queryParams: parameters.filter((parameter) => parameter.in === 'query'),
          body: operation.requestBody?.content?.['application/json']?.schema,
        };
      }),
  );
}

/** Fastify-style paths (`:id`, `*`) of routes declared in code, in the OpenAPI form. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');
}

/** An operation known only by its declaration (no published schemas): its path parameters are plain strings. */
export function declaredOperation(method: string, url: string): Operation {
  const path = openApiPath(url);
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  return {
    method,
    path,
    pathParams: names.map((name) => ({ in: 'path', name, required: true, schema: { type: 'string' } })),
    queryParams: [],
    body: undefined,
  };
}

// A JSON number the serializer cannot write (it overflows to Infinity when parsed): swapped in after stringify.
const RAW_HUGE = '__fuzz_raw_1e999__';

const FUTURE = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
/** Values tried, in order, for a string with a pattern: the first one the pattern accepts is the baseline. */
const STRING_CANDIDATES = [
  'abc',
  'Passw0rd123',
  'account01',
  '123456',
  '13800138000',
  'someone@example.com',
  '#FF3B30',
  'bridge',
  '/a/b.json',
  `avatar-${'a'.repeat(24)}.png`,
  `cover-${'a'.repeat(24)}.png`,
  FUTURE,
];
const NAME_HINTS: Array<[RegExp, string]> = [
  [/phone/i, '13800138000'],
  [/password/i, 'Passw0rd123'],
  [/email/i, 'someone@example.com'],
  [/code$/i, '123456'],
];

function typesOf(schema: JsonSchema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.properties || schema.additionalProperties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

/** The branch of a union a baseline uses: the first that is not null. */
function resolve(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (!branches) return schema;
  const chosen = branches.find((branch) => !typesOf(branch).includes('null')) ?? branches[0]!;
  return resolve(chosen);
}

function baselineString(schema: JsonSchema, name: string): string {
  const fits = (value: string) =>
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Infinity) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(value));
  if (schema.format === 'date-time') return FUTURE;
  const hinted = NAME_HINTS.find(([hint]) => hint.test(name))?.[1];
  const found = [hinted, ...STRING_CANDIDATES].find((value) => value !== undefined && fits(value));
  return found ?? 'a'.repeat(Math.max(1, schema.minLength ?? 1));
}

function baselineNumber(schema: JsonSchema): number {
  const exclusive = schema.exclusiveMinimum === true;
  const low = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : schema.minimum;
  if (low === undefined) return 1;
  const value = Math.max(1, exclusive ? low + 1 : low);
  return schema.maximum !== undefined ? Math.min(value, schema.maximum) : value;
}

/** A value the schema accepts, with only the required properties of objects. */
function baseline(input: JsonSchema, name = ''): unknown {
  const schema = resolve(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const [type] = typesOf(schema);
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, baseline(schema.properties?.[key] ?? {}, key)]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => baseline(schema.items ?? {}, name));
    case 'string':
      return baselineString(schema, name);
    case 'integer':
    case 'number':
      return baselineNumber(schema);
    case 'boolean':
      return false;
    default:
      return 'abc';
  }
}

const NUL_STRINGS = ['\u0000', 'a\u0000b'];
const HUGE_NUMBERS = [2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 63, 1e308, -1e308];
const LONG_TEXT = 20_000;

/** Bad values for a value of this schema, each with a label. */
function badValues(input: JsonSchema): Array<[string, unknown]> {
  const schema = resolve(input);
  const [type] = typesOf(schema);
  const values: Array<[string, unknown]> = [['null', null]];
  if (schema.enum) values.push(['not a choice', 'NOT_A_CHOICE']);
  switch (type) {
    case 'string':
      values.push(['number', 1], ['object', {}], ['array', ['a']], ['empty', ''], ['lone surrogate', '\ud800']);
      values.push(...NUL_STRINGS.map((value): [string, unknown] => ['NUL', value]));
      if (schema.maxLength !== undefined) {
        values.push(['longest', 'x'.repeat(schema.maxLength)], ['too long', 'x'.repeat(schema.maxLength + 1)]);
        values.push(['longest multibyte', '漢'.repeat(schema.maxLength)]);
      }
      values.push(['very long', 'x'.repeat(LONG_TEXT)]);
      break;
    case 'integer':
    case 'number':
      values.push(['string', '1'], ['boolean', true], ['zero', 0], ['negative', -1], ['fraction', 1.5]);
      values.push(['overflow to Infinity', RAW_HUGE]);
      values.push(...HUGE_NUMBERS.map((value): [string, unknown] => [`huge ${value}`, value]));
      if (schema.maximum !== undefined) values.push(['maximum', schema.maximum], ['above maximum', schema.maximum + 1]);
      if (schema.minimum !== undefined) values.push(['minimum', schema.minimum]);
      break;
    case 'boolean':
      values.push(['string', 'true'], ['number', 0]);
      break;
    case 'array':
      values.push(['string', 'a'], ['object', {}], ['null item', [null]]);
      values.push([
        'too many items',
        Array.from({ length: (schema.maxItems ?? 1000) + 1 }, () => baseline(schema.items ?? {})),
      ]);
      break;
    case 'object':
      values.push(['string', 'a'], ['array', []]);
      break;
    default:
      values.push(['NUL', '\u0000'], ['huge', 2 ** 63], ['very long', 'x'.repeat(LONG_TEXT)]);
  }
  return values;
}

type Path = Array<string | number>;

/** Every place in a body schema worth a bad value, with its schema: the body itself, each property and first item. */
function placesOf(input: JsonSchema, path: Path = []): Array<[Path, JsonSchema]> {
  const schema = resolve(input);
  const places: Array<[Path, JsonSchema]> = [[path, input]];
  for (const [key, property] of Object.entries(schema.properties ?? {}))
    places.push(...placesOf(property, [...path, key]));
  if (schema.items) places.push(...placesOf(schema.items, [...path, 0]));
  return places;
}

type Container = Record<string | number, unknown>;

/** A shallow copy of a node to change, made an array or an object as the next step needs. */
function copyOf(node: unknown, asArray: boolean): Container {
  if (asArray) return (Array.isArray(node) ? [...(node as unknown[])] : []) as unknown as Container;
  return { ...(typeof node === 'object' && node !== null ? node : {}) } as Container;
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const container = copyOf(root, typeof head === 'number');
  container[head] = setAt(container[head], rest, value);
  return container;
}

function deleteAt(root: unknown, path: Path): unknown {
  const parent = path.slice(0, -1);
  const container = copyOf(
    parent.reduce<unknown>((node, step) => (node as Container)[step], root),
    false,
  );
  delete container[path[path.length - 1]!];
  return setAt(root, parent, container);
}

function toJson(value: unknown): string {
  return JSON.stringify(value).replaceAll(`"${RAW_HUGE}"`, '1e999');
}

/** Percent-encodes a text; a lone surrogate, which UTF-8 cannot hold, goes as the invalid bytes of its code point. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function paramText(value: unknown): string {
  return typeof value === 'string' ? value : value === RAW_HUGE ? '1e999' : JSON.stringify(value);
}

/** Bad texts for a path or query parameter, which always arrive as strings. */
function badParamTexts(schema: JsonSchema): Array<[string, string]> {
  const texts: Array<[string, string]> = badValues(schema)
    .filter(([label]) => label !== 'null' && label !== 'object' && label !== 'array')
    .map(([label, value]) => [label, paramText(value)]);
  texts.push(['not a number', 'abc'], ['hex', '0x10'], ['exponent', '1e5'], ['spaces', ' 1 ']);
  texts.push(...HUGE_NUMBERS.map((value): [string, string] => [`huge ${value}`, String(value)]));
  return texts.filter(([, text], index) => texts.findIndex(([, other]) => other === text) === index);
}

const MALFORMED_BODIES: Array<[string, string]> = [
  ['malformed JSON', '{"a":'],
  ['JSON array', '[]'],
  ['JSON null', 'null'],
  ['JSON string', '"\\u0000"'],
  ['empty', ''],
  ['deeply nested', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
  ['NUL key', '{"\\u0000":"\\u0000"}'],
];

/** Every bad request for one operation. */
export function badRequests(operation: Operation): FuzzRequest[] {
  const pathValues = Object.fromEntries(
    operation.pathParams.map((parameter) => [
      parameter.name,
      paramText(baseline(parameter.schema ?? {}, parameter.name)),
    ]),
  );
  const requiredQuery = Object.fromEntries(
    operation.queryParams
      .filter((parameter) => parameter.required)
      .map((parameter) => [parameter.name, paramText(baseline(parameter.schema ?? {}, parameter.name))]),
  );
  const body = operation.body ? baseline(operation.body) : undefined;
  const url = (params: Record<string, string>, query: Record<string, string | string[]>, raw = false) => {
    const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      raw ? params[name]! : encode(params[name]!),
    );
    const search = Object.entries(query)
      .flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((item) => `${key}=${encode(item)}`))
      .join('&');
    return search ? `${path}?${search}` : path;
  };
  const request = (
    variant: string,
    target: string,
    payload?: string,
    contentType = 'application/json',
    schemaLevel = true,
  ): FuzzRequest => ({
    method: operation.method,
    url: target,
    variant,
    schemaLevel,
    ...(payload !== undefined ? { payload, contentType } : {}),
  });
  const validBody = body === undefined ? undefined : toJson(body);
  const requests: FuzzRequest[] = [request('baseline', url(pathValues, requiredQuery), validBody, undefined, false)];

  for (const parameter of operation.pathParams) {
    for (const [label, text] of badParamTexts(parameter.schema ?? {})) {
      requests.push(
        request(
          `path ${parameter.name}: ${label}`,
          url({ ...pathValues, [parameter.name]: text }, requiredQuery),
          validBody,
        ),
      );
    }
    requests.push(
      request(
        `path ${parameter.name}: broken escape`,
        url({ ...pathValues, [parameter.name]: '%E0%A4%A' }, requiredQuery, true),
        validBody,
        undefined,
        false,
      ),
    );
  }
  for (const parameter of operation.queryParams) {
    for (const [label, text] of badParamTexts(parameter.schema ?? {})) {
      requests.push(
        request(
          `query ${parameter.name}: ${label}`,
          url(pathValues, { ...requiredQuery, [parameter.name]: text }),
          validBody,
        ),
      );
    }
    requests.push(
      request(
        `query ${parameter.name}: repeated`,
        url(pathValues, { ...requiredQuery, [parameter.name]: ['1', '2'] }),
        validBody,
      ),
    );
    if (parameter.required) {
      const { [parameter.name]: _missing, ...rest } = requiredQuery;
      requests.push(request(`query ${parameter.name}: missing`, url(pathValues, rest), validBody));
    }
  }

  const target = url(pathValues, requiredQuery);
  if (operation.body) {
    for (const [path, schema] of placesOf(operation.body)) {
      const where = path.length ? path.join('.') : 'body';
      for (const [label, value] of badValues(schema)) {
        requests.push(request(`${where}: ${label}`, target, toJson(setAt(body, path, value))));
      }
      for (const key of resolve(schema).required ?? []) {
        requests.push(
          request(
            `${where}: without ${key}`,
            target,
            toJson(deleteAt(setAt(body, path, baseline(schema)), [...path, key])),
          ),
        );
      }
    }
  }
  if (operation.method !== 'GET' && operation.method !== 'HEAD') {
    for (const [label, payload] of MALFORMED_BODIES) {
      requests.push(request(`body: ${label}`, target, payload, undefined, false));
    }
    requests.push(request('body: wrong content type', target, validBody ?? 'a', 'text/plain', false));
  }
  return requests;
}
