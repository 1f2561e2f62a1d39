import { expect, it } from 'vitest';
import { CATALOGUES, LANGUAGES, ROLE_CODES, TEAM_ROLES } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildStaffedTeam } from '../../../test/factories/team.js';
import { buildSignedInUser, buildUser } from '../../../test/factories/user.js';

interface RoleBody {
  roleId: string;
  nameKey: string;
  group: string;
  memberCount?: number;
}

/** Reads `role.ROLE_X` style keys from a catalogue. */
function translate(language: (typeof LANGUAGES)[number], key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], CATALOGUES[language]);
}

describeOnEachDatabase('roles', (server) => {
  it('lists every role with a name key translated in all three languages, and its group', async () => {
    const { token } = await buildSignedInUser(server().db);
    const response = await server().call<RoleBody[]>('GET', '/api/role/list', { token });
    expect(response.body.data.map((role) => role.roleId)).toEqual([...ROLE_CODES]);
    expect(response.body.data).toContainEqual({
      roleId: 'ROLE_TEAM_OWNER',
      nameKey: 'role.ROLE_TEAM_OWNER',
      group: 'team',
    });
    expect(response.body.data).toContainEqual({
      roleId: 'ROLE_CORP_SALES',
      nameKey: 'role.ROLE_CORP_SALES',
      group: 'corporate',
    });
    expect(response.body.data).toContainEqual({
      roleId: 'ROLE_SCHOOL_STUDENT',
      nameKey: 'role.ROLE_SCHOOL_STUDENT',
      group: 'school',
    });
    for (const role of response.body.data) {
      for (const language of LANGUAGES)
        expect(translate(language, role.nameKey), `${language} ${role.nameKey}`).toEqual(expect.any(String));
    }
    expect(translate('en', 'role.ROLE_TEAM_OWNER')).toBe('Owner');
    expect(translate('zh-CN', 'role.ROLE_TEAM_OWNER')).toBe('所有者');
    expect(translate('ja', 'role.ROLE_TEAM_OWNER')).toBe('オーナー');
    expect((await server().call('GET', '/api/role/list')).body).toMatchObject({ code: 4003, msg: 'LOGIN_FAILURE' });
  });

  it('lists the four team roles', async () => {
    const { token } = await buildSignedInUser(server().db);
    const response = await server().call<RoleBody[]>('GET', '/api/role/list/team', { token });
    expect(response.body.data.map((role) => role.roleId)).toEqual([...TEAM_ROLES]);
    expect(response.body.data.every((role) => role.group === 'team')).toBe(true);
  });

  it("counts the current members of the caller's team per team role", async () => {
    const team = await buildStaffedTeam(server().db);
    await buildUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_INSPECTOR', local: true });
    await buildUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER', expiresAt: new Date(Date.now() - 1000) });
    await buildStaffedTeam(server().db);
    const response = await server().call<RoleBody[]>('GET', '/api/role/list/team-all', { token: team.viewer.token });
    expect(response.body.data.map((role) => [role.roleId, role.memberCount])).toEqual([
      ['ROLE_TEAM_OWNER', 1],
      ['ROLE_TEAM_ADMIN', 1],
      ['ROLE_TEAM_INSPECTOR', 2],
      ['ROLE_TEAM_VIEWER', 1],
    ]);
    expect(response.body.data[0]).toMatchObject({ nameKey: 'role.ROLE_TEAM_OWNER', group: 'team' });
    const loner = await buildSignedInUser(server().db);
    const noTeam = await server().call('GET', '/api/role/list/team-all', {
      token: loner.token,
    });
    expect(noTeam.body).toMatchObject({ code: 4001, msg: 'NO_AUTH' });
  });
});
