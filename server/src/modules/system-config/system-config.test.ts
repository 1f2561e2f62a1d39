import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DictionaryEntry } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { multipartFile } from '../../../test/factories/multipart.js';
import { buildStaffedTeam } from '../../../test/factories/team.js';
import { buildSignedInUser } from '../../../test/factories/user.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(32)]);
const SVG =
  '<?xml version="1.0"?>\n<!-- company mark -->\n<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>';

describeOnEachDatabase('system config', (server) => {
  async function staffedTeam() {
    const team = await buildStaffedTeam(server().db);
    // On the hosted service deployment settings belong to the operator's corporate management.
    const operator = await buildSignedInUser(server().db, { teamId: team.id, role: 'ROLE_CORP_MANAGEMENT' });
    return { ...team, operatorToken: operator.token };
  }

  async function upload(
    token: string,
    file: { filename: string; data: Buffer | string; contentType?: string },
    entry?: 'logo' | 'icon',
  ) {
    const { payload, headers } = multipartFile(Buffer.from(file.data), {
      fileName: file.filename,
      contentType: file.contentType,
    });
    const response = await server().app.inject({
      method: 'POST',
      url: '/api/dictionary-data/system/logo',
      query: entry ? { entry } : {},
      headers: { ...headers, authorization: `Bearer ${token}` },
      payload,
    });
    return {
      status: response.statusCode,
      body: response.json() as { code: number; msg: string; data: DictionaryEntry },
    };
  }

  const config = async () =>
    (await server().call<DictionaryEntry[]>('GET', '/api/dictionary-data/find/system/config')).body.data;
  const valueOf = async (key: string) => (await config()).find((entry) => entry.key === key)?.value;
  const update = (token: string, entries: unknown) =>
    server().call<DictionaryEntry[] & { issues: unknown[] }>('PUT', '/api/dictionary-data/system/config', {
      token,
      body: { entries },
    });

  // These tests share one deployment's settings, so they run in order and each states what it expects.
  describe('company name, logo and icon', () => {
    it('answers the built-in defaults to anyone', async () => {
      expect(await config()).toEqual([
        { key: 'companyName', value: 'Sightline' },
        { key: 'logo', value: '/favicon.svg' },
        { key: 'icon', value: '/favicon.svg' },
      ]);
    });

    it('lets the operator change them, and nobody else, team owners included (NO_AUTH)', async () => {
      const team = await staffedTeam();
      for (const token of [team.owner.token, team.admin.token, team.viewer.token]) {
        expect((await update(token, [{ key: 'companyName', value: 'Bridgeworks' }])).body.msg).toBe('NO_AUTH');
      }
      const response = await update(team.operatorToken, [
        { key: 'companyName', value: '  Bridgeworks Ltd  ' },
        { key: 'icon', value: '/brand/icon.png' },
      ]);
      expect(response.body.code).toBe(2000);
      expect(response.body.data).toEqual([
        { key: 'companyName', value: 'Bridgeworks Ltd' },
        { key: 'logo', value: '/favicon.svg' },
        { key: 'icon', value: '/brand/icon.png' },
      ]);
      expect(await config()).toEqual(response.body.data);
    });

    it('validates keys and values: site paths only, names required and short', async () => {
      const team = await staffedTeam();
      const invalid = await update(team.operatorToken, [
        { key: 'companyName', value: '   ' },
        { key: 'logo', value: 'https://elsewhere.example/logo.png' },
        { key: 'favicon', value: '/x.png' },
      ]);
      expect(invalid.status).toBe(400);
      expect(invalid.body.data.issues).toEqual(
        expect.arrayContaining([
          { path: 'entries.0.value', key: 'required' },
          { path: 'entries.1.value', key: 'invalidValue' },
          { path: 'entries.2.key', key: 'invalidValue' },
        ]),
      );
      const long = await update(team.operatorToken, [{ key: 'companyName', value: 'x'.repeat(51) }]);
      expect(long.body.data.issues).toEqual([{ path: 'entries.0.value', key: 'tooLong', params: { max: 50 } }]);
      expect((await update(team.operatorToken, [])).body.data.issues).toEqual([{ path: 'entries', key: 'required' }]);
      const traversal = await update(team.operatorToken, [{ key: 'logo', value: '/api/../secret.png' }]);
      expect(traversal.body.data.issues).toEqual([{ path: 'entries.0.value', key: 'invalidValue' }]);
      const missingUpload = await update(team.operatorToken, [
        { key: 'logo', value: '/api/files/system/logo-0123456789abcdef.png' },
      ]);
      expect(missingUpload.body.data.issues).toEqual([{ path: 'entries.0.value', key: 'invalidValue' }]);
    });
  });

  describe('logo upload', () => {
    it('stores a PNG, JPEG or SVG by content and serves it publicly', async () => {
      const team = await staffedTeam();
      const png = await upload(team.operatorToken, { filename: 'logo.png', data: PNG, contentType: 'image/png' });
      expect(png.body.code).toBe(2000);
      expect(png.body.data).toEqual({
        key: 'logo',
        value: expect.stringMatching(/^\/api\/files\/system\/logo-[0-9a-f]{16}\.png$/),
      });
      expect(await valueOf('logo')).toBe(png.body.data.value);
      const served = await server().app.inject({ method: 'GET', url: png.body.data.value });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);

      // A JPEG sent under a misleading name and type is still stored as what its bytes are.
      const jpeg = await upload(
        team.operatorToken,
        { filename: 'icon.svg', data: JPEG, contentType: 'image/svg+xml' },
        'icon',
      );
      expect(jpeg.body.data).toEqual({
        key: 'icon',
        value: expect.stringMatching(/^\/api\/files\/system\/icon-[0-9a-f]{16}\.jpg$/),
      });
      expect(await valueOf('icon')).toBe(jpeg.body.data.value);

      const svg = await upload(team.operatorToken, { filename: 'mark.svg', data: SVG });
      const servedSvg = await server().app.inject({ method: 'GET', url: svg.body.data.value });
      expect(servedSvg.headers['content-type']).toBe('image/svg+xml');
      expect(servedSvg.headers['content-security-policy']).toContain("default-src 'none'");
      expect(servedSvg.body).toBe(SVG);
    });

    it('removes a replaced upload unless another entry still shows it', async () => {
      const team = await staffedTeam();
      const first = await upload(team.operatorToken, { filename: 'a.png', data: PNG });
      // The icon takes the same file: replacing the logo must keep it.
      await update(team.operatorToken, [{ key: 'icon', value: first.body.data.value }]);
      const second = await upload(team.operatorToken, { filename: 'b.png', data: PNG });
      expect((await server().app.inject({ method: 'GET', url: first.body.data.value })).statusCode).toBe(200);
      await update(team.operatorToken, [{ key: 'icon', value: '/favicon.svg' }]);
      const gone = await server().app.inject({ method: 'GET', url: first.body.data.value });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ msg: 'notFound' });
      expect((await server().app.inject({ method: 'GET', url: second.body.data.value })).statusCode).toBe(200);
    });

    it('refuses other content (FILE_TYPE_ERROR), big files (FILE_TOO_LARGE), no file, and other roles', async () => {
      const team = await staffedTeam();
      const before = await valueOf('logo');
      const text = await upload(team.operatorToken, {
        filename: 'logo.png',
        data: 'not an image',
        contentType: 'image/png',
      });
      expect(text.body).toMatchObject({ code: 4000, msg: 'FILE_TYPE_ERROR' });
      const html = await upload(team.operatorToken, { filename: 'logo.svg', data: '<html><svg></svg></html>' });
      expect(html.body.msg).toBe('FILE_TYPE_ERROR');
      const big = await upload(team.operatorToken, {
        filename: 'logo.png',
        data: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
      });
      expect(big.status).toBe(413);
      expect(big.body).toMatchObject({ msg: 'FILE_TOO_LARGE', data: { params: { max: 2 } } });
      const none = await server().call<{ issues: unknown[] }>('POST', '/api/dictionary-data/system/logo', {
        token: team.operatorToken,
        body: {},
      });
      expect(none.body.data.issues).toEqual([{ path: 'file', key: 'required' }]);
      const badEntry = await server().call<{ issues: unknown[] }>('POST', '/api/dictionary-data/system/logo', {
        token: team.operatorToken,
        query: { entry: 'banner' },
      });
      expect(badEntry.body.data.issues).toEqual([{ path: 'querystring.entry', key: 'invalidValue' }]);
      expect((await upload(team.admin.token, { filename: 'logo.png', data: PNG })).body.msg).toBe('NO_AUTH');
      expect(await valueOf('logo')).toBe(before);
    });

    it('serves nothing but uploaded system images', async () => {
      for (const url of [
        '/api/files/system/logo-0123456789abcdef.png',
        '/api/files/system/..%2F..%2Fpglite',
        '/api/files/system/x.txt',
      ]) {
        const response = await server().app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
    });
  });

  describe('dictionary data and file store', () => {
    it('lists the image categories', async () => {
      const response = await server().call('GET', '/api/dictionary-data/find/system/img/category');
      expect(response.body.data).toEqual([
        { key: 'normal', value: 'normal' },
        { key: 'cable', value: 'cable' },
      ]);
    });

    it('answers the entries of a category, the system config with its defaults filled in', async () => {
      const find = (category: unknown) =>
        server().call<DictionaryEntry[] & { issues: unknown[] }>('POST', '/api/dictionary-data/findData', {
          body: { category },
        });
      expect((await find('image-category')).body.data.map((entry) => entry.key)).toEqual(['normal', 'cable']);
      expect((await find('system-config')).body.data).toEqual(await config());
      expect((await find('register-post')).body.data).toContainEqual({ key: 'engineer', value: 'engineer' });
      expect((await find('no-such-category')).body.data).toEqual([]);
      expect((await find('  ')).body.data.issues).toEqual([{ path: 'category', key: 'required' }]);
    });

    it('tells the web where stored files are, without any access key', async () => {
      for (const url of ['/api/global-config/getMinioKey', '/api/global-config/web/getMinioKey']) {
        const response = await server().call('GET', url);
        expect(response.body.data).toEqual({ endpoint: '/api/files', bucket: null, ip: 'localhost', port: 0 });
      }
    });
  });
});
