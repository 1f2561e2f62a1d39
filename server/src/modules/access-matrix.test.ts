import { expect, it } from 'vitest';
import { ROLE_CODES, permissionsFor, permitsCall, type RoleCode } from '@sightline/shared';
import { routeDeclarations, type RouteDeclaration } from '../platform/http/route.js';
import { describeOnEachDatabase, type TestServer } from '../../test/harness.js';
import { buildTeam } from '../../test/factories/team.js';
import { buildSignedInUser } from '../../test/factories/user.js';

/** The kind of team each role works in. */
function teamKindOf(role: RoleCode): 'team' | 'corporate' | 'school' {
  if (role.startsWith('ROLE_CORP_')) return 'corporate';
  if (role.startsWith('ROLE_SCHOOL_')) return 'school';
  return 'team';
}

/** A signed-in user holding `role` in a team of their own kind (a team's owner is its owner). */
async function signedInAs(server: TestServer, role: RoleCode): Promise<string> {
  const team = await buildTeam(server.db);
  const kind = teamKindOf(role);
  if (kind !== 'team') await server.db.updateTable('teams').set({ kind }).where('id', '=', team.id).execute();
  return (await buildSignedInUser(server.db, { teamId: team.id, role })).token;
}

/** The error key of an enveloped answer; routes outside the envelope (a tus upload's protocol replies) have none. */
function messageOf(body: string): string | null {
  try {
    return (JSON.parse(body) as { msg?: string }).msg ?? null;
  } catch {
    return null;
  }
}

/** Calls that end the caller's session run last, so they cannot hide the answers of the others. */
const SESSION_ENDING = new Set(['POST /api/web/logout']);

function byLastSessionEnding(a: RouteDeclaration, b: RouteDeclaration): number {
  const ends = (route: RouteDeclaration) => (SESSION_ENDING.has(`${route.method} ${route.url}`) ? 1 : 0);
  return ends(a) - ends(b);
}

/**
 * Every call a signed-in user may make, tried by a holder of each role: refused with 4001 NO_AUTH exactly when
 * the SPEC's access table (CALL_ACCESS) requires a permission the role lacks. The expectation comes from the
 * table, never from the route's own declaration, so a route whose permission is changed alone fails here. The
 * rights are checked before the input is, so an empty request with ids that are no ids shows the permission's
 * answer alone: a caller with the right gets a validation error before any check of the call's scope (whose
 * team a project is) could refuse it.
 */
describeOnEachDatabase('the permission matrix of every route, from the SPEC access table', (server) => {
  it('refuses each role exactly the calls its permissions do not grant', async () => {
    const routes = routeDeclarations(server().app)
      .filter((route) => route.access === 'user')
      .sort(byLastSessionEnding);
    expect(routes.length).toBeGreaterThan(100);
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const role of ROLE_CODES) {
      const token = await signedInAs(server(), role);
      // The test server is the hosted service: deployment-wide permissions stay with corporate management.
      const granted = permissionsFor(role, 'hosted');
      for (const route of routes) {
        const allowed = permitsCall(granted, route.method, route.url);
        const response = await server().app.inject({
          method: route.method,
          url: route.url.replace(/:\w+/g, 'not-an-id'),
          headers: { authorization: `Bearer ${token}` },
        });
        const refused = response.statusCode === 403 && messageOf(response.body) === 'NO_AUTH';
        expected.push(`${role} ${route.method} ${route.url}: ${allowed ? 'allowed' : 'NO_AUTH'}`);
        outcomes.push(`${role} ${route.method} ${route.url}: ${refused ? 'NO_AUTH' : 'allowed'}`);
      }
    }
    expect(outcomes).toEqual(expected);
  });
});
