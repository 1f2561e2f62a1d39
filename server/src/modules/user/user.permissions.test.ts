import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@sightline/shared';
import { routeDeclarations } from '../../platform/http/route.js';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';
import { TEST_PASSWORD, buildUser, localUserBody } from '../../../test/factories/user.js';

/** The URL prefixes of the modules user-client, user, role, role-menu and dictionary. */
const MODULE_PREFIXES = ['/api/user-client', '/api/user', '/api/role', '/api/dictionary-data/', '/api/limit/'];
const isLocalUserCall = (url: string) => url === '/api/user' || url.startsWith('/api/user/');

type Call = (team: StaffedTeam) => Promise<{ url: string; body?: unknown }>;

describeOnEachDatabase('local-user permissions', (server) => {
  const freshTarget = (team: StaffedTeam) =>
    buildUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER', local: true });
  const edit = { name: 'Edited', roleId: 'ROLE_TEAM_VIEWER' };
  /** One valid call per declared /user route; deletions get a fresh account each time. */
  const calls: Record<string, Call> = {
    'POST /api/user/page': async () => ({ url: '/api/user/page', body: { pageNum: 1, pageSize: 10 } }),
    'GET /api/user/list': async () => ({ url: '/api/user/list' }),
    'GET /api/user/:id': async (team) => ({ url: `/api/user/${team.viewer.id}` }),
    'POST /api/user': async () => ({
      url: '/api/user',
      body: localUserBody({ name: 'New', roleId: 'ROLE_TEAM_VIEWER' }),
    }),
    'PUT /api/user/:id': async (team) => ({ url: `/api/user/${team.viewer.id}`, body: edit }),
    'POST /api/user/edit': async (team) => ({ url: '/api/user/edit', body: { ...edit, id: team.viewer.id } }),
    'POST /api/user/del/batch': async (team) => ({
      url: '/api/user/del/batch',
      body: { ids: [(await freshTarget(team)).id], password: TEST_PASSWORD },
    }),
    'DELETE /api/user/batch': async (team) => ({
      url: '/api/user/batch',
      body: { ids: [(await freshTarget(team)).id], password: TEST_PASSWORD },
    }),
  };

  it('uses only permission keys of the shared table, and the local-user key on every /user call', () => {
    const declared = routeDeclarations(server().app).filter((route) =>
      MODULE_PREFIXES.some((prefix) => route.url.startsWith(prefix)),
    );
    expect(declared.length).toBeGreaterThan(20);
    for (const route of declared) {
      if (route.permission) expect(PERMISSIONS, route.url).toContain(route.permission);
    }
    const localUserRoutes = declared.filter((route) => isLocalUserCall(route.url));
    expect(localUserRoutes.map((route) => `${route.method} ${route.url}`).sort()).toEqual(Object.keys(calls).sort());
    for (const route of localUserRoutes) expect(route.permission, route.url).toBe('team:local-user:manage');
  });

  describe.each(['owner', 'admin', 'inspector', 'viewer'] as const)('as %s', (role) => {
    const allowed = role === 'owner' || role === 'admin';

    it(allowed ? 'succeeds on every /user call' : 'gets NO_AUTH from every /user call', async () => {
      const team = await buildStaffedTeam(server().db);
      const token = team[role].token;
      for (const [key, build] of Object.entries(calls)) {
        const method = key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
        const { url, body } = await build(team);
        const response = await server().call(method, url, { token, body });
        if (allowed) expect(response.body.code, `${key}: ${response.body.msg}`).toBe(2000);
        else expect(response.body, key).toMatchObject({ code: 4001, msg: 'NO_AUTH' });
      }
    });
  });
});
