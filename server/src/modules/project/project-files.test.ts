import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ParsedLocation, ProjectDetail } from '@sightline/shared';
import { describeOnEachDatabase, type TestServer } from '../../../test/harness.js';
import { multipartFile } from '../../../test/factories/multipart.js';
import { PNG_BYTES, buildOutsider, builtInProjectTypeId } from '../../../test/factories/project.js';
import { buildStaffedTeam, teamUsedBytes, type StaffedTeam } from '../../../test/factories/team.js';
import { listFiles, zipBuffer } from '../../../test/factories/project-model.js';

const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>S20 ring road</name>
<Placemark><LineString><coordinates>120.1,30.2 120.2,30.3 120.3,30.3</coordinates></LineString></Placemark>
</Document></kml>`;

const POLYGON = {
  type: 'Feature',
  properties: {},
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [114, 22],
        [114.1, 22],
        [114.1, 22.1],
      ],
    ],
  },
};

function upload(server: TestServer, url: string, token: string, file: ReturnType<typeof multipartFile>) {
  return server.call<Record<string, unknown>>('POST', url, { token, body: file.payload, headers: file.headers });
}

describeOnEachDatabase('project cover and location files', (server) => {
  let team: StaffedTeam;
  let bridge: number;

  beforeAll(async () => {
    team = await buildStaffedTeam(server().db);
    bridge = await builtInProjectTypeId(server().db);
  });

  const uploadCover = (data: Buffer, token = team.admin.token, options: Parameters<typeof multipartFile>[1] = {}) =>
    upload(server(), '/api/project/cover', token, multipartFile(data, { fileName: 'cover.png', ...options }));

  describe('cover', () => {
    it('stores a PNG under the team folder, counts it and serves it to the team', async () => {
      const before = await teamUsedBytes(server().db, team.id);
      const response = await uploadCover(PNG_BYTES);
      expect(response.body.code).toBe(2000);
      const coverUrl = String(response.body.data.coverUrl);
      expect(coverUrl).toMatch(new RegExp(`^/api/files/project-covers/${team.id}/cover-[0-9a-f]{24}\\.png$`));
      expect(await teamUsedBytes(server().db, team.id)).toBe(before + PNG_BYTES.length);
      const name = coverUrl.split('/').pop() ?? '';
      expect(
        fs.existsSync(path.join(server().config.FILES_DIR, 'teams', String(team.id), 'projects', 'covers', name)),
      ).toBe(true);

      const served = await server().app.inject({
        method: 'GET',
        url: coverUrl,
        headers: { authorization: `Bearer ${team.viewer.token}` },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);

      const outsider = await buildOutsider(server().db);
      const refused = await server().call('GET', coverUrl, { token: outsider.token });
      expect(refused.body.msg).toBe('notFound');
    });

    it('judges the type by content: a GIF named .png answers FILE_TYPE_ERROR and stores nothing', async () => {
      const files = listFiles(server().config.FILES_DIR);
      const before = await teamUsedBytes(server().db, team.id);
      const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
      const response = await uploadCover(gif, team.admin.token, { contentType: 'image/png' });
      expect(response.body.msg).toBe('FILE_TYPE_ERROR');
      expect(listFiles(server().config.FILES_DIR)).toEqual(files);
      expect(await teamUsedBytes(server().db, team.id)).toBe(before);
    });

    it('refuses a cover over 10 MB with FILE_TOO_LARGE', async () => {
      const big = Buffer.concat([PNG_BYTES, Buffer.alloc(10 * 1024 * 1024)]);
      const response = await uploadCover(big);
      expect(response.body).toMatchObject({ msg: 'FILE_TOO_LARGE', data: { params: { max: 10 } } });
    });

    it('asks for the file part when there is none', async () => {
      const plain = await server().call('POST', '/api/project/cover', { token: team.admin.token, body: {} });
      expect(plain.body).toMatchObject({
        msg: 'VALIDATION_ERROR',
        data: { issues: [{ path: 'file', key: 'required' }] },
      });
      const misnamed = await uploadCover(PNG_BYTES, team.admin.token, { fieldName: 'image' });
      expect(misnamed.body.msg).toBe('VALIDATION_ERROR');
    });

    it('refuses the upload with TEAM_VOLUME_EXCEED when the team is full', async () => {
      const full = await buildStaffedTeam(server().db, { volumeMaxGb: 0 });
      const response = await uploadCover(PNG_BYTES, full.admin.token);
      expect(response.body.msg).toBe('TEAM_VOLUME_EXCEED');
    });

    it('is refused to viewers with NO_AUTH', async () => {
      expect((await uploadCover(PNG_BYTES, team.viewer.token)).body.msg).toBe('NO_AUTH');
    });

    it('takes an uploaded cover for one project only, and frees the old cover when it is replaced', async () => {
      const first = String((await uploadCover(PNG_BYTES)).body.data.coverUrl);
      const created = await server().call<{ id: number }>('POST', '/api/project', {
        token: team.admin.token,
        body: { name: 'With cover', typeId: bridge, coverUrl: first },
      });
      expect(created.body.code).toBe(2000);
      const detail = await server().call<ProjectDetail>('GET', `/api/project/${created.body.data.id}`, {
        token: team.admin.token,
      });
      expect(detail.body.data.coverUrl).toBe(first);

      const outsider = await buildOutsider(server().db);
      const foreign = String((await uploadCover(PNG_BYTES, outsider.token)).body.data.coverUrl);
      for (const coverUrl of [
        first,
        foreign,
        '/api/files/project-covers/1/cover-000000000000000000000000.png',
        'http://x/y.png',
      ]) {
        const refused = await server().call('POST', '/api/project', {
          token: team.admin.token,
          body: { name: `Cover ${coverUrl.length}`, typeId: bridge, coverUrl },
        });
        expect(refused.body).toMatchObject({
          msg: 'VALIDATION_ERROR',
          data: { issues: [{ path: 'coverUrl', key: 'invalidValue' }] },
        });
      }

      const before = await teamUsedBytes(server().db, team.id);
      const second = String((await uploadCover(PNG_BYTES)).body.data.coverUrl);
      const replaced = await server().call('PUT', '/api/project', {
        token: team.admin.token,
        body: { id: created.body.data.id, coverUrl: second },
      });
      expect(replaced.body.code).toBe(2000);
      // The new cover was counted on upload and the old one given back.
      expect(await teamUsedBytes(server().db, team.id)).toBe(before);
      const gone = await server().app.inject({
        method: 'GET',
        url: first,
        headers: { authorization: `Bearer ${team.admin.token}` },
      });
      expect(gone.statusCode).toBe(404);
    });
  });

  describe('location file', () => {
    const parse = (data: Buffer, token = team.admin.token) =>
      upload(server(), '/api/project/location/parse', token, multipartFile(data, { fileName: 'route.kml' }));

    it('reads GeoJSON, KML and KMZ, with the kind and the route name', async () => {
      const polygon = await parse(Buffer.from(JSON.stringify(POLYGON)));
      expect(polygon.body.data).toMatchObject({
        kind: 'polygon',
        routeName: null,
        geojson: { type: 'FeatureCollection' },
      });
      const kml = (await parse(Buffer.from(KML))).body.data as unknown as ParsedLocation;
      expect(kml).toMatchObject({ kind: 'line', routeName: 'S20 ring road' });
      const kmz = await parse(await zipBuffer([{ name: 'doc.kml', data: KML }]));
      expect(kmz.body.data).toMatchObject({ kind: 'line', routeName: 'S20 ring road' });
    });

    it('answers PROJECT_VECTOR_FILE_ERROR with the reason for a bad file, and stores nothing', async () => {
      const files = listFiles(server().config.FILES_DIR);
      const projects = await server().db.selectFrom('projects').select('id').execute();
      const cases: Array<[Buffer, string]> = [
        [Buffer.from('name,lon,lat\nA,1,2'), 'unsupportedFormat'],
        [Buffer.from('{"type":"Point"'), 'parseError'],
        [Buffer.from(JSON.stringify({ type: 'LineString', coordinates: [[1, 1]] })), 'tooFewPoints'],
        [Buffer.from(JSON.stringify({ type: 'Point', coordinates: [200, 10] })), 'outOfRange'],
        [await zipBuffer([{ name: 'readme.txt', data: 'no shapes' }]), 'unsupportedFormat'],
      ];
      for (const [data, reason] of cases) {
        const response = await parse(data);
        expect(response.body).toMatchObject({
          code: 4000,
          msg: 'PROJECT_VECTOR_FILE_ERROR',
          data: { params: { reason } },
        });
      }
      expect(listFiles(server().config.FILES_DIR)).toEqual(files);
      expect(await server().db.selectFrom('projects').select('id').execute()).toEqual(projects);
    });

    it('is refused to viewers', async () => {
      expect((await parse(Buffer.from(KML), team.viewer.token)).body.msg).toBe('NO_AUTH');
    });
  });
});
