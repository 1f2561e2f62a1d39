import fs from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BusinessEntry, LicenceInfo, TeamFunction } from '@sightline/shared';
import { backends, describeOnEachDatabase, startTestServer, type TestServer } from '../../../test/harness.js';
import { multipartFile } from '../../../test/factories/multipart.js';
import { DAY_MS, buildStaffedTeam, setFunction } from '../../../test/factories/team.js';
import { buildUser } from '../../../test/factories/user.js';

// The server verifies with a key pair made for this test: its public half replaces the built-in one.
const testKeys = await vi.hoisted(async () => {
  const crypto = await import('node:crypto');
  return crypto.generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
});
vi.mock('./licence-public-key.js', () => ({ LICENCE_PUBLIC_KEY: testKeys.publicKey }));

interface LicenceContent {
  machineCode: string;
  issuedTo: string;
  issuedAt: string;
  expiresAt: string;
  functions: Array<{ code: string; validityDays: number }>;
}

/** A licence file as tools/licence/sign-licence.ts writes it (its own test runs the tool itself). */
function signLicence(content: LicenceContent, privateKey: string = testKeys.privateKey): string {
  const licence = JSON.stringify(content);
  const signature = sign(null, Buffer.from(licence), privateKey).toString('base64');
  return Buffer.from(JSON.stringify({ licence, signature })).toString('base64');
}

function licenceFor(machineCode: string, overrides: Partial<LicenceContent> = {}): LicenceContent {
  const now = Date.now();
  return {
    machineCode,
    issuedTo: 'Shanghai Bridge Maintenance Co.',
    issuedAt: new Date(now - 10 * DAY_MS).toISOString(),
    expiresAt: new Date(now + 100 * DAY_MS).toISOString(),
    functions: [
      { code: 'base', validityDays: 365 },
      { code: 'inspection', validityDays: 30 },
      { code: 'ai_screening', validityDays: 5 },
    ],
    ...overrides,
  };
}

