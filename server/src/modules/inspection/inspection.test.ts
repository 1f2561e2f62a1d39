import { beforeAll, describe, expect, it } from 'vitest';
import {
  INSPECTION_IMAGE_UPLOAD_PATH,
  type CameraParam,
  type ImageGroup,
  type InspectionDetail,
  type InspectionInfo,
  type Page,
  type Inspection,
  type RecycleItem,
} from '@sightline/shared';
import { missingFixtureMessage, readFixture } from '@sightline/imagery/test-fixtures';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { multipartFile } from '../../../test/factories/multipart.js';
import { tusClient } from '../../../test/factories/project-model.js';
import { buildOutsider, buildProject, buildProjectScene } from '../../../test/factories/project.js';
import { DAY_MS, buildStaffedTeam, setFunction, type StaffedTeam } from '../../../test/factories/team.js';
import { TEST_PASSWORD, addMembership } from '../../../test/factories/user.js';
import { fieldKeys, type Issues } from '../../../test/validation.js';
import { listenOnLoopback } from '../../../test/listen.js';

const CAMERA_CSV = [
  'model,sensorWidthMm,sensorHeightMm,focalLengthMm,imageWidthPx,imageHeightPx',
  'M3E,17.3,13,12.29,5280,3956',
  'ZH20T,7.6,5.7,4.5,5184,3888',
].join('\n');

const GROUP_PHOTO = readFixture('drone-photos', 'DJI_0012.JPG');
if (!GROUP_PHOTO) console.warn(missingFixtureMessage('drone-photos', 'DJI_0012.JPG'));

