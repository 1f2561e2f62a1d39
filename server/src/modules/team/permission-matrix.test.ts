import { describe, expect, it } from 'vitest';
import {
  buildRouter,
  permitsCall,
  ROLE_PERMISSIONS,
  permissionsFor,
  type InvitationLink,
  type MenuItem,
  type Permission,
  type RoleCode,
} from '@sightline/shared';
import { routeDeclarations, type RouteDeclaration } from '../../platform/http/route.js';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildCorporateUser, buildStaffedTeam, buildTeam } from '../../../test/factories/team.js';
import { buildUser, sessionToken } from '../../../test/factories/user.js';

/** The team, administration and feedback calls this matrix covers: every route declared under these paths. */
const COVERED = /^\/api\/(team-client|team-admin|feedback)(\/|$)/;

interface Fixture {
  teamId: number;
  roleTarget: number;
  removeTarget: number;
  handoverTarget: number;
  joinLink: InvitationLink;
  /** A role the caller's own team hands out by invitation: corporate teams have corporate roles. */
  inviteRole: RoleCode;
  /** Feedback sent by a member of the fixture's team. */
  feedbackId: number;
}

interface CallSpec {
  request: (fixture: Fixture) => { url?: string; body?: unknown; query?: Record<string, string> };
  /** The call acts on a member of the fixture's team, which an outsider has no authority over. */
  targetsMember?: boolean;
  /** Calls that change the caller's own role or team run last. */
  late?: number;
}

/** How to make a valid request to each covered route; a route missing here fails the test. */
const CALLS: Record<string, CallSpec> = {
  'GET /api/team-client/details': { request: () => ({}) },
  'PUT /api/team-client': { request: () => ({ body: { name: 'Renamed by the matrix' } }) },
  'GET /api/team-client/teams': { request: () => ({}) },
  'GET /api/team-client/user-page': { request: () => ({ query: { pageSize: '5' } }) },
  'GET /api/team-client/users': { request: () => ({}) },
  'GET /api/team-client/users/head': { request: () => ({ query: { count: '3' } }) },
  'PUT /api/team-client/user-role': {
    request: (fixture) => ({ body: { userId: fixture.roleTarget, roleId: 'ROLE_TEAM_INSPECTOR' } }),
    targetsMember: true,
  },
  'PUT /api/team-client/remove-user': {
    request: (fixture) => ({ body: { userId: fixture.removeTarget } }),
    targetsMember: true,
  },
  'PUT /api/team-client/admin-handover': {
    request: (fixture) => ({ body: { userId: fixture.handoverTarget } }),
    targetsMember: true,
    late: 1,
  },
  'GET /api/team-client/function': { request: () => ({}) },
  'GET /api/team-client/business/list': { request: () => ({}) },
  'GET /api/team-client/invitation-link': { request: () => ({}) },
  'POST /api/team-client/invitation-link': {
    request: (fixture) => ({ body: { passwordMode: 'random', validityDays: 7, roleId: fixture.inviteRole } }),
  },
  'GET /api/team-client/link-analysis': { request: (fixture) => ({ query: { sid: fixture.joinLink.sid } }) },
  'POST /api/team-client/join': {
    request: (fixture) => ({ query: { sid: fixture.joinLink.sid, password: fixture.joinLink.password } }),
    late: 2,
  },
  'GET /api/team-admin/teams': { request: () => ({ query: { pageSize: '5' } }) },
  'PUT /api/team-admin/teams/:id': {
    request: (fixture) => ({ url: `/api/team-admin/teams/${fixture.teamId}`, body: { memberMax: 40 } }),
  },
  'POST /api/feedback': { request: () => ({ body: { type: 'suggestion', content: 'Sent through the matrix' } }) },
  'GET /api/feedback/page': { request: () => ({ query: { pageSize: '5', handled: 'false' } }) },
  'PUT /api/feedback/:id/handled': {
    request: (fixture) => ({ url: `/api/feedback/${fixture.feedbackId}/handled`, body: { handled: true } }),
  },
};

type Caller = 'owner' | 'administrator' | 'inspector' | 'viewer' | 'outsider' | 'salesManager' | 'management';
/** The role whose permissions each caller has; the outsider owns another team, corporate callers work in their own. */
const CALLER_ROLES: Record<Caller, RoleCode> = {
  owner: 'ROLE_TEAM_OWNER',
  administrator: 'ROLE_TEAM_ADMIN',
  inspector: 'ROLE_TEAM_INSPECTOR',
  viewer: 'ROLE_TEAM_VIEWER',
  outsider: 'ROLE_TEAM_OWNER',
  salesManager: 'ROLE_CORP_SALES',
  management: 'ROLE_CORP_MANAGEMENT',
};
/** Callers who are members of the fixture's team. */
const MEMBERS: readonly Caller[] = ['owner', 'administrator', 'inspector', 'viewer'];

function expectedAllowed(caller: Caller, route: RouteDeclaration, spec: CallSpec): boolean {
  // The test server is the hosted service: deployment-wide permissions stay with corporate management.
  const permissions: readonly Permission[] = permissionsFor(CALLER_ROLES[caller], 'hosted');
  // The rule comes from the SPEC's access table, not from the route's own declaration.
  const permitted = permitsCall(permissions, route.method, route.url);
  // Members of other teams are beyond the authority of anyone outside the fixture's team.
  return permitted && (MEMBERS.includes(caller) || !spec.targetsMember);
}

function menuCodes(items: MenuItem[]): string[] {
  return items.flatMap((item) => [item.menuCode, ...menuCodes(item.childList)]);
}

