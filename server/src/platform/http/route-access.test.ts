import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callAccessOf, defineCall, type CallAccess } from '@sightline/shared';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { createRouter, routeDeclarations, type RouteDeclaration } from './route.js';

/** What a route's own declaration grants, in the terms of the SPEC's access table. */
function declaredAccess(route: RouteDeclaration): CallAccess {
  if (route.access === 'public') return 'public';
  return route.permission ?? 'signed-in';
}

describe("every route's permission follows the SPEC's access table", () => {
  let server: TestServer;
  beforeAll(async () => {
    // A local deployment declares every route, the licence calls included.
    server = await startTestServer('pglite', { LOCAL_MODE: 'true' });
  });
  afterAll(() => server.close());

  it('finds a rule in CALL_ACCESS for each declared route, and the route declares exactly that rule', () => {
    const routes = routeDeclarations(server.app);
    expect(routes.length).toBeGreaterThan(100);
    const mismatches = routes.flatMap((route) => {
      const rule = callAccessOf(route.method, route.url) ?? 'no rule';
      const declared = declaredAccess(route);
      return rule === declared
        ? []
        : [`${route.method} ${route.url}: the SPEC table says ${rule}, the route declares ${declared}`];
    });
    expect(mismatches).toEqual([]);
  });

  it("lists an app's own routes only, not another app's in the same process", async () => {
    const other = Fastify();
    other.setValidatorCompiler(validatorCompiler);
    other.setSerializerCompiler(serializerCompiler);
    createRouter(other, { authenticate: async () => null }).public({
      call: defineCall({ method: 'GET', path: '/elsewhere/only', response: z.object({ ok: z.boolean() }) }),
      summary: 'A route of another app',
      tags: ['test'],
      handler: async () => ({ ok: true }),
    });
    await other.ready();
    const urls = (app: Parameters<typeof routeDeclarations>[0]) => routeDeclarations(app).map((route) => route.url);
    expect(urls(other)).toEqual(['/api/elsewhere/only']);
    expect(urls(server.app)).not.toContain('/api/elsewhere/only');
    await other.close();
  });
});