describeOnEachDatabase('inspections', (server) => {
  let team: StaffedTeam;
  let projectId: number;
  let cameras: CameraParam[];

  const importCameras = (data: string, token = team.admin.token, fileName = 'cameras.csv') => {
    const file = multipartFile(Buffer.from(data), { fileName });
    return server().call<{ added: number; updated: number } & Issues>('POST', '/api/camera-param/import', {
      token,
      body: file.payload,
      headers: file.headers,
    });
  };
  const create = (body: Record<string, unknown>, token = team.admin.token) =>
    server().call<InspectionDetail>('POST', '/api/inspection-task/add', {
      token,
      body: { projectId, name: 'Spring 2026', inspectionDate: '2026-04-01', ...body },
    });
  const created = async (body: Record<string, unknown> = {}, token = team.admin.token) => {
    const response = await create(body, token);
    expect(response.body).toMatchObject({ code: 2000 });
    return response.body.data;
  };
  const get = (id: number, token = team.admin.token) =>
    server().call<InspectionDetail>('GET', '/api/inspection-task', { token, query: { id: String(id) } });
  const list = (query: Record<string, string> = {}, token = team.admin.token) =>
    server().call<Page<Inspection>>('GET', '/api/inspection-task/list', {
      token,
      query: { projectId: String(projectId), ...query },
    });
  const remove = (id: number, token = team.admin.token) =>
    server().call('DELETE', '/api/inspection-task', { token, query: { id: String(id) } });
  const isRecycled = (id: number, token = team.admin.token) =>
    server().call<{ recycled: boolean }>('GET', `/api/inspection-task/isRecycle/${id}`, { token });
  const addGroup = (body: Record<string, unknown>, token = team.admin.token) =>
    server().call<ImageGroup>('POST', '/api/inspection-image-group', {
      token,
      body: { cameraParamId: cameras[0]!.id, photoDistance: 5, ...body },
    });
  const tree = (inspectionId: number, token = team.admin.token) =>
    server().call<Array<ImageGroup & { children: unknown[] }>>('GET', '/api/inspection-image-group/tree', {
      token,
      query: { inspectionId: String(inspectionId) },
    });

  beforeAll(async () => {
    ({ team, projectId } = await buildProjectScene(server().db));
    expect((await importCameras(CAMERA_CSV)).body).toMatchObject({ code: 2000, data: { added: 2, updated: 0 } });
    cameras = (await server().call<CameraParam[]>('GET', '/api/camera-param/list', { token: team.viewer.token })).body
      .data;
  });

  describe('camera parameters', () => {
    it('lists the imported cameras and updates a model imported again (JSON)', async () => {
      expect(cameras.map(({ id: _id, ...camera }) => camera)).toEqual([
        {
          model: 'M3E',
          sensorWidthMm: 17.3,
          sensorHeightMm: 13,
          focalLengthMm: 12.29,
          imageWidthPx: 5280,
          imageHeightPx: 3956,
        },
        {
          model: 'ZH20T',
          sensorWidthMm: 7.6,
          sensorHeightMm: 5.7,
          focalLengthMm: 4.5,
          imageWidthPx: 5184,
          imageHeightPx: 3888,
        },
      ]);
      const other = await buildStaffedTeam(server().db);
      const json = JSON.stringify([
        {
          model: 'M3E',
          sensorWidthMm: 17.3,
          sensorHeightMm: 13,
          focalLengthMm: 12.3,
          imageWidthPx: 5280,
          imageHeightPx: 3956,
        },
        {
          model: 'P1',
          sensorWidthMm: 35.9,
          sensorHeightMm: 24,
          focalLengthMm: 35,
          imageWidthPx: 8192,
          imageHeightPx: 5460,
        },
      ]);
      expect((await importCameras(json, other.admin.token, 'cameras.json')).body.data).toEqual({
        added: 2,
        updated: 0,
      });
      expect((await importCameras(json, other.admin.token, 'cameras.json')).body.data).toEqual({
        added: 0,
        updated: 2,
      });
      const theirs = await server().call<CameraParam[]>('GET', '/api/camera-param/list', { token: other.owner.token });
      expect(theirs.body.data.map((camera) => [camera.model, camera.focalLengthMm])).toEqual([
        ['M3E', 12.3],
        ['P1', 35],
      ]);
      // Each team has its own list.
      const ours = await server().call<CameraParam[]>('GET', '/api/camera-param/list', { token: team.owner.token });
      expect(ours.body.data.find((camera) => camera.model === 'M3E')?.focalLengthMm).toBe(12.29);
    });

    it('refuses a bad file with an issue per bad row and imports nothing from it', async () => {
      const response = await importCameras(
        [
          'model,sensorWidthMm,sensorHeightMm,focalLengthMm,imageWidthPx,imageHeightPx',
          'Good one,13.2,8.8,8.8,5472,3648',
          ',13.2,8.8,8.8,5472,3648',
          'Bad numbers,-1,abc,0,5472.5,',
          'Good one,13.2,8.8,8.8,5472,3648',
          `${'x'.repeat(65)},13.2,8.8,8.8,5472,3648`,
        ].join('\n'),
      );
      expect(response.status).toBe(400);
      expect(response.body.msg).toBe('VALIDATION_ERROR');
      expect(fieldKeys(response.body)).toEqual({
        'rows.1.model': 'required',
        'rows.2.sensorWidthMm': 'invalidValue',
        'rows.2.sensorHeightMm': 'invalidValue',
        'rows.2.focalLengthMm': 'invalidValue',
        'rows.2.imageWidthPx': 'invalidValue',
        'rows.2.imageHeightPx': 'required',
        'rows.3.model': 'duplicateName',
        'rows.4.model': 'tooLong',
      });
      const after = await server().call<CameraParam[]>('GET', '/api/camera-param/list', { token: team.admin.token });
      expect(after.body.data.map((camera) => camera.model)).toEqual(['M3E', 'ZH20T']);
    });

    it('refuses an empty file, unreadable JSON and a request without a file', async () => {
      expect(fieldKeys((await importCameras('  ')).body)).toEqual({ file: 'required' });
      expect(fieldKeys((await importCameras('[{"model": ')).body)).toEqual({ file: 'invalidValue' });
      expect(fieldKeys((await importCameras('{"other": []}')).body)).toEqual({ file: 'invalidValue' });
      const bare = await server().call('POST', '/api/camera-param/import', { token: team.admin.token, body: {} });
      expect(bare.body.msg).toBe('VALIDATION_ERROR');
    });

    it('lets only roles that edit inspections import', async () => {
      expect((await importCameras(CAMERA_CSV, team.inspector.token)).body.msg).toBe('NO_AUTH');
      expect((await importCameras(CAMERA_CSV, team.viewer.token)).body.msg).toBe('NO_AUTH');
    });
  });

  describe('create, read, edit', () => {
    it('creates an inspection with image groups and reads it back', async () => {
      const inspection = await created({
        name: '  Deck 2026 ',
        description: 'Annual deck survey',
        imageGroups: [
          { name: 'Deck', cameraParamId: cameras[0]!.id, photoDistance: 8 },
          { name: 'Piers', cameraParamId: cameras[1]!.id, photoDistance: 15 },
        ],
      });
      expect(inspection).toMatchObject({
        projectId,
        name: 'Deck 2026',
        description: 'Annual deck survey',
        previousInspection: null,
        inspectionDate: '2026-04-01',
        createdBy: { userId: team.admin.id },
        imageGroupCount: 2,
      });
      expect(inspection.imageGroups.map((group) => [group.name, group.camera.model, group.photoDistance])).toEqual([
        ['Deck', 'M3E', 8],
        ['Piers', 'ZH20T', 15],
      ]);
      expect((await get(inspection.id, team.inspector.token)).body.data).toEqual(inspection);
      const info = await server().call<InspectionInfo>('GET', '/api/inspection-task/info', {
        token: team.viewer.token,
        query: { id: String(inspection.id) },
      });
      // The viewer is no member of the project: the project check hides it.
      expect(info.body.msg).toBe('PROJECT_NO_ERROR');
      const asInspector = await server().call<InspectionInfo>('GET', '/api/inspection-task/info', {
        token: team.inspector.token,
        query: { id: String(inspection.id) },
      });
      expect(asInspector.body.data).toMatchObject({ ...inspection, aiStatus: 'NOT_EXISTING' });
      expect(asInspector.body.data.projectName).toMatch(/^Project /);
    });

    it('edits the fields and links and unlinks a previous inspection, refusing loops', async () => {
      const first = await created({ name: 'First', inspectionDate: '2025-04-01' });
      const second = await created({ name: 'Second', previousInspectionId: first.id });
      expect(second.previousInspection).toEqual({ id: first.id, name: 'First' });
      const third = await created({ name: 'Third', previousInspectionId: second.id });

      const edit = (body: Record<string, unknown>) =>
        server().call<InspectionDetail>('PUT', '/api/inspection-task', {
          token: team.admin.token,
          body: { name: 'First', inspectionDate: '2025-04-02', ...body },
        });
      // first <- second <- third: first may not take third (or itself) as its previous inspection.
      expect((await edit({ id: first.id, previousInspectionId: third.id })).body.msg).toBe('INSPECTION_PREVIOUS_ERROR');
      expect((await edit({ id: first.id, previousInspectionId: first.id })).body.msg).toBe('INSPECTION_PREVIOUS_ERROR');
      const candidates = await server().call<Array<{ id: number }>>('GET', '/api/inspection-task/find/old/inspection', {
        token: team.inspector.token,
        query: { projectId: String(projectId), id: String(first.id) },
      });
      const ids = candidates.body.data.map((candidate) => candidate.id);
      expect(ids).not.toContain(first.id);
      expect(ids).not.toContain(second.id);
      expect(ids).not.toContain(third.id);

      const edited = await edit({ id: third.id, name: 'Third b', description: 'x', previousInspectionId: first.id });
      expect(edited.body.data).toMatchObject({
        name: 'Third b',
        description: 'x',
        inspectionDate: '2025-04-02',
        previousInspection: { id: first.id, name: 'First' },
      });
      // Left out, the previous inspection stays; null clears it.
      expect((await edit({ id: third.id })).body.data.previousInspection).toEqual({ id: first.id, name: 'First' });
      expect((await edit({ id: third.id, previousInspectionId: null })).body.data.previousInspection).toBeNull();
      expect((await edit({ id: 999_999 })).body.msg).toBe('INSPECTION_NOT_EXISTING');
    });

    it('refuses a previous inspection of another project', async () => {
      const otherProject = await buildProject(server().db, { teamId: team.id });
      const foreign = await created({ projectId: otherProject.id });
      expect((await create({ previousInspectionId: foreign.id })).body.msg).toBe('INSPECTION_PREVIOUS_ERROR');
      expect((await create({ previousInspectionId: 999_999 })).body.msg).toBe('INSPECTION_PREVIOUS_ERROR');
    });

    it('checks every field', async () => {
      const bad = await create({
        name: ' ',
        description: 'd'.repeat(501),
        inspectionDate: '2026-02-30',
        previousInspectionId: 1.5,
        imageGroups: [
          { name: 'x'.repeat(11), cameraParamId: cameras[0]!.id, photoDistance: 0 },
          { name: 'ok', cameraParamId: 'one', photoDistance: 2.5 },
        ],
      });
      expect(bad.status).toBe(400);
      expect(fieldKeys(bad.body)).toEqual({
        name: 'required',
        description: 'tooLong',
        inspectionDate: 'invalidValue',
        previousInspectionId: 'invalidValue',
        'imageGroups.0.name': 'tooLong',
        'imageGroups.0.photoDistance': 'invalidValue',
        'imageGroups.1.cameraParamId': 'invalidValue',
        'imageGroups.1.photoDistance': 'invalidValue',
      });
      expect(fieldKeys((await create({ name: 'n'.repeat(51), inspectionDate: '1.4.2026' })).body)).toEqual({
        name: 'tooLong',
        inspectionDate: 'invalidValue',
      });
      const twice = await create({
        imageGroups: [
          { name: 'Deck', cameraParamId: cameras[0]!.id, photoDistance: 1 },
          { name: 'Deck', cameraParamId: cameras[1]!.id, photoDistance: 2 },
        ],
      });
      expect(fieldKeys(twice.body)).toEqual({ 'imageGroups.1.name': 'duplicateName' });
    });

    it('refuses a camera of another team and writes nothing', async () => {
      const other = await buildStaffedTeam(server().db);
      await importCameras(CAMERA_CSV, other.admin.token);
      const theirs = await server().call<CameraParam[]>('GET', '/api/camera-param/list', { token: other.admin.token });
      const before = (await list()).body.data.total;
      const response = await create({
        name: 'Foreign camera',
        imageGroups: [{ name: 'A', cameraParamId: theirs.body.data[0]!.id, photoDistance: 3 }],
      });
      expect(response.body.msg).toBe('CAMERA_PARAM_NOT_EXISTING');
      expect((await list()).body.data.total).toBe(before);
    });
  });

  describe('listing', () => {
    it("pages a project's inspections, latest date first, and filters by keyword", async () => {
      const { projectId: own } = await buildProjectScene(server().db).then(async (scene) => {
        // A project of this team, whose only member is the inspector.
        const project = await buildProject(server().db, { teamId: team.id, memberIds: [team.inspector.id] });
        return { ...scene, projectId: project.id };
      });
      await created({ projectId: own, name: 'Older 50%', inspectionDate: '2024-05-01' });
      const newest = await created({ projectId: own, name: 'Newest', inspectionDate: '2026-05-01' });
      await created({ projectId: own, name: 'Middle', inspectionDate: '2025-05-01' });
      const page = await list({ projectId: String(own), pageSize: '2' }, team.inspector.token);
      expect(page.body.data).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
      expect(page.body.data.records.map((record) => record.name)).toEqual(['Newest', 'Middle']);
      const second = await list({ projectId: String(own), pageSize: '2', pageNum: '2' });
      expect(second.body.data.records.map((record) => record.name)).toEqual(['Older 50%']);
      expect((await list({ projectId: String(own), keyword: '50%' })).body.data.total).toBe(1);
      expect((await list({ projectId: String(own), keyword: 'dle' })).body.data.records[0]?.name).toBe('Middle');
      expect(newest.imageGroupCount).toBe(0);
    });
  });

  describe('rights', () => {
    it('lets only the roles of SPEC section 6 create, edit and delete', async () => {
      const inspection = await created();
      expect((await create({}, team.inspector.token)).body.msg).toBe('NO_AUTH');
      expect((await create({}, team.viewer.token)).body.msg).toBe('NO_AUTH');
      const edit = await server().call('PUT', '/api/inspection-task', {
        token: team.inspector.token,
        body: { id: inspection.id, name: 'x', inspectionDate: '2026-01-01' },
      });
      expect(edit.body.msg).toBe('NO_AUTH');
      expect((await remove(inspection.id, team.inspector.token)).body.msg).toBe('NO_AUTH');
      expect((await addGroup({ inspectionId: inspection.id, name: 'G' }, team.inspector.token)).body.msg).toBe(
        'NO_AUTH',
      );
      // Owners may, like administrators.
      expect((await create({}, team.owner.token)).body.code).toBe(2000);
    });

    it('hides inspections of other teams and of projects the caller is no member of', async () => {
      const inspection = await created();
      const outsider = await buildOutsider(server().db);
      expect((await get(inspection.id, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await list({}, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await create({}, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await remove(inspection.id, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await isRecycled(inspection.id, outsider.token)).body.msg).toBe('INSPECTION_NOT_EXISTING');
      expect((await tree(inspection.id, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
      // The viewer is no member of this project.
      expect((await get(inspection.id, team.viewer.token)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await get(999_999)).body.msg).toBe('INSPECTION_NOT_EXISTING');
    });

    it('needs the inspection function package', async () => {
      const other = await buildProjectScene(server().db);
      await setFunction(server().db, {
        teamId: other.team.id,
        code: 'inspection',
        activatedAt: new Date(Date.now() - 30 * DAY_MS),
        expiresAt: new Date(Date.now() - DAY_MS),
      });
      const response = await server().call('GET', '/api/inspection-task/list', {
        token: other.team.admin.token,
        query: { projectId: String(other.projectId) },
      });
      expect(response.body.msg).toBe('TEAM_FUNCTION_INACTIVE');
      const cameraList = await server().call('GET', '/api/camera-param/list', { token: other.team.admin.token });
      expect(cameraList.body.msg).toBe('TEAM_FUNCTION_INACTIVE');
    });
  });

  describe('image groups', () => {
    it('adds, edits, lists and deletes groups with unique names', async () => {
      const inspection = await created({
        imageGroups: [{ name: 'Deck', cameraParamId: cameras[0]!.id, photoDistance: 8 }],
      });
      const piers = await addGroup({ inspectionId: inspection.id, name: 'Piers', photoDistance: 12 });
      expect(piers.body.data).toMatchObject({ inspectionId: inspection.id, name: 'Piers', photoDistance: 12 });
      const duplicate = await addGroup({ inspectionId: inspection.id, name: 'Deck' });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.msg).toBe('INSPECTION_IMAGE_GROUP_NAME_EXISTING');
      // Another inspection may use the same name.
      const elsewhere = await created();
      expect((await addGroup({ inspectionId: elsewhere.id, name: 'Deck' })).body.code).toBe(2000);

      const update = (id: number, body: Record<string, unknown>) =>
        server().call<ImageGroup>('PUT', `/api/inspection-image-group/${id}`, {
          token: team.admin.token,
          body: { name: 'Piers', cameraParamId: cameras[1]!.id, photoDistance: 20, ...body },
        });
      expect((await update(piers.body.data.id, {})).body.data).toMatchObject({
        name: 'Piers',
        photoDistance: 20,
        camera: { model: 'ZH20T' },
      });
      expect((await update(piers.body.data.id, { name: 'Deck' })).body.msg).toBe(
        'INSPECTION_IMAGE_GROUP_NAME_EXISTING',
      );
      expect((await update(999_999, {})).body.msg).toBe('INSPECTION_IMAGE_GROUP_NOT_EXISTING');
      expect((await update(piers.body.data.id, { cameraParamId: 999_999 })).body.msg).toBe('CAMERA_PARAM_NOT_EXISTING');

      const groups = await tree(inspection.id, team.inspector.token);
      expect(groups.body.data.map((group) => [group.name, group.children])).toEqual([
        [
          'Deck',
          [
            { category: 'normal', imageCount: 0 },
            { category: 'cable', imageCount: 0 },
          ],
        ],
        [
          'Piers',
          [
            { category: 'normal', imageCount: 0 },
            { category: 'cable', imageCount: 0 },
          ],
        ],
      ]);
      const removed = await server().call('DELETE', `/api/inspection-image-group/${piers.body.data.id}`, {
        token: team.admin.token,
      });
      expect(removed.body).toMatchObject({ code: 2000, data: null });
      expect((await tree(inspection.id)).body.data.map((group) => group.name)).toEqual(['Deck']);
      const again = await server().call('DELETE', `/api/inspection-image-group/${piers.body.data.id}`, {
        token: team.admin.token,
      });
      expect(again.body.msg).toBe('INSPECTION_IMAGE_GROUP_NOT_EXISTING');
    });

    it('checks names and photo distances', async () => {
      const inspection = await created();
      const check = async (body: Record<string, unknown>) =>
        fieldKeys((await addGroup({ inspectionId: inspection.id, ...body })).body);
      expect(await check({ name: '' })).toEqual({ name: 'required' });
      expect(await check({ name: '12345678901' })).toEqual({ name: 'tooLong' });
      expect(await check({ name: 'A', photoDistance: 0 })).toEqual({ photoDistance: 'invalidValue' });
      expect(await check({ name: 'A', photoDistance: -3 })).toEqual({ photoDistance: 'invalidValue' });
      expect(await check({ name: 'A', photoDistance: 1.5 })).toEqual({ photoDistance: 'invalidValue' });
      expect(await check({ name: 'A', photoDistance: '5' })).toEqual({ photoDistance: 'invalidValue' });
      expect(await check({ name: 'A', photoDistance: undefined })).toEqual({ photoDistance: 'required' });
      // Ten characters, of any script, are allowed.
      expect((await addGroup({ inspectionId: inspection.id, name: '桥面一二三四五六七八' })).body.code).toBe(2000);
      expect((await addGroup({ inspectionId: 999_999, name: 'A' })).body.msg).toBe('INSPECTION_NOT_EXISTING');
    });

    it.skipIf(!GROUP_PHOTO)('refuses to delete a group that holds images, and counts them in the tree', async () => {
      const inspection = await created({
        imageGroups: [{ name: 'Full', cameraParamId: cameras[0]!.id, photoDistance: 8 }],
      });
      const groupId = inspection.imageGroups[0]!.id;
      // A real photo, uploaded over tus by an inspector.
      const baseUrl = await listenOnLoopback(server().app);
      const client = tusClient(baseUrl, team.inspector.token, INSPECTION_IMAGE_UPLOAD_PATH);
      const upload = await client.create(GROUP_PHOTO!.length, {
        inspectionId: String(inspection.id),
        imageGroupId: String(groupId),
        category: 'cable',
        filename: 'DJI_0012.JPG',
      });
      expect(upload.response.status).toBe(201);
      expect((await client.patch(upload.url!, 0, GROUP_PHOTO!)).status).toBe(204);

      const refused = await server().call('DELETE', `/api/inspection-image-group/${groupId}`, {
        token: team.admin.token,
      });
      expect(refused.body.msg).toBe('INSPECTION_IMAGE_GROUP_HAS_IMAGES');
      const [group] = (await tree(inspection.id)).body.data;
      expect(group?.children).toEqual([
        { category: 'normal', imageCount: 0 },
        { category: 'cable', imageCount: 1 },
      ]);
    });
  });

  describe('recycle bin', () => {
    const binItem = async (inspectionId: number) =>
      await server()
        .db.selectFrom('recycle_items')
        .select(['id', 'team_id', 'parent_item_id'])
        .where('kind', '=', 'inspection')
        .where('entity_id', '=', inspectionId)
        .executeTakeFirst();

    it('deletes to the bin, lists it there, restores it intact and purges it', async () => {
      const inspection = await created({
        name: 'Binned',
        imageGroups: [{ name: 'Deck', cameraParamId: cameras[0]!.id, photoDistance: 8 }],
      });
      const next = await created({ name: 'Next', previousInspectionId: inspection.id });
      expect((await isRecycled(inspection.id)).body.data).toEqual({ recycled: false });
      expect((await remove(inspection.id)).body).toMatchObject({ code: 2000, data: null });
      expect((await isRecycled(inspection.id, team.inspector.token)).body.data).toEqual({ recycled: true });
      expect((await get(inspection.id)).body.msg).toBe('INSPECTION_NOT_EXISTING');
      expect((await remove(inspection.id)).body.msg).toBe('INSPECTION_NOT_EXISTING');
      expect((await list()).body.data.records.map((record) => record.id)).not.toContain(inspection.id);
      // A binned previous inspection is not shown, nor offered.
      expect((await get(next.id)).body.data.previousInspection).toBeNull();

      const bin = await server().call<Page<RecycleItem>>('GET', '/api/transaction', {
        token: team.admin.token,
        query: { kind: 'inspection', keyword: 'Binned' },
      });
      const item = bin.body.data.records.find((record) => record.name === 'Binned');
      expect(item).toMatchObject({ kind: 'inspection', sizeBytes: 0, deletedBy: { userId: team.admin.id } });

      const restored = await server().call('POST', '/api/transaction/data/restore', {
        token: team.admin.token,
        body: { ids: [item!.id] },
      });
      expect(restored.body.data).toEqual({ count: 1 });
      expect((await get(inspection.id)).body.data).toEqual(inspection);
      expect((await get(next.id)).body.data.previousInspection).toEqual({ id: inspection.id, name: 'Binned' });

      await remove(inspection.id);
      const again = await binItem(inspection.id);
      const purged = await server().call('POST', '/api/transaction/data/delete', {
        token: team.admin.token,
        body: { ids: [again!.id], password: TEST_PASSWORD },
      });
      expect(purged.body.data).toMatchObject({ count: 1 });
      expect(
        await server().db.selectFrom('inspections').select('id').where('id', '=', inspection.id).execute(),
      ).toEqual([]);
      expect(
        await server()
          .db.selectFrom('inspection_image_groups')
          .select('id')
          .where('inspection_id', '=', inspection.id)
          .execute(),
      ).toEqual([]);
      expect((await get(next.id)).body.data.previousInspection).toBeNull();
      expect((await isRecycled(inspection.id)).body.msg).toBe('INSPECTION_NOT_EXISTING');
    });

    it("goes inside its project's item when the project is binned, and is purged with it", async () => {
      const project = await buildProject(server().db, { teamId: team.id });
      const kept = await created({ projectId: project.id, name: 'Kept' });
      const binned = await created({ projectId: project.id, name: 'Binned first' });
      await remove(binned.id);
      expect((await server().call('DELETE', `/api/project/${project.id}`, { token: team.admin.token })).body.code).toBe(
        2000,
      );
      const projectItem = await server()
        .db.selectFrom('recycle_items')
        .select('id')
        .where('kind', '=', 'project')
        .where('entity_id', '=', project.id)
        .executeTakeFirstOrThrow();
      expect((await binItem(binned.id))?.parent_item_id).toBe(projectItem.id);
      expect((await isRecycled(kept.id)).body.data).toEqual({ recycled: true });

      // Restoring the project brings its inspection item back to the bin's top level.
      await server().call('POST', '/api/transaction/data/restore', {
        token: team.admin.token,
        body: { ids: [projectItem.id] },
      });
      expect((await binItem(binned.id))?.parent_item_id).toBeNull();
      expect((await isRecycled(kept.id)).body.data).toEqual({ recycled: false });

      await server().call('DELETE', `/api/project/${project.id}`, { token: team.admin.token });
      const item = await server()
        .db.selectFrom('recycle_items')
        .select('id')
        .where('kind', '=', 'project')
        .where('entity_id', '=', project.id)
        .executeTakeFirstOrThrow();
      const purged = await server().call('POST', '/api/transaction/data/delete', {
        token: team.admin.token,
        body: { ids: [item.id], password: TEST_PASSWORD },
      });
      expect(purged.body.code).toBe(2000);
      expect(
        await server().db.selectFrom('inspections').select('id').where('project_id', '=', project.id).execute(),
      ).toEqual([]);
      expect(await binItem(binned.id)).toBeUndefined();
    });

    it("moves with its project to another team, binned inspections to the new team's bin", async () => {
      const target = await buildStaffedTeam(server().db);
      await addMembership(server().db, { teamId: target.id, userId: team.owner.id, role: 'ROLE_TEAM_ADMIN' });
      const project = await buildProject(server().db, { teamId: team.id });
      const live = await created({
        projectId: project.id,
        name: 'Carried',
        imageGroups: [{ name: 'Deck', cameraParamId: cameras[0]!.id, photoDistance: 8 }],
      });
      const binned = await created({ projectId: project.id, name: 'Carried bin' });
      await remove(binned.id);
      const handover = await server().call('POST', '/api/project/handover', {
        token: team.owner.token,
        body: { projectId: project.id, targetTeamId: target.id },
      });
      expect(handover.body.code).toBe(2000);
      expect((await binItem(binned.id))?.team_id).toBe(target.id);
      const moved = await get(live.id, target.admin.token);
      expect(moved.body.data.imageGroups[0]?.camera.model).toBe('M3E');
      expect((await get(live.id)).body.msg).toBe('PROJECT_NO_ERROR');
    });
  });
});
