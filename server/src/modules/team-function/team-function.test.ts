import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, defineCall, type BusinessEntry, type TeamFunction, type TeamFunctionCode } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { registerErrorHandler } from '../../platform/http/error-handler.js';
import { createRouter, routeDeclarations } from '../../platform/http/route.js';
import { seedDemoTeam } from '../../seed.js';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildProject } from '../../../test/factories/project.js';
import { DAY_MS, buildStaffedTeam, buildTeam, setFunction } from '../../../test/factories/team.js';
import { uniquePhone } from '../../../test/factories/unique.js';
import { sessionToken } from '../../../test/factories/user.js';
import { createTeamFunctionRepo } from './team-function.repo.js';
import { createTeamFunctionService, effectiveFunction, type FunctionLicence } from './team-function.service.js';

describeOnEachDatabase('team function packages', (server) => {
  const requireFunction = (teamId: number | null, code: TeamFunctionCode, licence?: FunctionLicence) =>
    createTeamFunctionService({
      repo: createTeamFunctionRepo(server().db),
      projectAccess: { require: () => Promise.reject(new Error('not used')) },
      licence,
    }).requireActive(teamId, code);
  const functionsOf = async (token: string) =>
    (await server().call<TeamFunction[]>('GET', '/api/team-client/function', { token })).body.data;

  it('lists every package with its state: defaults active for a year, the rest not activated or expired', async () => {
    const team = await buildStaffedTeam(server().db);
    await setFunction(server().db, {
      teamId: team.id,
      code: 'monitoring',
      activatedAt: new Date(Date.now() - 40 * DAY_MS),
      expiresAt: new Date(Date.now() - 10 * DAY_MS),
      validityDays: 30,
    });
    const functions = await functionsOf(team.viewer.token);
    expect(functions.map((item) => item.code)).toEqual([
      'base',
      'ai_screening',
      'image_download',
      'high_precision',
      'historical_defect',
      'inspection',
      'monitoring',
      'inspection_comparison',
      'total_station',
    ]);
    const byCode = Object.fromEntries(functions.map((item) => [item.code, item]));
    expect(byCode.base).toMatchObject({
      nameKey: 'teamFunction.name.base',
      descriptionKey: 'teamFunction.description.base',
      status: 'active',
      validityDays: 365,
    });
    expect(Math.round((Date.parse(byCode.inspection?.expiresAt ?? '') - Date.now()) / DAY_MS)).toBe(365);
    expect(byCode.monitoring).toMatchObject({ status: 'expired', validityDays: 30 });
    expect(byCode.ai_screening).toMatchObject({
      status: 'not_activated',
      activatedAt: null,
      expiresAt: null,
      validityDays: null,
    });
  });

  it('enables the business entries whose package is active', async () => {
    const team = await buildStaffedTeam(server().db);
    const token = team.inspector.token;
    const list = async () =>
      (await server().call<BusinessEntry[]>('GET', '/api/team-client/business/list', { token })).body.data;
    const before = await list();
    expect(before).toHaveLength(7);
    expect(before[0]).toEqual({
      code: 'droneInspection',
      nameKey: 'business.droneInspection',
      functionCode: 'inspection',
      enabled: true,
    });
    expect(before.find((entry) => entry.code === 'droneMonitoring')).toMatchObject({
      functionCode: 'monitoring',
      enabled: false,
    });
    expect(before.find((entry) => entry.code === 'projectMaterialLibrary')?.enabled).toBe(true);

    await setFunction(server().db, {
      teamId: team.id,
      code: 'monitoring',
      activatedAt: new Date(),
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    expect((await list()).find((entry) => entry.code === 'droneMonitoring')?.enabled).toBe(true);
    const bad = await server().call('GET', '/api/team-client/business/list', { token, query: { projectId: 'abc' } });
    expect(bad.body.msg).toBe('VALIDATION_ERROR');
  });

  it('checks the rights on a project the entries are asked for: PROJECT_NO_ERROR otherwise', async () => {
    const team = await buildStaffedTeam(server().db);
    const other = await buildTeam(server().db);
    const own = String((await buildProject(server().db, { teamId: team.id })).id);
    const foreign = String((await buildProject(server().db, { teamId: other.id })).id);
    const ask = async (user: { token: string }, projectId: string) =>
      (await server().call('GET', '/api/team-client/business/list', { token: user.token, query: { projectId } })).body;
    expect((await ask(team.owner, own)).code).toBe(2000);
    expect((await ask(team.owner, foreign)).msg).toBe('PROJECT_NO_ERROR');
    // An inspector sees only the projects they are a member of.
    expect((await ask(team.inspector, own)).msg).toBe('PROJECT_NO_ERROR');
    await server()
      .db.insertInto('project_members')
      .values({ project_id: Number(own), user_id: team.inspector.id })
      .execute();
    expect((await ask(team.inspector, own)).code).toBe(2000);
  });

  it('gives a registered team and the demo team the default packages', async () => {
    const phone = uniquePhone();
    await server().call('POST', '/api/web/sms', { query: { phone, scene: 'register' } });
    const registered = await server().call<{ userId: number }>('POST', '/api/web/register', {
      body: {
        phone,
        smsCode: server().sms.lastCode(phone),
        password: 'Secret1234',
        confirmPassword: 'Secret1234',
        name: 'Wang Fang',
        organization: 'Road office',
        position: 'Engineer',
        agreement: true,
      },
    });
    const active = (items: TeamFunction[]) => items.filter((item) => item.status === 'active').map((item) => item.code);
    expect(active(await functionsOf(await sessionToken(server().db, registered.body.data.userId)))).toEqual([
      'base',
      'inspection',
    ]);

    await seedDemoTeam(server().db, { password: 'Demo12345', log: server().app.log });
    const demoOwner = await server()
      .db.selectFrom('users')
      .select('id')
      .where('account', '=', 'demoowner')
      .executeTakeFirstOrThrow();
    expect(active(await functionsOf(await sessionToken(server().db, demoOwner.id)))).toEqual(['base', 'inspection']);
  });

  it('guards work with requireFunction: TEAM_FUNCTION_INACTIVE unless active', async () => {
    const team = await buildTeam(server().db);
    await expect(requireFunction(team.id, 'base')).resolves.toBeUndefined();
    const inactive = await requireFunction(team.id, 'ai_screening').catch((error: unknown) => error);
    expect(inactive).toBeInstanceOf(AppError);
    expect(inactive).toMatchObject({ key: 'TEAM_FUNCTION_INACTIVE', params: { function: 'ai_screening' } });
    await setFunction(server().db, {
      teamId: team.id,
      code: 'base',
      activatedAt: new Date(Date.now() - 2 * DAY_MS),
      expiresAt: new Date(Date.now() - 1000),
    });
    await expect(requireFunction(team.id, 'base')).rejects.toMatchObject({
      key: 'TEAM_FUNCTION_INACTIVE',
    });
    await expect(requireFunction(null, 'base')).rejects.toMatchObject({ key: 'USER_NO_TEAM_ERROR' });
  });

  it("refuses, on a licensed deployment, a team's active package that the licence leaves out or has ended", async () => {
    const team = await buildTeam(server().db);
    const licence = (ends: Array<[TeamFunctionCode, Date]>): FunctionLicence => ({
      functionEnds: () => Promise.resolve(new Map(ends)),
    });
    const tomorrow = new Date(Date.now() + DAY_MS);
    await expect(requireFunction(team.id, 'base', licence([['base', tomorrow]]))).resolves.toBeUndefined();
    await expect(requireFunction(team.id, 'inspection', licence([['base', tomorrow]]))).rejects.toMatchObject({
      key: 'TEAM_FUNCTION_INACTIVE',
      params: { function: 'inspection' },
    });
    const yesterday = new Date(Date.now() - DAY_MS);
    await expect(requireFunction(team.id, 'base', licence([['base', yesterday]]))).rejects.toMatchObject({
      key: 'TEAM_FUNCTION_INACTIVE',
    });
  });

  describe('routes declaring a feature', () => {
    async function appFor(teamId: number) {
      const app = Fastify({ logger: false });
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      registerErrorHandler(app);
      const caller: AuthContext = {
        userId: 1,
        sessionId: 1,
        clientType: 'PC',
        teamId,
        role: 'ROLE_TEAM_VIEWER',
        permissions: ['monitor:view'],
      };
      const router = createRouter(app, {
        authenticate: async () => caller,
        checkFeature: (auth, feature) => requireFunction(auth.teamId, feature),
      });
      router.user({
        call: defineCall({ method: 'GET', path: '/feature-check/monitor', response: z.object({ ok: z.boolean() }) }),
        summary: 'A call that needs the monitoring package',
        tags: ['test'],
        permission: 'monitor:view',
        feature: 'monitoring',
        handler: async () => ({ ok: true }),
      });
      await app.ready();
      return app;
    }

    it('answers TEAM_FUNCTION_INACTIVE until the package is active, and declares the feature', async () => {
      const team = await buildTeam(server().db);
      const app = await appFor(team.id);
      const refused = await app.inject({ method: 'GET', url: '/api/feature-check/monitor' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 4001,
        msg: 'TEAM_FUNCTION_INACTIVE',
        data: { params: { function: 'monitoring' } },
      });
      await setFunction(server().db, {
        teamId: team.id,
        code: 'monitoring',
        activatedAt: new Date(),
        expiresAt: new Date(Date.now() + DAY_MS),
      });
      const allowed = await app.inject({ method: 'GET', url: '/api/feature-check/monitor' });
      expect(allowed.json()).toEqual({ code: 2000, msg: 'success', data: { ok: true } });
      await app.close();
      expect(routeDeclarations(app)).toContainEqual({
        method: 'GET',
        url: '/api/feature-check/monitor',
        access: 'user',
        permission: 'monitor:view',
        feature: 'monitoring',
      });
    });

    it('refuses to declare a feature on a router that cannot check it', () => {
      const router = createRouter(Fastify({ logger: false }), { authenticate: async () => null });
      expect(() =>
        router.user({
          call: defineCall({ method: 'GET', path: '/feature-check/unchecked', response: z.null() }),
          summary: 'Unchecked',
          tags: ['test'],
          feature: 'monitoring',
          handler: async () => null,
        }),
      ).toThrow(/cannot check/);
    });
  });
});

describe('a package bounded by the licence', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const granted = { activated_at: new Date('2026-01-01T00:00:00Z'), expires_at: new Date('2026-12-31T00:00:00Z') };

  it('runs until the earlier of the grant and the licensed function', () => {
    const licenceEnd = new Date('2026-09-01T00:00:00Z');
    expect(effectiveFunction(granted, licenceEnd, now)).toEqual({ status: 'active', expiresAt: licenceEnd });
    expect(effectiveFunction(granted, new Date('2027-03-01T00:00:00Z'), now)).toEqual({
      status: 'active',
      expiresAt: granted.expires_at,
    });
  });

  it('is not activated when the licence leaves the function out, and expired when the licence ended it', () => {
    expect(effectiveFunction(granted, null, now)).toEqual({ status: 'not_activated', expiresAt: null });
    const ended = new Date('2026-05-01T00:00:00Z');
    expect(effectiveFunction(granted, ended, now)).toEqual({ status: 'expired', expiresAt: ended });
  });

  it("keeps the team's own state without a licence, and when the team has no active grant", () => {
    expect(effectiveFunction(granted, undefined, now)).toEqual({ status: 'active', expiresAt: granted.expires_at });
    expect(effectiveFunction(undefined, new Date('2027-01-01T00:00:00Z'), now)).toEqual({
      status: 'not_activated',
      expiresAt: null,
    });
  });
});
