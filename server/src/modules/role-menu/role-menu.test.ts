import { expect, it } from 'vitest';
import { buildRouter, permissionsFor, type RouterResponse } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import type { Issues } from '../../../test/validation.js';
import { buildStaffedTeam } from '../../../test/factories/team.js';
import { addMembership, buildSignedInUser } from '../../../test/factories/user.js';

const menuCodes = (router: RouterResponse) =>
  router.menuVOList.flatMap((item) => [item.menuCode, ...item.childList.map((child) => child.menuCode)]);

describeOnEachDatabase('role menus', (server) => {
  it("answers the menus and button keys of the caller's role in a team, for members only", async () => {
    const team = await buildStaffedTeam(server().db);
    for (const url of [`/api/role-menu/${team.id}`, `/api/role-menu/router/team/${team.id}`]) {
      const owner = await server().call<RouterResponse>('GET', url, { token: team.owner.token });
      expect(owner.body.data).toEqual(buildRouter('ROLE_TEAM_OWNER', permissionsFor('ROLE_TEAM_OWNER', 'hosted')));
      expect(menuCodes(owner.body.data)).toContain('TEAM_LOCAL_USERS');
      const viewer = await server().call<RouterResponse>('GET', url, { token: team.viewer.token });
      expect(menuCodes(viewer.body.data)).not.toContain('TEAM_LOCAL_USERS');
      expect(viewer.body.data.buttonVOList).toContain('project:view');
      expect(viewer.body.data.buttonVOList).not.toContain('team:local-user:manage');
    }
    const other = await buildStaffedTeam(server().db);
    expect((await server().call('GET', `/api/role-menu/${other.id}`, { token: team.owner.token })).body).toMatchObject({
      code: 4001,
      msg: 'NO_AUTH',
    });
    expect(
      (await server().call('GET', `/api/role-menu/router/team/${other.id}`, { token: team.owner.token })).body.msg,
    ).toBe('NO_AUTH');
    const bad = await server().call('GET', '/api/role-menu/abc', { token: team.owner.token });
    expect((bad.body.data as Issues).issues).toEqual([{ path: 'params.teamId', key: 'invalidValue' }]);
    expect((await server().call('GET', `/api/role-menu/${team.id}`)).body.code).toBe(4003);
  });

  it('answers the router of the current team, and an empty one without a team', async () => {
    const team = await buildStaffedTeam(server().db);
    const current = await server().call<RouterResponse>('GET', '/api/role-menu/router', {
      token: team.inspector.token,
    });
    expect(current.body.data).toEqual(
      buildRouter('ROLE_TEAM_INSPECTOR', permissionsFor('ROLE_TEAM_INSPECTOR', 'hosted')),
    );
    const loner = await buildSignedInUser(server().db);
    const empty = await server().call('GET', '/api/role-menu/router', {
      token: loner.token,
    });
    expect(empty.body.data).toEqual({ menuVOList: [], buttonVOList: [] });
  });

  it("switches the current team, tells the user's sessions and answers the new team's router", async () => {
    const home = await buildStaffedTeam(server().db);
    const away = await buildStaffedTeam(server().db);
    await addMembership(server().db, { teamId: away.id, userId: home.viewer.id, role: 'ROLE_TEAM_ADMIN' });
    const token = home.viewer.token;
    const switched = await server().call<RouterResponse>('GET', `/api/role-menu/changeTeam/${away.id}`, { token });
    expect(switched.body.data).toEqual(buildRouter('ROLE_TEAM_ADMIN', permissionsFor('ROLE_TEAM_ADMIN', 'hosted')));
    const details = await server().call('GET', '/api/user-client/details', { token });
    expect(details.body.data).toMatchObject({ teamId: away.id, roleId: 'ROLE_TEAM_ADMIN' });
    expect(server().events).toContainEqual(
      expect.objectContaining({
        userId: home.viewer.id,
        name: 'teamChanged',
        value: expect.objectContaining({ teamId: away.id }),
      }),
    );
    const current = await server().call<RouterResponse>('GET', '/api/role-menu/router', { token });
    expect(current.body.data).toEqual(buildRouter('ROLE_TEAM_ADMIN', permissionsFor('ROLE_TEAM_ADMIN', 'hosted')));
    const back = await server().call<RouterResponse>('GET', `/api/role-menu/changeTeam/${home.id}`, { token });
    expect(back.body.data).toEqual(buildRouter('ROLE_TEAM_VIEWER', permissionsFor('ROLE_TEAM_VIEWER', 'hosted')));
  });

  it('refuses to switch to a team the caller is not, or no longer, a member of', async () => {
    const home = await buildStaffedTeam(server().db);
    const lapsed = await buildStaffedTeam(server().db);
    await addMembership(server().db, {
      teamId: lapsed.id,
      userId: home.inspector.id,
      role: 'ROLE_TEAM_VIEWER',
      expiresAt: new Date(Date.now() - 60_000),
    });
    const token = home.inspector.token;
    const expired = await server().call('GET', `/api/role-menu/changeTeam/${lapsed.id}`, { token });
    expect(expired.body).toMatchObject({ code: 4001, msg: 'NO_AUTH' });
    expect((await server().call('GET', `/api/role-menu/${lapsed.id}`, { token })).body.msg).toBe('NO_AUTH');
    const stranger = await buildStaffedTeam(server().db);
    expect((await server().call('GET', `/api/role-menu/changeTeam/${stranger.id}`, { token })).body.msg).toBe(
      'NO_AUTH',
    );
    const bad = await server().call('GET', '/api/role-menu/changeTeam/0', { token });
    expect((bad.body.data as Issues).issues).toEqual([{ path: 'params.teamId', key: 'invalidValue' }]);
    const details = await server().call('GET', '/api/user-client/details', { token });
    expect(details.body.data).toMatchObject({ teamId: home.id });
  });
});
