import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAccessOf, type CallAccess } from '@sightline/shared';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { routeDeclarations, type RouteDeclaration } from './route.js';

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
});
