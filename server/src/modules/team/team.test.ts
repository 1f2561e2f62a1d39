import type { Kysely, Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  AppError,
  type AdminTeam,
  type MemberHeads,
  type MyTeam,
  type Page,
  type TeamDetails,
  type TeamMember,
} from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { describeOnEachDatabase } from '../../../test/harness.js';
import type { Issues } from '../../../test/validation.js';
import { DAY_MS, buildStaffedTeam, buildTeam } from '../../../test/factories/team.js';
import { addMembership, buildSignedInUser, buildUser } from '../../../test/factories/user.js';
import { createQuotaService } from './quota.service.js';

const MIB = 1024 ** 2;
const GIB = 1024 ** 3;

describeOnEachDatabase('team', (server) => {
  describe('details and settings', () => {
    it('describes the current team: members, owner and storage in GB', async () => {
      const team = await buildStaffedTeam(server().db, { name: 'Bridge crew', memberMax: 12, volumeMaxGb: 10 });
      await server()
        .db.updateTable('teams')
        .set({ volume_used_bytes: String(Math.round(2.5 * GIB)) })
        .where('id', '=', team.id)
        .execute();
      const response = await server().call<TeamDetails>('GET', '/api/team-client/details', {
        token: team.viewer.token,
      });
      expect(response.body.code).toBe(2000);
      expect(response.body.data).toMatchObject({
        teamId: team.id,
        name: 'Bridge crew',
        kind: 'team',
        memberCount: 4,
        memberMax: 12,
        owner: { userId: team.owner.id, name: `Test ${team.owner.account}` },
        teamVolumeSize: 2.5,
        teamVolumeMax: 10,
        remaining: 7.5,
        almostFull: false,
      });
      expect(Date.parse(response.body.data.createdAt)).not.toBeNaN();
    });

    it('says the team is almost full from 90 % of its storage', async () => {
      const team = await buildStaffedTeam(server().db, { volumeMaxGb: 10 });
      await server()
        .db.updateTable('teams')
        .set({ volume_used_bytes: String(Math.round(9.123 * GIB)) })
        .where('id', '=', team.id)
        .execute();
      const details = await server().call<TeamDetails>('GET', '/api/team-client/details', {
        token: team.owner.token,
      });
      expect(details.body.data).toMatchObject({ teamVolumeSize: 9.12, remaining: 0.88, almostFull: true });
    });

    it('renames the team, validating the name', async () => {
      const team = await buildStaffedTeam(server().db);
      const token = team.admin.token;
      expect(
        (await server().call('PUT', '/api/team-client', { token, body: { name: '  Tunnel team ' } })).body.code,
      ).toBe(2000);
      const details = await server().call<TeamDetails>('GET', '/api/team-client/details', { token });
      expect(details.body.data.name).toBe('Tunnel team');

      const empty = await server().call<Issues>('PUT', '/api/team-client', { token, body: { name: ' ' } });
      expect(empty.body.data.issues).toContainEqual({ path: 'name', key: 'required' });
      const long = await server().call<Issues>('PUT', '/api/team-client', { token, body: { name: 'x'.repeat(51) } });
      expect(long.body.data.issues).toContainEqual(expect.objectContaining({ path: 'name', key: 'tooLong' }));
      const missing = await server().call<Issues>('PUT', '/api/team-client', { token, body: {} });
      expect(missing.body.data.issues).toContainEqual({ path: 'name', key: 'required' });
    });

    it('refuses a signed-in user without a team with NO_AUTH', async () => {
      const loner = await buildSignedInUser(server().db);
      const response = await server().call('GET', '/api/team-client/details', { token: loner.token });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 4001, msg: 'NO_AUTH' });
      const teams = await server().call<MyTeam[]>('GET', '/api/team-client/teams', { token: loner.token });
      expect(teams.body.data).toEqual([]);
    });

    it('requires a login', async () => {
      const response = await server().call('GET', '/api/team-client/details');
      expect(response.body).toMatchObject({ code: 4003, msg: 'LOGIN_FAILURE' });
    });
  });

  describe("the caller's teams", () => {
    it('lists every team of the user with role and type, marks the current one and leaves out lapsed ones', async () => {
      const home = await buildStaffedTeam(server().db, { name: 'Home team' });
      const guest = await buildTeam(server().db, { name: 'Guest team' });
      const lapsed = await buildTeam(server().db, { name: 'Lapsed team' });
      const expiresAt = new Date(Date.now() + 5 * DAY_MS);
      await addMembership(server().db, { teamId: guest.id, userId: home.inspector.id, expiresAt });
      await addMembership(server().db, {
        teamId: lapsed.id,
        userId: home.inspector.id,
        expiresAt: new Date(Date.now() - DAY_MS),
      });
      const response = await server().call<MyTeam[]>('GET', '/api/team-client/teams', {
        token: home.inspector.token,
      });
      expect(response.body.data).toEqual([
        {
          teamId: home.id,
          teamName: 'Home team',
          roleId: 'ROLE_TEAM_INSPECTOR',
          memberType: 'full',
          expiresAt: null,
          current: true,
        },
        {
          teamId: guest.id,
          teamName: 'Guest team',
          roleId: 'ROLE_TEAM_VIEWER',
          memberType: 'temporary',
          expiresAt: expiresAt.toISOString(),
          current: false,
        },
      ]);
    });
  });

  describe('members', () => {
    it('pages members by keyword and member type, marking lapsed temporary members', async () => {
      const team = await buildStaffedTeam(server().db);
      const lapsed = await buildUser(server().db, {
        teamId: team.id,
        expiresAt: new Date(Date.now() - 60_000),
      });
      const upcoming = await buildUser(server().db, {
        teamId: team.id,
        expiresAt: new Date(Date.now() + DAY_MS),
      });
      await server().db.updateTable('users').set({ phone: '13912345678' }).where('id', '=', team.viewer.id).execute();
      const token = team.viewer.token;

      const all = await server().call<Page<TeamMember>>('GET', '/api/team-client/user-page', {
        token,
        query: { pageNum: '1', pageSize: '4' },
      });
      expect(all.body.data.total).toBe(6);
      expect(all.body.data.records).toHaveLength(4);
      expect(all.body.data.records[0]).toMatchObject({
        userId: team.owner.id,
        roleId: 'ROLE_TEAM_OWNER',
        memberType: 'full',
        expired: false,
        expiresAt: null,
      });
      const second = await server().call<Page<TeamMember>>('GET', '/api/team-client/user-page', {
        token,
        query: { pageNum: '2', pageSize: '4' },
      });
      expect(second.body.data.records.map((member) => member.userId)).toEqual([lapsed.id, upcoming.id]);

      const temporary = await server().call<Page<TeamMember>>('GET', '/api/team-client/user-page', {
        token,
        query: { memberType: 'temporary' },
      });
      expect(temporary.body.data.records).toEqual([
        expect.objectContaining({ userId: lapsed.id, memberType: 'temporary', expired: true }),
        expect.objectContaining({ userId: upcoming.id, memberType: 'temporary', expired: false }),
      ]);

      const byPhone = await server().call<Page<TeamMember>>('GET', '/api/team-client/user-page', {
        token,
        query: { keyword: '1234567' },
      });
      expect(byPhone.body.data.records.map((member) => member.userId)).toEqual([team.viewer.id]);
      const byAccount = await server().call<Page<TeamMember>>('GET', '/api/team-client/user-page', {
        token,
        query: { keyword: team.admin.account.toUpperCase() },
      });
      expect(byAccount.body.data.records.map((member) => member.userId)).toEqual([team.admin.id]);
      const literal = await server().call<Page<TeamMember>>('GET', '/api/team-client/user-page', {
        token,
        query: { keyword: '%' },
      });
      expect(literal.body.data.total).toBe(0);

      const bad = await server().call<Issues>('GET', '/api/team-client/user-page', {
        token,
        query: { memberType: 'guest', pageSize: '500' },
      });
      expect(bad.body.msg).toBe('VALIDATION_ERROR');
      expect(bad.body.data.issues.map((issue) => issue.path).sort()).toEqual([
        'querystring.memberType',
        'querystring.pageSize',
      ]);
    });

    it('lists all members, and the first avatars with the member count', async () => {
      const team = await buildStaffedTeam(server().db);
      const token = team.inspector.token;
      const all = await server().call<TeamMember[]>('GET', '/api/team-client/users', { token });
      expect(all.body.data.map((member) => member.userId)).toEqual([
        team.owner.id,
        team.admin.id,
        team.inspector.id,
        team.viewer.id,
      ]);
      const heads = await server().call<MemberHeads>('GET', '/api/team-client/users/head', {
        token,
        query: { count: '2' },
      });
      expect(heads.body.data).toEqual({
        total: 4,
        heads: [
          { userId: team.owner.id, name: `Test ${team.owner.account}`, headImgUrl: null },
          { userId: team.admin.id, name: `Test ${team.admin.account}`, headImgUrl: null },
        ],
      });
      const defaults = await server().call<MemberHeads>('GET', '/api/team-client/users/head', { token });
      expect(defaults.body.data.heads).toHaveLength(4);
      const bad = await server().call('GET', '/api/team-client/users/head', { token, query: { count: '0' } });
      expect(bad.body.msg).toBe('VALIDATION_ERROR');
    });
  });

  describe('storage quota', () => {
    const quotaOf = () => createQuotaService({ db: server().db });

    it('reserves within the maximum and refuses, counting nothing, past it', async () => {
      const team = await buildTeam(server().db, { volumeMaxGb: 1 });
      const quota = quotaOf();
      expect(await quota.reserve(team.id, 600 * MIB)).toMatchObject({
        usedBytes: 600 * MIB,
        maxBytes: GIB,
        almostFull: false,
      });
      const refused = await quota.reserve(team.id, 500 * MIB).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).key).toBe('TEAM_VOLUME_EXCEED');
      expect((await quota.usage(team.id)).usedBytes).toBe(600 * MIB);
      expect(await quota.reserve(team.id, 424 * MIB)).toMatchObject({ usedBytes: GIB, ratio: 1, almostFull: true });
      expect((await quota.release(team.id, 300 * MIB)).usedBytes).toBe(724 * MIB);
      expect(await quota.usage(team.id)).toMatchObject({ usedBytes: 724 * MIB, almostFull: false });
      expect((await quota.release(team.id, 5 * GIB)).usedBytes).toBe(0);
      await expect(quota.reserve(team.id, -1)).rejects.toThrow(RangeError);
      await expect(quota.reserve(team.id, 1.5)).rejects.toThrow(RangeError);
    });

    it('lets exactly as many parallel reservations through as fit', async () => {
      const team = await buildTeam(server().db, { volumeMaxGb: 1 });
      const quota = quotaOf();
      const chunk = 200 * MIB;
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => quota.reserve(team.id, chunk)));
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
      expect((await quota.usage(team.id)).usedBytes).toBe(5 * chunk);
    });

    it("counts in the caller's transaction: the count commits or rolls back with the caller's change", async () => {
      const team = await buildTeam(server().db, { volumeMaxGb: 1 });
      const quota = quotaOf();
      /** The caller's change: the team's name. */
      const rename = (trx: Kysely<Database>, name: string) =>
        trx.updateTable('teams').set({ name }).where('id', '=', team.id).execute();
      const teamRow = () =>
        server().db.selectFrom('teams').select(['name', 'volume_used_bytes']).where('id', '=', team.id).execute();

      // A change that fails after its count takes the count back with it.
      const rolledBack = await server()
        .db.transaction()
        .execute(async (trx) => {
          await rename(trx, 'Counted then failed');
          await quota.reserve(team.id, 300 * MIB, { transaction: trx });
          throw new Error('the change failed');
        })
        .catch((error: unknown) => error);
      expect(rolledBack).toBeInstanceOf(Error);
      expect(await quota.usage(team.id)).toMatchObject({ usedBytes: 0 });

      // endAndCount: a file that fits is counted as its record ends; one that does not undoes the end.
      const ended = (name: string, fileBytes: number | null) => async (trx: Transaction<Database>) => {
        await rename(trx, name);
        return { teamId: team.id, fileBytes };
      };
      expect(await quota.endAndCount(ended('Ended with a file', 600 * MIB))).toBe(true);
      expect(await teamRow()).toEqual([{ name: 'Ended with a file', volume_used_bytes: String(600 * MIB) }]);
      const refused = await quota.endAndCount(ended('Ended with too large a file', 500 * MIB)).catch((e: unknown) => e);
      expect((refused as AppError).key).toBe('TEAM_VOLUME_EXCEED');
      expect(await teamRow()).toEqual([{ name: 'Ended with a file', volume_used_bytes: String(600 * MIB) }]);
      expect(await quota.endAndCount(ended('Ended without a file', null))).toBe(true);
      expect(await quota.endAndCount(async () => undefined)).toBe(false);
      expect(await teamRow()).toEqual([{ name: 'Ended without a file', volume_used_bytes: String(600 * MIB) }]);

      // A release in the caller's transaction commits with it.
      await server()
        .db.transaction()
        .execute((trx) => quota.release(team.id, 100 * MIB, { transaction: trx }));
      expect(await quota.usage(team.id)).toMatchObject({ usedBytes: 500 * MIB });
    });

    it('shows the usage in the team details', async () => {
      const team = await buildStaffedTeam(server().db, { volumeMaxGb: 2 });
      await quotaOf().reserve(team.id, GIB);
      const details = await server().call<TeamDetails>('GET', '/api/team-client/details', {
        token: team.owner.token,
      });
      expect(details.body.data).toMatchObject({ teamVolumeSize: 1, teamVolumeMax: 2, remaining: 1 });
    });
  });

  describe('upgrades by a sales manager', () => {
    async function salesManager() {
      const vendor = await buildTeam(server().db, { name: 'Vendor' });
      await server().db.updateTable('teams').set({ kind: 'corporate' }).where('id', '=', vendor.id).execute();
      const sales = await buildSignedInUser(server().db, { teamId: vendor.id, role: 'ROLE_CORP_SALES' });
      return { sales, token: sales.token };
    }

    it('lists teams with their usage and upgrades members, storage, kind and function packages', async () => {
      const { sales, token } = await salesManager();
      const customer = await buildStaffedTeam(server().db, { name: `Customer ${Date.now()}` });
      const page = await server().call<Page<AdminTeam>>('GET', '/api/team-admin/teams', {
        token,
        query: { keyword: 'Customer', pageSize: '200' },
      });
      const listed = page.body.data.records.find((team) => team.teamId === customer.id);
      expect(listed).toMatchObject({
        kind: 'team',
        memberCount: 4,
        memberMax: 10,
        teamVolumeSize: 0,
        teamVolumeMax: 10,
        upgradedBy: null,
        upgradedAt: null,
        owner: { userId: customer.owner.id },
      });
      expect(listed?.functions.find((item) => item.code === 'base')?.status).toBe('active');
      expect(listed?.functions.find((item) => item.code === 'monitoring')?.status).toBe('not_activated');

      const upgraded = await server().call('PUT', `/api/team-admin/teams/${customer.id}`, {
        token,
        body: {
          memberMax: 30,
          volumeMaxGb: 500,
          kind: 'school',
          functions: [{ code: 'monitoring', validityDays: 30 }],
        },
      });
      expect(upgraded.body.code).toBe(2000);
      const again = await server().call<Page<AdminTeam>>('GET', '/api/team-admin/teams', {
        token,
        query: { keyword: customer.owner.account },
      });
      const after = again.body.data.records[0];
      expect(after).toMatchObject({
        teamId: customer.id,
        kind: 'school',
        memberMax: 30,
        teamVolumeMax: 500,
        upgradedBy: { userId: sales.id, name: `Test ${sales.account}` },
      });
      expect(Date.now() - Date.parse(after?.upgradedAt ?? '')).toBeLessThan(60_000);
      const monitoring = after?.functions.find((item) => item.code === 'monitoring');
      expect(monitoring?.status).toBe('active');
      const firstExpiry = Date.parse(monitoring?.expiresAt ?? '');
      expect(Math.round((firstExpiry - Date.now()) / DAY_MS)).toBe(30);

      // A second grant of an active package runs on from its expiry.
      await server().call('PUT', `/api/team-admin/teams/${customer.id}`, {
        token,
        body: { functions: [{ code: 'monitoring', validityDays: 30 }] },
      });
      const history = await server()
        .db.selectFrom('team_upgrades')
        .selectAll()
        .where('team_id', '=', customer.id)
        .execute();
      expect(history).toHaveLength(2);
      expect(history[0]?.upgraded_by).toBe(sales.id);
      const row = await server()
        .db.selectFrom('team_functions')
        .selectAll()
        .where('team_id', '=', customer.id)
        .where('function_code', '=', 'monitoring')
        .executeTakeFirstOrThrow();
      expect(Math.round(((row.expires_at?.getTime() ?? 0) - firstExpiry) / DAY_MS)).toBe(30);

      const details = await server().call<TeamDetails>('GET', '/api/team-client/details', {
        token: customer.owner.token,
      });
      expect(details.body.data).toMatchObject({ kind: 'school', memberMax: 30, teamVolumeMax: 500 });
    });

    it('refuses maxima below what the team already uses, an unknown team and bad values', async () => {
      const { token } = await salesManager();
      const customer = await buildStaffedTeam(server().db, { volumeMaxGb: 10 });
      await server()
        .db.updateTable('teams')
        .set({ volume_used_bytes: String(3 * GIB) })
        .where('id', '=', customer.id)
        .execute();
      const fewer = await server().call('PUT', `/api/team-admin/teams/${customer.id}`, {
        token,
        body: { memberMax: 3 },
      });
      expect(fewer.body.msg).toBe('USER_COUNT_MAXIMUM');
      const smaller = await server().call('PUT', `/api/team-admin/teams/${customer.id}`, {
        token,
        body: { volumeMaxGb: 2 },
      });
      expect(smaller.body.msg).toBe('TEAM_VOLUME_EXCEED');
      expect(
        (
          await server().call('PUT', `/api/team-admin/teams/${customer.id}`, {
            token,
            body: { memberMax: 4, volumeMaxGb: 3 },
          })
        ).body.code,
      ).toBe(2000);
      expect(
        (await server().call('PUT', '/api/team-admin/teams/99999999', { token, body: { memberMax: 4 } })).body.msg,
      ).toBe('notFound');

      const bad = await server().call<Issues>('PUT', `/api/team-admin/teams/${customer.id}`, {
        token,
        body: {
          memberMax: 0,
          volumeMaxGb: 1.5,
          kind: 'club',
          functions: [
            { code: 'teleport', validityDays: 10 },
            { code: 'monitoring', validityDays: 0 },
            { code: 'monitoring', validityDays: 4000 },
          ],
        },
      });
      expect(bad.body.data.issues.map((issue) => issue.path).sort()).toEqual([
        'functions.0.code',
        'functions.1.validityDays',
        'functions.2.validityDays',
        'kind',
        'memberMax',
        'volumeMaxGb',
      ]);
      const badId = await server().call('PUT', '/api/team-admin/teams/abc', { token, body: {} });
      expect(badId.body.msg).toBe('VALIDATION_ERROR');
    });
  });
});