describe.each(backends())('%s: licence in local mode', (backend) => {
  let server: TestServer;
  let machineCode: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { LOCAL_MODE: 'true' });
    const info = await server.call<LicenceInfo>('GET', '/api/license/info');
    machineCode = info.body.data.machineCode;
  });
  afterAll(async () => {
    await server.close();
  });

  const activate = (licence: string) =>
    server.call<LicenceInfo>('POST', '/api/license/activate', { body: { licence } });

  // In order: the deployment starts unlicensed, refuses bad files, is activated, expires, is renewed.
  it('answers unauthorized with a stable machine code', async () => {
    const info = await server.call<LicenceInfo>('GET', '/api/license/info');
    expect(info.body).toMatchObject({ code: 2000 });
    expect(info.body.data).toEqual({
      status: 'unauthorized',
      machineCode: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/),
      issuedTo: null,
      issuedAt: null,
      expiresAt: null,
      functions: [],
    });
    expect((await server.call<LicenceInfo>('GET', '/api/license/info')).body.data.machineCode).toBe(machineCode);
  });

  it('answers 5012 LICENSE_REQUIRED to every other API call, open or signed-in, known or not', async () => {
    const user = await buildUser(server.db);
    for (const [method, url, body] of [
      ['POST', '/api/web/login', { account: user.account, password: user.password }],
      ['GET', '/api/web/verification-code', undefined],
      ['POST', '/api/product-version/find/version', undefined],
      ['GET', '/api/transaction', undefined],
      ['GET', '/api/files/system/logo-0123456789abcdef.png', undefined],
      ['GET', '/api/sse/userConnect', undefined],
      ['GET', '/api/no-such-call', undefined],
    ] as const) {
      const response = await server.call(method, url, { body });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body, `${method} ${url}`).toEqual({ code: 5012, msg: 'LICENSE_REQUIRED', data: null });
    }
  });

  it('leaves the API documentation and the web app outside the gate', async () => {
    const docs = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json()).toHaveProperty('paths./api/license/activate');
    const page = await server.app.inject({ method: 'GET', url: '/authorization' });
    expect(page.statusCode).not.toBe(403);
  });

  it('refuses garbage and unreadable files with LICENSE_INFO_EXCEPTION', async () => {
    const notJson = Buffer.from('hello').toString('base64');
    const wrongShape = Buffer.from(JSON.stringify({ licence: 42 })).toString('base64');
    for (const garbage of ['not a licence at all', notJson, wrongShape, '!!!!']) {
      const response = await activate(garbage);
      expect(response.body, garbage).toMatchObject({ code: 4000, msg: 'LICENSE_INFO_EXCEPTION' });
    }
    const empty = await server.call<{ issues: unknown[] }>('POST', '/api/license/activate', { body: { licence: ' ' } });
    expect(empty.body.data.issues).toEqual([{ path: 'licence', key: 'required' }]);
    const nothing = await server.call('POST', '/api/license/activate');
    expect(nothing.body.msg).toBe('LICENSE_INFO_EXCEPTION');
  });

  it('refuses a tampered licence and one signed by another key with LICENSE_CODE_ERROR', async () => {
    const genuine = JSON.parse(Buffer.from(signLicence(licenceFor(machineCode)), 'base64').toString()) as {
      licence: string;
      signature: string;
    };
    const content = JSON.parse(genuine.licence) as LicenceContent;
    const longer = JSON.stringify({ ...content, expiresAt: new Date(Date.now() + 3650 * DAY_MS).toISOString() });
    const tampered = Buffer.from(JSON.stringify({ licence: longer, signature: genuine.signature })).toString('base64');
    expect((await activate(tampered)).body).toMatchObject({ code: 4000, msg: 'LICENSE_CODE_ERROR' });

    const shortSignature = Buffer.from(JSON.stringify({ licence: genuine.licence, signature: 'AAAA' })).toString(
      'base64',
    );
    expect((await activate(shortSignature)).body.msg).toBe('LICENSE_CODE_ERROR');

    const otherKey = generateKeyPairSync('ed25519', {
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const forged = signLicence(licenceFor(machineCode), otherKey.privateKey);
    expect((await activate(forged)).body.msg).toBe('LICENSE_CODE_ERROR');
  });

  it("refuses another machine's licence and unknown functions with LICENSE_INFO_EXCEPTION", async () => {
    const otherMachine = machineCode === 'AAAA-BBBB-CCCC-DDDD' ? 'DDDD-CCCC-BBBB-AAAA' : 'AAAA-BBBB-CCCC-DDDD';
    expect((await activate(signLicence(licenceFor(otherMachine)))).body.msg).toBe('LICENSE_INFO_EXCEPTION');
    const unknownFunction = signLicence(
      licenceFor(machineCode, { functions: [{ code: 'teleport', validityDays: 9 }] }),
    );
    expect((await activate(unknownFunction)).body.msg).toBe('LICENSE_INFO_EXCEPTION');
  });

  it('refuses an expired licence with LICENSE_EXPIRED (5012)', async () => {
    const expired = signLicence(licenceFor(machineCode, { expiresAt: new Date(Date.now() - DAY_MS).toISOString() }));
    const response = await activate(expired);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 5012, msg: 'LICENSE_EXPIRED' });
    expect((await server.call<LicenceInfo>('GET', '/api/license/info')).body.data.status).toBe('unauthorized');
  });

  it('takes a licence file as multipart, and closes the gate with LICENSE_EXPIRED when it runs out', async () => {
    const shortLived = signLicence(
      licenceFor(machineCode, { expiresAt: new Date(Date.now() + 1500).toISOString(), functions: [] }),
    );
    const { payload, headers } = multipartFile(Buffer.from(shortLived), { fileName: 'sightline.lic' });
    const response = await server.app.inject({ method: 'POST', url: '/api/license/activate', headers, payload });
    expect(response.json()).toMatchObject({ code: 2000, data: { status: 'authorized', functions: [] } });
    expect((await server.call('POST', '/api/product-version/find/version')).body.code).toBe(2000);

    await new Promise((resolve) => setTimeout(resolve, 1600));
    const gated = await server.call('POST', '/api/product-version/find/version');
    expect(gated.status).toBe(403);
    expect(gated.body).toEqual({ code: 5012, msg: 'LICENSE_EXPIRED', data: null });
    expect((await server.call<LicenceInfo>('GET', '/api/license/info')).body.data.status).toBe('expired');

    expect((await activate(signLicence(licenceFor(machineCode)))).body.data.status).toBe('authorized');
    expect((await server.call('POST', '/api/product-version/find/version')).body.code).toBe(2000);
  });
  it('activates a good licence, with per-function validity, and lifts the gate', async () => {
    const content = licenceFor(machineCode);
    const text = signLicence(content);
    const response = await activate(`${text.slice(0, 40)}\n${text.slice(40)}\n`);
    expect(response.body.code).toBe(2000);
    const issuedAt = Date.parse(content.issuedAt);
    expect(response.body.data).toEqual({
      status: 'authorized',
      machineCode,
      issuedTo: 'Shanghai Bridge Maintenance Co.',
      issuedAt: content.issuedAt,
      expiresAt: content.expiresAt,
      functions: [
        // A function outlives nothing: base's 365 days stop when the licence does.
        { code: 'base', validityDays: 365, expiresAt: content.expiresAt, active: true },
        {
          code: 'inspection',
          validityDays: 30,
          expiresAt: new Date(issuedAt + 30 * DAY_MS).toISOString(),
          active: true,
        },
        {
          code: 'ai_screening',
          validityDays: 5,
          expiresAt: new Date(issuedAt + 5 * DAY_MS).toISOString(),
          active: false,
        },
      ],
    });
    expect((await server.call<LicenceInfo>('GET', '/api/license/info')).body.data).toEqual(response.body.data);

    const user = await buildUser(server.db);
    const token = await server.login(user.account, user.password);
    expect((await server.call('GET', '/api/web/check', { token })).body.code).toBe(2000);

    const stored = await server.db.selectFrom('licences').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ machine_code: machineCode, licence_text: text, functions: content.functions });
    const file = fs.readFileSync(path.join(server.config.DATA_DIR, 'licence', 'licence.lic'), 'utf8');
    expect(file.trim()).toBe(text);
  });

  it("bounds the teams' function packages by the licence's functions", async () => {
    const content = licenceFor(machineCode);
    await activate(signLicence(content));
    const team = await buildStaffedTeam(server.db);
    const grantedFor = (days: number) => ({ activatedAt: new Date(), expiresAt: new Date(Date.now() + days * DAY_MS) });
    await setFunction(server.db, { teamId: team.id, code: 'ai_screening', ...grantedFor(365) });
    await setFunction(server.db, { teamId: team.id, code: 'monitoring', ...grantedFor(365) });

    const functions = await server.call<TeamFunction[]>('GET', '/api/team-client/function', {
      token: team.owner.token,
    });
    const state = (code: string) => functions.body.data.find((item) => item.code === code);
    expect(state('base')).toMatchObject({ status: 'active', expiresAt: content.expiresAt });
    expect(state('inspection')).toMatchObject({
      status: 'active',
      expiresAt: new Date(Date.parse(content.issuedAt) + 30 * DAY_MS).toISOString(),
    });
    expect(state('ai_screening')).toMatchObject({ status: 'expired' });
    expect(state('monitoring')).toMatchObject({ status: 'not_activated', expiresAt: null });

    const entries = await server.call<BusinessEntry[]>('GET', '/api/team-client/business/list', {
      token: team.owner.token,
    });
    const enabled = entries.body.data.filter((entry) => entry.enabled).map((entry) => entry.functionCode);
    expect(enabled).toContain('inspection');
    expect(enabled).not.toContain('monitoring');
  });

  it('replaces the licence in force only with one that runs at least as long (LICENSE_NOT_NEWER)', async () => {
    const inForce = (await server.call<LicenceInfo>('GET', '/api/license/info')).body.data;
    const shorter = signLicence(
      licenceFor(machineCode, { expiresAt: new Date(Date.now() + 50 * DAY_MS).toISOString() }),
    );
    expect((await activate(shorter)).body).toMatchObject({ code: 4000, msg: 'LICENSE_NOT_NEWER' });
    expect((await server.call<LicenceInfo>('GET', '/api/license/info')).body.data).toEqual(inForce);

    const longer = licenceFor(machineCode, { expiresAt: new Date(Date.now() + 200 * DAY_MS).toISOString() });
    const renewed = await activate(signLicence(longer));
    expect(renewed.body.data).toMatchObject({ status: 'authorized', expiresAt: longer.expiresAt });
  });
});

describeOnEachDatabase('licence in hosted mode', (server) => {
  it('needs no licence: calls answer, and the licence calls do not exist', async () => {
    expect((await server().call('POST', '/api/product-version/find/version')).body.code).toBe(2000);
    const info = await server().call('GET', '/api/license/info');
    expect(info.status).toBe(404);
    expect(info.body.msg).toBe('notFound');
  });
});
