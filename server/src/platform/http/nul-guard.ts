import type { FastifyInstance } from 'fastify';
import { fieldError } from './field-error.js';

type Path = Array<string | number>;

/** What the JSON, query and path parsers make; a raw upload body (a Buffer, a stream) is not text to check. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): Path {
  const path: Path = [];
  for (let step: Visit | null = visit; step?.key != null; step = step.parent) path.unshift(step.key);
  return path;
}

/**
 * Where a string holding U+0000 sits in a parsed input (for a key holding one, the object); null when none does.
 * A loop rather than recursion: a body nested ten thousand levels deep is valid JSON, and must not overflow the stack.
 */
export function nulPath(input: unknown): Path | null {
  const pending: Visit[] = [{ value: input, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(visit);
    } else if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => pending.push({ value: item, key: index, parent: visit }));
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        // The object is named rather than the key, so the answer does not carry the NUL back.
        if (key.includes('\u0000')) return pathOf(visit);
        pending.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000: a query carrying one fails inside the database, a 500. So every
 * route, with a schema or without, refuses such input with the usual 4000 answer naming the field. It runs
 * after each route has resolved its caller, so a caller without the right still learns nothing of the inputs.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const inputs: Array<[prefix: string, value: unknown]> = [
      ['params', request.params],
      ['querystring', request.query],
      ['', request.body],
    ];
    for (const [prefix, value] of inputs) {
      const path = nulPath(value);
      if (path) throw fieldError([prefix, ...path].filter((step) => step !== '').join('.'), 'invalidValue');
    }
  });
}