describeOnEachDatabase('team, administration and feedback permission matrix', (server) => {
  const covered = () => routeDeclarations(server().app).filter((route) => COVERED.test(route.url));

  it('has a call for every covered route, and no call for a route that is gone', () => {
    const declared = covered().map((route) => `${route.method} ${route.url}`);
    expect(declared.sort()).toEqual(Object.keys(CALLS).sort());
  });

  it('shows the team, administration and feedback menus exactly to the roles that may make their calls', () => {
    for (const role of Object.keys(ROLE_PERMISSIONS) as RoleCode[]) {
      const permissions = permissionsFor(role, 'hosted');
      const may = (key: string) => {
        const [method = '', url = ''] = key.split(' ');
        return permitsCall(permissions, method, url);
      };
      const codes = menuCodes(buildRouter(role, permissions).menuVOList);
      expect(codes.includes('TEAM_MEMBERS'), role).toBe(may('GET /api/team-client/user-page'));
      expect(codes.includes('TEAM_SETTINGS'), role).toBe(may('GET /api/team-client/details'));
      expect(codes.includes('ADMIN'), role).toBe(may('GET /api/team-admin/teams'));
      expect(codes.includes('FEEDBACK'), role).toBe(may('GET /api/feedback/page'));
    }
  });

  async function fixtureFor(caller: Caller) {
    const db = server().db;
    const team = await buildStaffedTeam(db, { name: 'Matrix team', memberMax: 20 });
    const roleTarget = await buildUser(db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER' });
    const removeTarget = await buildUser(db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER' });
    const handoverTarget = await buildUser(db, { teamId: team.id, role: 'ROLE_TEAM_INSPECTOR' });
    // Another team's link, which no call of the matrix replaces.
    const joinTeam = await buildTeam(db, { memberMax: 50 });
    const joinLink = await server().call<InvitationLink>('POST', '/api/team-client/invitation-link', {
      token: await sessionToken(db, joinTeam.owner.id),
      body: { passwordMode: 'random', validityDays: 7, roleId: 'ROLE_TEAM_VIEWER' },
    });
    const feedback = await db
      .insertInto('feedback')
      .values({ user_id: team.inspector.id, team_id: team.id, type: 'bug', content: 'Seen by the matrix' })
      .returning('id')
      .executeTakeFirstOrThrow();

    let callerId: number;
    if (caller === 'outsider') {
      callerId = (await buildStaffedTeam(db)).owner.id;
    } else if (caller === 'salesManager' || caller === 'management') {
      const role = caller === 'salesManager' ? 'ROLE_CORP_SALES' : 'ROLE_CORP_MANAGEMENT';
      callerId = (await buildCorporateUser(db, role)).id;
    } else {
      callerId = { owner: team.owner, administrator: team.admin, inspector: team.inspector, viewer: team.viewer }[
        caller
      ].id;
    }
    const fixture: Fixture = {
      teamId: team.id,
      roleTarget: roleTarget.id,
      removeTarget: removeTarget.id,
      handoverTarget: handoverTarget.id,
      joinLink: joinLink.body.data,
      inviteRole: caller === 'management' ? 'ROLE_CORP_CLERK' : 'ROLE_TEAM_VIEWER',
      feedbackId: feedback.id,
    };
    return { fixture, token: await sessionToken(db, callerId) };
  }

  for (const caller of Object.keys(CALLER_ROLES) as Caller[]) {
    describe(caller, () => {
      it('succeeds where the permission table allows and answers 4001 NO_AUTH elsewhere', async () => {
        const { fixture, token } = await fixtureFor(caller);
        const routes = covered().sort(
          (a, b) => (CALLS[`${a.method} ${a.url}`]?.late ?? 0) - (CALLS[`${b.method} ${b.url}`]?.late ?? 0),
        );
        const outcomes: string[] = [];
        const expected: string[] = [];
        for (const route of routes) {
          const key = `${route.method} ${route.url}`;
          const spec = CALLS[key];
          if (!spec) throw new Error(`no call for ${key}`);
          const { url, ...request } = spec.request(fixture);
          const response = await server().call(route.method as 'GET' | 'POST' | 'PUT', url ?? route.url, {
            token,
            ...request,
          });
          const allowed = expectedAllowed(caller, route, spec);
          expected.push(`${key} -> ${allowed ? '2000' : '4001 NO_AUTH'}`);
          outcomes.push(
            `${key} -> ${response.body.code === 2000 ? '2000' : `${response.body.code} ${response.body.msg}`}`,
          );
          if (!allowed) expect(response.status, key).toBe(403);
        }
        expect(outcomes).toEqual(expected);

        if (caller === 'outsider') {
          // What the outsider was allowed to do happened in their own team, never in this one.
          const team = await server()
            .db.selectFrom('teams')
            .select('name')
            .where('id', '=', fixture.teamId)
            .executeTakeFirst();
          expect(team?.name).toBe('Matrix team');
          const members = await server()
            .db.selectFrom('team_members')
            .select(['user_id', 'role_code'])
            .where('team_id', '=', fixture.teamId)
            .where('user_id', 'in', [fixture.roleTarget, fixture.removeTarget, fixture.handoverTarget])
            .orderBy('user_id')
            .execute();
          expect(members.map((member) => member.role_code)).toEqual([
            'ROLE_TEAM_VIEWER',
            'ROLE_TEAM_VIEWER',
            'ROLE_TEAM_INSPECTOR',
          ]);
        }
      });
    });
  }
});
