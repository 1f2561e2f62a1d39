import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@sightline/shared';
import type { TableWrites, WrittenTables } from '../../platform/db/table-writes.js';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildStaffedTeam } from '../../../test/factories/team.js';
import { TEST_PASSWORD, buildSignedInUser, sessionToken } from '../../../test/factories/user.js';
import type { AuthRepo } from './auth.repo.js';
import { cacheSessionLookups } from './session-cache.js';

/**
 * Every call below is made once before the change, so that what it found is in the cache: each test shows that
 * the change reaches the very next call, not one after the cache's lifetime.
 */
describeOnEachDatabase('rights read from the session cache', (server) => {
  const details = async (token: string) =>
    (await server().call<UserInfo>('GET', '/api/user-client/details', { token })).body;
  /** team:edit decides before the body is read: NO_AUTH without the right, a validation error with it. */
  const editTeam = async (token: string) =>
    (await server().call('PUT', '/api/team-client', { token, body: {} })).body.msg;

  it('applies a role change to the member’s next call', async () => {
    const team = await buildStaffedTeam(server().db);
    expect(await editTeam(team.admin.token)).toBe('VALIDATION_ERROR');
    expect((await details(team.admin.token)).data.roleId).toBe('ROLE_TEAM_ADMIN');

    const changed = await server().call('PUT', '/api/team-client/user-role', {
      token: team.owner.token,
      body: { userId: team.admin.id, roleId: 'ROLE_TEAM_VIEWER' },
    });
    expect(changed.body.code).toBe(2000);
    expect(await editTeam(team.admin.token)).toBe('NO_AUTH');
    expect((await details(team.admin.token)).data.roleId).toBe('ROLE_TEAM_VIEWER');
  });

  it('takes a removed member out of the team on their next call', async () => {
    const team = await buildStaffedTeam(server().db);
    const teamDetails = () => server().call('GET', '/api/team-client/details', { token: team.viewer.token });
    expect((await teamDetails()).body.code).toBe(2000);

    const removed = await server().call('PUT', '/api/team-client/remove-user', {
      token: team.admin.token,
      body: { userId: team.viewer.id },
    });
    expect(removed.body.code).toBe(2000);
    expect((await teamDetails()).body.code).not.toBe(2000);
    expect((await details(team.viewer.token)).data).toMatchObject({ teamId: null, roleId: null });
  });

  it('ends warm sessions at once on a password change, a logout and a disabled account', async () => {
    const user = await buildSignedInUser(server().db);
    const mobile = await sessionToken(server().db, user.id, 'MOBILE');
    expect((await details(mobile)).code).toBe(2000);
    expect((await details(user.token)).code).toBe(2000);

    const changed = await server().call('PUT', '/api/user-client/password', {
      token: user.token,
      body: { oldPassword: TEST_PASSWORD, password: 'NewSecret99', confirmPassword: 'NewSecret99' },
    });
    expect(changed.body.code).toBe(2000);
    expect(await details(mobile)).toMatchObject({ code: 4003, data: { reason: 'PASSWORD_CHANGED' } });

    expect((await server().call('POST', '/api/web/logout', { token: user.token })).body.code).toBe(2000);
    expect(await details(user.token)).toMatchObject({ code: 4003, data: null });

    const other = await buildSignedInUser(server().db);
    expect((await details(other.token)).code).toBe(2000);
    await server().db.updateTable('users').set({ status: 'disabled' }).where('id', '=', other.id).execute();
    expect((await details(other.token)).msg).toBe('USER_ACCOUNT_ABNORMALITY');
  });

  it('applies a change committed by a transaction, even when a call read the rows before the commit', async () => {
    const team = await buildStaffedTeam(server().db);
    expect((await details(team.inspector.token)).data.roleId).toBe('ROLE_TEAM_INSPECTOR');

    const transaction = await server().db.startTransaction().execute();
    await transaction
      .updateTable('team_members')
      .set({ role_code: 'ROLE_TEAM_VIEWER' })
      .where('team_id', '=', team.id)
      .where('user_id', '=', team.inspector.id)
      .execute();
    const during = details(team.inspector.token);
    // A PostgreSQL server answers from before the commit; PGlite has one backend, which waits for the commit.
    if (server().backend === 'postgres') expect((await during).data.roleId).toBe('ROLE_TEAM_INSPECTOR');
    await transaction.commit().execute();
    await during;
    expect((await details(team.inspector.token)).data.roleId).toBe('ROLE_TEAM_VIEWER');
  });
});

describe('the session cache', () => {
  function fakeWrites() {
    const listeners = new Set<(tables: WrittenTables) => void>();
    const writes: TableWrites = {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    return { writes, write: (tables: WrittenTables) => listeners.forEach((listener) => listener(tables)) };
  }

  type User = NonNullable<Awaited<ReturnType<AuthRepo['findUserById']>>>;
  function fakeRepo(nameOf: () => Promise<string>) {
    let reads = 0;
    const repo = {
      findUserById: async (id: number) => {
        reads += 1;
        return { id, name: await nameOf() } as User;
      },
    } as AuthRepo;
    return { repo, reads: () => reads };
  }

  it('serves a row again until its table is written, and drops it for raw SQL too', async () => {
    const { writes, write } = fakeWrites();
    const source = fakeRepo(async () => 'Li');
    const { repo } = cacheSessionLookups(source.repo, writes);
    await repo.findUserById(1);
    await repo.findUserById(1);
    expect(source.reads()).toBe(1);
    write(new Set(['projects']));
    await repo.findUserById(1);
    expect(source.reads()).toBe(1);
    write(new Set(['users']));
    await repo.findUserById(1);
    expect(source.reads()).toBe(2);
    write('any');
    await repo.findUserById(1);
    expect(source.reads()).toBe(3);
  });

  it('does not keep a row read while its table was being written', async () => {
    const { writes, write } = fakeWrites();
    let release: (name: string) => void = () => undefined;
    const source = fakeRepo(() => new Promise<string>((resolve) => (release = resolve)));
    const { repo } = cacheSessionLookups(source.repo, writes);
    const stale = repo.findUserById(1);
    write(new Set(['users']));
    release('before the write');
    expect((await stale)?.name).toBe('before the write');

    const fresh = repo.findUserById(1);
    release('after the write');
    expect((await fresh)?.name).toBe('after the write');
    expect(source.reads()).toBe(2);
  });
});
