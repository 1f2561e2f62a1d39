import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS } from '@sightline/shared';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { callOfRoute, routeDeclarations } from './route.js';

describe('the shared call contract and the routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A local deployment declares every route, the licence calls included.
    server = await startTestServer('pglite', { LOCAL_MODE: 'true' });
  });
  afterAll(() => server.close());

  it('serves every call of the contract with exactly one route', () => {
    const routes = routeDeclarations(server.app);
    const unserved = ALL_CALLS.filter(
      (call) => routes.filter((route) => callOfRoute(server.app, route) === call).length !== 1,
    );
    expect(unserved.map((call) => `${call.method} ${call.path}`)).toEqual([]);
  });

  it('serves no enveloped call outside the contract; only files and upload protocols stay outside', () => {
    const outside = routeDeclarations(server.app).filter(
      (route) => !route.file && !route.upload && !callOfRoute(server.app, route),
    );
    expect(outside.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    // A call defined beside its route rather than in the contract would escape the web's typed client.
    const stray = routeDeclarations(server.app).filter((route) => {
      const call = callOfRoute(server.app, route);
      return call !== undefined && !ALL_CALLS.includes(call);
    });
    expect(stray.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });
});
