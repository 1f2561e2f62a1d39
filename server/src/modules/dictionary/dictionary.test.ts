import { expect, it } from 'vitest';
import { CATALOGUES, LANGUAGES } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { fieldKeys } from '../../../test/validation.js';
import { buildStaffedTeam } from '../../../test/factories/team.js';
import { buildSignedInUser, buildUser } from '../../../test/factories/user.js';

interface DictionaryBody {
  key: string;
  value: string;
  sort: number;
}
const GB = 1024 ** 3;

describeOnEachDatabase('dictionary and limits', (server) => {
  it('serves the register dropdowns to anyone, sorted, each with a display name in every language', async () => {
    for (const category of ['register-post', 'register-location'] as const) {
      const response = await server().call<DictionaryBody[]>('GET', `/api/dictionary-data/${category}`);
      expect(response.body.code).toBe(2000);
      const rows = response.body.data;
      expect(rows.length).toBeGreaterThan(3);
      expect(rows.map((row) => row.sort)).toEqual([...rows.map((row) => row.sort)].sort((a, b) => a - b));
      for (const row of rows) {
        for (const language of LANGUAGES) {
          const names: Record<string, string> = CATALOGUES[language].dictionary[category];
          expect(names[row.key], `${language} ${category}.${row.key}`).toEqual(expect.any(String));
        }
      }
    }
    const posts = await server().call<DictionaryBody[]>('GET', '/api/dictionary-data/register-post');
    expect(posts.body.data[0]).toEqual({ key: 'inspector', value: 'inspector', sort: 0 });
    const locations = await server().call<DictionaryBody[]>('GET', '/api/dictionary-data/register-location');
    expect(locations.body.data.map((row) => row.key)).toContain('CN');
  });

  it('checks the member limit of the current team, counting only current members', async () => {
    const team = await buildStaffedTeam(server().db, { memberMax: 5 });
    const check = () =>
      server().call<{ allowed: boolean; used: number; max: number }>('POST', '/api/limit/check', {
        token: team.viewer.token,
        body: { type: 'member' },
      });
    expect((await check()).body.data).toEqual({ allowed: true, used: 4, max: 5 });
    await buildUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER', expiresAt: new Date(0) });
    expect((await check()).body.data).toEqual({ allowed: true, used: 4, max: 5 });
    await buildUser(server().db, { teamId: team.id });
    expect((await check()).body.data).toEqual({ allowed: false, used: 5, max: 5 });
  });

  it('checks the storage of the current team against its GB cap', async () => {
    const team = await buildStaffedTeam(server().db);
    await server()
      .db.updateTable('teams')
      .set({ volume_max_gb: 2, volume_used_bytes: String(GB) })
      .where('id', '=', team.id)
      .execute();
    const check = (size?: number) =>
      server().call<{ allowed: boolean; used: number; max: number }>('POST', '/api/limit/check', {
        token: team.inspector.token,
        body: size === undefined ? { type: 'volume' } : { type: 'volume', size },
      });
    expect((await check()).body.data).toEqual({ allowed: true, used: GB, max: 2 * GB });
    expect((await check(GB)).body.data.allowed).toBe(true);
    expect((await check(GB + 1)).body.data.allowed).toBe(false);
  });

  it('validates the body and needs a signed-in member of a team', async () => {
    const team = await buildStaffedTeam(server().db);
    const token = team.owner.token;
    const missing = await server().call('POST', '/api/limit/check', { token, body: {} });
    expect(fieldKeys(missing.body)).toEqual({ type: 'required' });
    const invalid = await server().call('POST', '/api/limit/check', { token, body: { type: 'disk', size: -1 } });
    expect(fieldKeys(invalid.body)).toEqual({ type: 'invalidValue', size: 'invalidValue' });
    const fraction = await server().call('POST', '/api/limit/check', { token, body: { type: 'volume', size: 1.5 } });
    expect(fieldKeys(fraction.body)).toEqual({ size: 'invalidValue' });
    const text = await server().call('POST', '/api/limit/check', { token, body: { type: 'volume', size: 'big' } });
    expect(fieldKeys(text.body)).toEqual({ size: 'invalidValue' });
    expect((await server().call('POST', '/api/limit/check', { body: { type: 'member' } })).body.code).toBe(4003);
    const loner = await buildSignedInUser(server().db);
    const noTeam = await server().call('POST', '/api/limit/check', {
      token: loner.token,
      body: { type: 'member' },
    });
    expect(noTeam.body).toMatchObject({ code: 4001, msg: 'NO_AUTH' });
  });
});
