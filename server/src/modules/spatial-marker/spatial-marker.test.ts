import { beforeAll, expect, it } from 'vitest';
import type { SpatialMarkerNode } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { buildOutsider, buildProject } from '../../../test/factories/project.js';
import { insertPhotos, okData } from '../../../test/factories/spatial-marker.js';
import { DAY_MS, buildStaffedTeam, setFunction, type StaffedTeam } from '../../../test/factories/team.js';
import { TEST_PASSWORD, addMembership } from '../../../test/factories/user.js';
import { fieldKeys } from '../../../test/validation.js';

const HERE = { lon: 114.05, lat: 22.54, height: 35.5 };

describeOnEachDatabase('the spatial marker tree', (server) => {
  let team: StaffedTeam;
  let projectId: number;

  const post = <T>(path: string, body: unknown, token = team.admin.token) =>
    server().call<T>('POST', `/api${path}`, { token, body });
  const ok = okData;
  const save = (body: Record<string, unknown>, token = team.admin.token) =>
    post<SpatialMarkerNode>('/space-marking/addOrUpdate', { projectId, ...body }, token);
  const group = async (name: string, parentId?: number, groupType = 'component') =>
    ok(await save({ kind: 'group', groupType, name, ...(parentId ? { parentId } : {}) }));
  const marker = async (parentId: number, code: string, extra: Record<string, unknown> = {}) =>
    ok(await save({ kind: 'marker', parentId, code, name: code, ...extra }));
  const tree = async (id = projectId) =>
    ok(await post<SpatialMarkerNode[]>('/space-marking/findTree', { projectId: id }, team.viewer.token));
  const children = async (parentId: number | null) =>
    ok(await post<SpatialMarkerNode[]>('/space-marking/findChildList', { projectId, parentId }, team.viewer.token));
  const version = async () =>
    ok(
      await server().call<{ version: number }>(
        'GET',
        `/api/space-marking/adjust/project/spaceMarking/version/${projectId}`,
        {
          token: team.viewer.token,
        },
      ),
    ).version;
  const batch = (body: Record<string, unknown>) =>
    post<SpatialMarkerNode[]>('/space-marking/adds', {
      projectId,
      codeTemplate: 'P$1-$2',
      nameTemplate: 'Pier $1 face $2',
      variables: [
        { from: 1, to: 3 },
        { from: 1, to: 2 },
      ],
      ...body,
    });

  beforeAll(async () => {
    team = await buildStaffedTeam(server().db);
    ({ id: projectId } = await buildProject(server().db, {
      teamId: team.id,
      memberIds: [team.inspector.id, team.viewer.id],
    }));
  });

  it('builds a tree of groups and markers in one id space, with child counts, order and positions', async () => {
    const before = await version();
    const bridge = await group('Bridge');
    const piers = await group('Piers', bridge.id, 'ordinary');
    const p1 = await marker(piers.id, 'P1', { position: HERE, color: '#ff0000' });
    const p2 = await marker(piers.id, 'P2');
    expect(bridge).toMatchObject({ kind: 'group', groupType: 'component', parentId: null, code: null, position: null });
    expect(p1).toMatchObject({ kind: 'marker', groupType: null, code: 'P1', color: '#ff0000', position: HERE });
    expect(p2.color).toBe('#1677FF');
    expect([p1.sort, p2.sort]).toEqual([0, 1]);
    // Groups and markers share one id space.
    expect(new Set([bridge.id, piers.id, p1.id, p2.id]).size).toBe(4);

    const nodes = await tree();
    const byId = new Map(nodes.map((node) => [node.id, node]));
    expect(byId.get(bridge.id)).toMatchObject({ childCount: 1 });
    expect(byId.get(piers.id)).toMatchObject({ childCount: 2, parentId: bridge.id });
    expect((await children(piers.id)).map((node) => node.code)).toEqual(['P1', 'P2']);
    expect((await children(null)).map((node) => node.name)).toContain('Bridge');
    // Two markers added: the version rose with each (groups are not markers, but the count only has to rise).
    expect(await version()).toBeGreaterThanOrEqual(before + 2);

    const all = ok(await post<SpatialMarkerNode[]>('/space-marking/find/project/all/space/marking', { projectId }));
    expect(all.every((node) => node.kind === 'marker')).toBe(true);
    expect(all.map((node) => node.code)).toEqual(expect.arrayContaining(['P1', 'P2']));
  });

  it('refuses a repeated number in the project, a repeated name among siblings, and a missing or wrong parent', async () => {
    const a = await group('Deck A');
    const b = await group('Deck B');
    const m = await marker(a.id, 'D-1');
    // The same name in another group is fine; the same number anywhere in the project is not.
    expect((await save({ kind: 'marker', parentId: b.id, code: 'D-2', name: 'D-1' })).body.code).toBe(2000);
    expect((await save({ kind: 'marker', parentId: b.id, code: 'D-1', name: 'other' })).body.msg).toBe(
      'SPACE_MARKING_CODE_ERROR',
    );
    expect((await save({ kind: 'marker', parentId: a.id, code: 'D-9', name: 'D-1' })).body.msg).toBe(
      'SPACE_MARKING_NAME_ERROR',
    );
    expect((await save({ kind: 'group', groupType: 'ordinary', name: 'Deck A' })).body.msg).toBe(
      'SPACE_MARKING_NAME_ERROR',
    );
    // A marker needs a group; a group cannot sit under a marker, nor under itself or below.
    expect((await save({ kind: 'marker', code: 'D-3', name: 'D-3' })).body.msg).toBe('PARENT_NOT_EXISTING');
    expect((await save({ kind: 'marker', parentId: 999999, code: 'D-3', name: 'D-3' })).body.msg).toBe(
      'PARENT_NOT_EXISTING',
    );
    expect((await save({ kind: 'marker', parentId: m.id, code: 'D-3', name: 'D-3' })).body.msg).toBe(
      'PARENT_TYPE_ERROR',
    );
    const inner = await group('Inner', a.id);
    expect(
      (await save({ id: a.id, kind: 'group', groupType: 'component', name: 'Deck A', parentId: inner.id })).body.msg,
    ).toBe('PARENT_TYPE_ERROR');
    expect(
      (await save({ id: a.id, kind: 'group', groupType: 'component', name: 'Deck A', parentId: a.id })).body.msg,
    ).toBe('PARENT_TYPE_ERROR');
    // Required by kind: a group's type, a marker's number.
    expect(fieldKeys((await save({ kind: 'group', name: 'No type' })).body)).toEqual({ groupType: 'required' });
    expect(fieldKeys((await save({ kind: 'marker', parentId: a.id, name: 'No code' })).body)).toEqual({
      code: 'required',
    });
    // A parent of another project is no parent here.
    const other = await buildProject(server().db, { teamId: team.id });
    const foreign = ok(
      await post<SpatialMarkerNode>('/space-marking/addOrUpdate', {
        projectId: other.id,
        kind: 'group',
        groupType: 'ordinary',
        name: 'Elsewhere',
      }),
    );
    expect((await save({ kind: 'marker', parentId: foreign.id, code: 'D-4', name: 'D-4' })).body.msg).toBe(
      'PARENT_NOT_EXISTING',
    );
  });

  it('edits a node: renaming, moving to another group (the version rises), changing its number', async () => {
    const from = await group('From');
    const to = await group('To');
    const m = await marker(from.id, 'E-1');
    const before = await version();
    const renamed = ok(await save({ id: m.id, kind: 'marker', code: 'E-1b', name: 'Renamed' }));
    expect(renamed).toMatchObject({ code: 'E-1b', name: 'Renamed', parentId: from.id });
    expect(await version()).toBe(before);
    const moved = ok(await save({ id: m.id, kind: 'marker', code: 'E-1b', name: 'Renamed', parentId: to.id }));
    expect(moved.parentId).toBe(to.id);
    expect(await version()).toBe(before + 1);
    // The kind of a node is not changed by an edit: there is no group of that id.
    expect((await save({ id: m.id, kind: 'group', groupType: 'ordinary', name: 'x' })).body.msg).toBe(
      'SPACE_MARKING_NOT_EXISTING',
    );
  });

  it('creates markers in batch from templates, in order, and refuses duplicates against existing numbers', async () => {
    const piers = await group('Batch piers');
    const before = await version();
    const made = ok(await batch({ parentId: piers.id, color: '#00ff00' }));
    expect(made.map((node) => [node.code, node.name])).toEqual([
      ['P1-1', 'Pier 1 face 1'],
      ['P1-2', 'Pier 1 face 2'],
      ['P2-1', 'Pier 2 face 1'],
      ['P2-2', 'Pier 2 face 2'],
      ['P3-1', 'Pier 3 face 1'],
      ['P3-2', 'Pier 3 face 2'],
    ]);
    expect(made.every((node) => node.parentId === piers.id && node.color === '#00ff00')).toBe(true);
    expect(made.map((node) => node.sort)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await version()).toBe(before + 1);

    // Overlapping numbers with what exists: nothing is created, the repeated numbers are named.
    const again = await batch({
      parentId: (await group('Other piers')).id,
      variables: [
        { from: 3, to: 4 },
        { from: 1, to: 1 },
      ],
    });
    expect(again.body.msg).toBe('SPACE_MARKING_CODE_ERROR');
    expect(again.body.data).toEqual({ codes: ['P3-1'] });
    expect((await children(piers.id)).length).toBe(6);
    // Names repeating the group's children are refused too.
    const names = await batch({ parentId: piers.id, codeTemplate: 'Q$1-$2' });
    expect(names.body.msg).toBe('SPACE_MARKING_NAME_ERROR');
    // Zero padding, and a template whose values run together into the same number.
    const padded = ok(
      await batch({
        parentId: (await group('Padded')).id,
        codeTemplate: 'Z$1',
        nameTemplate: 'Zone $1',
        variables: [{ from: 7, to: 9, pad: 3 }],
      }),
    );
    expect(padded.map((node) => node.code)).toEqual(['Z007', 'Z008', 'Z009']);
    const collide = await batch({
      parentId: (await group('Collide')).id,
      codeTemplate: 'C$1$2',
      nameTemplate: 'N$1-$2',
      variables: [
        { from: 1, to: 11 },
        { from: 1, to: 11 },
      ],
    });
    expect(collide.body.msg).toBe('SPACE_MARKING_CODE_ERROR');
  });

  it('refuses every template mistake with its own validation key, and more than 1000 markers at once', async () => {
    const parentId = (await group('Template errors')).id;
    const keys = async (body: Record<string, unknown>) => {
      const response = await batch({ parentId, ...body });
      expect(response.body.code).toBe(4000);
      return fieldKeys(response.body);
    };
    expect(await keys({ codeTemplate: 'P$4-$1-$2' })).toEqual({ codeTemplate: 'markerTemplateFormat' });
    expect(await keys({ nameTemplate: 'Pier $1' })).toEqual({ nameTemplate: 'markerTemplateUnusedVariable' });
    expect(
      await keys({
        variables: [
          { from: 5, to: 1 },
          { from: 1, to: 2 },
        ],
      }),
    ).toEqual({
      'variables.0': 'markerTemplateRange',
    });
    expect(
      await keys({
        variables: [
          { from: 1, to: 2, pad: 7 },
          { from: 1, to: 2 },
        ],
      }),
    ).toEqual({
      'variables.0': 'markerTemplateRange',
    });
    expect(await keys({ codeTemplate: '', nameTemplate: '' })).toEqual({
      codeTemplate: 'required',
      nameTemplate: 'required',
    });
    // 1001 markers: one too many; 1000 pass.
    expect(
      await keys({
        variables: [
          { from: 1, to: 1001 },
          { from: 1, to: 1 },
        ],
      }),
    ).toEqual({
      variables: 'markerBatchTooMany',
    });
    const thousand = ok(
      await batch({
        parentId: (await group('Thousand')).id,
        codeTemplate: 'T$1-$2',
        nameTemplate: 'T $1 $2',
        variables: [
          { from: 1, to: 100 },
          { from: 1, to: 10 },
        ],
      }),
    );
    expect(thousand).toHaveLength(1000);
  });

  it('places markers: typed GPS, a position picked again, several at once; each raises the version', async () => {
    const g = await group('Placed');
    const [a, b] = [await marker(g.id, 'G-1'), await marker(g.id, 'G-2')];
    let v = await version();
    const gps = ok(await post<SpatialMarkerNode>('/space-marking/update/gps', { id: a.id, position: HERE }));
    expect(gps.position).toEqual(HERE);
    expect(await version()).toBe(++v);
    const picked = { lon: 114.0501, lat: 22.5401, height: -3 };
    const reselected = ok(
      await post<SpatialMarkerNode>('/space-marking/reselection/position', { id: a.id, position: picked }),
    );
    expect(reselected.position).toEqual(picked);
    expect(await version()).toBe(++v);
    const placed = ok(
      await post<SpatialMarkerNode[]>('/space-marking/adjust/spaceMarking', {
        projectId,
        items: [
          { id: a.id, position: HERE },
          { id: b.id, position: picked },
        ],
      }),
    );
    expect(placed.map((node) => node.position)).toEqual([HERE, picked]);
    expect(await version()).toBe(++v);
    // Only markers have positions; positions are checked against SPEC 5's ranges.
    expect((await post('/space-marking/update/gps', { id: g.id, position: HERE })).body.msg).toBe(
      'SPACE_MARKING_NOT_EXISTING',
    );
    const outOfRange = await post('/space-marking/update/gps', {
      id: a.id,
      position: { lon: 181, lat: 91, height: 0 },
    });
    expect(fieldKeys(outOfRange.body)).toEqual({ 'position.lon': 'numberRange', 'position.lat': 'numberRange' });
    expect(
      (await post('/space-marking/adjust/spaceMarking', { projectId, items: [{ id: g.id, position: HERE }] })).body.msg,
    ).toBe('SPACE_MARKING_NOT_EXISTING');
    expect(await version()).toBe(v);
  });

  it('renames several nodes at once, refusing names that would repeat among siblings', async () => {
    const g = await group('Renames');
    const [a, b] = [await marker(g.id, 'R-1'), await marker(g.id, 'R-2')];
    const renamed = ok(
      await post<SpatialMarkerNode[]>('/space-marking/updates/name', {
        projectId,
        items: [
          { id: a.id, name: 'North face' },
          { id: b.id, name: 'South face' },
        ],
      }),
    );
    expect(renamed.map((node) => node.name)).toEqual(['North face', 'South face']);
    const clash = await post('/space-marking/updates/name', {
      projectId,
      items: [
        { id: a.id, name: 'Same' },
        { id: b.id, name: 'Same' },
      ],
    });
    expect(clash.body.msg).toBe('SPACE_MARKING_NAME_ERROR');
    expect((await children(g.id)).map((node) => node.name)).toEqual(['North face', 'South face']);
    // Two siblings may swap their names in one call.
    const swapped = ok(
      await post<SpatialMarkerNode[]>('/space-marking/updates/name', {
        projectId,
        items: [
          { id: b.id, name: 'North face' },
          { id: a.id, name: 'South face' },
        ],
      }),
    );
    expect(swapped.map((node) => [node.id, node.name])).toEqual([
      [b.id, 'North face'],
      [a.id, 'South face'],
    ]);
  });

  it('sorts children with every id given, and moves a node to the bottom', async () => {
    const g = await group('Sorted');
    const [a, b, c] = [await marker(g.id, 'S-1'), await marker(g.id, 'S-2'), await marker(g.id, 'S-3')];
    ok(await post('/space-marking/update/sort', { projectId, parentId: g.id, ids: [c.id, a.id, b.id] }));
    expect((await children(g.id)).map((node) => node.code)).toEqual(['S-3', 'S-1', 'S-2']);
    ok(await post('/space-marking/bottom', { id: c.id }));
    expect((await children(g.id)).map((node) => node.code)).toEqual(['S-1', 'S-2', 'S-3']);
    // A partial list, or an id of another group, is refused: the order would be ambiguous.
    expect(
      fieldKeys((await post('/space-marking/update/sort', { projectId, parentId: g.id, ids: [a.id] })).body),
    ).toEqual({
      ids: 'invalidValue',
    });
    expect(
      fieldKeys(
        (await post('/space-marking/update/sort', { projectId, parentId: g.id, ids: [a.id, b.id, g.id] })).body,
      ),
    ).toEqual({ ids: 'invalidValue' });
  });

  it('deletes groups with everything below them, and refuses while photos are bound below (GROUP_DOWN_IMAGE_ERROR)', async () => {
    const db = server().db;
    const g = await group('To delete');
    const sub = await group('Sub', g.id);
    const m = await marker(sub.id, 'X-1');
    const free = await marker(g.id, 'X-2');
    const inspection = await buildInspection(db, { teamId: team.id, createdBy: team.admin.id });
    // The photo's inspection is in this test's project: bind it directly.
    await db
      .updateTable('inspections')
      .set({ project_id: projectId })
      .where('id', '=', inspection.inspectionId)
      .execute();
    const [photo] = await insertPhotos(db, inspection.inspectionId, inspection.groupId, [
      { name: 'a.JPG', pose: null },
    ]);
    await db
      .insertInto('space_image_assocs')
      .values({ marker_id: m.id, image_id: photo!.id, inspection_id: inspection.inspectionId, source: 'manual' })
      .execute();

    expect((await server().call('DELETE', `/api/space-marking/${g.id}`, { token: team.admin.token })).body.msg).toBe(
      'GROUP_DOWN_IMAGE_ERROR',
    );
    expect((await server().call('DELETE', `/api/space-marking/${m.id}`, { token: team.admin.token })).body.msg).toBe(
      'GROUP_DOWN_IMAGE_ERROR',
    );
    // A photo of a binned inspection still holds its marker: a restore brings the binding back.
    await db
      .updateTable('inspections')
      .set({ deleted_at: new Date() })
      .where('id', '=', inspection.inspectionId)
      .execute();
    expect((await post('/space-marking/deletes', { projectId, ids: [sub.id] })).body.msg).toBe(
      'GROUP_DOWN_IMAGE_ERROR',
    );
    const v = await version();
    ok(await server().call('DELETE', `/api/space-marking/${free.id}`, { token: team.admin.token }));
    expect(await version()).toBe(v + 1);
    // Once the photo is gone (deletion is final), so are its bindings, and the group goes with its subtree.
    await db.updateTable('inspections').set({ deleted_at: null }).where('id', '=', inspection.inspectionId).execute();
    ok(await server().call('DELETE', `/api/inspection-image/${photo!.id}`, { token: team.admin.token }));
    ok(await post('/space-marking/deletes', { projectId, ids: [g.id] }));
    const ids = new Set((await tree()).map((node) => node.id));
    expect([g.id, sub.id, m.id].some((id) => ids.has(id))).toBe(false);
    expect((await post('/space-marking/deletes', { projectId, ids: [g.id] })).body.msg).toBe(
      'SPACE_MARKING_NOT_EXISTING',
    );
  });

  it('lets viewers read and only administrators change the tree; hides it from other teams and non-members', async () => {
    const g = await group('Rights');
    expect(
      (await save({ kind: 'group', groupType: 'ordinary', name: 'By inspector' }, team.inspector.token)).body.msg,
    ).toBe('NO_AUTH');
    expect((await save({ kind: 'group', groupType: 'ordinary', name: 'By viewer' }, team.viewer.token)).body.msg).toBe(
      'NO_AUTH',
    );
    expect((await post('/space-marking/bottom', { id: g.id }, team.inspector.token)).body.msg).toBe('NO_AUTH');
    expect((await post('/space-marking/findTree', { projectId }, team.inspector.token)).body.code).toBe(2000);
    const outsider = await buildOutsider(server().db);
    expect((await post('/space-marking/findTree', { projectId }, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
    expect((await post('/space-marking/bottom', { id: g.id }, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
    expect((await server().call('DELETE', `/api/space-marking/${g.id}`, { token: outsider.token })).body.msg).toBe(
      'PROJECT_NO_ERROR',
    );
    // An inspector who is not a member of the project does not see it.
    const hidden = await buildProject(server().db, { teamId: team.id });
    expect((await post('/space-marking/findTree', { projectId: hidden.id }, team.inspector.token)).body.msg).toBe(
      'PROJECT_NO_ERROR',
    );
  });

  it("needs the team's inspection function package", async () => {
    const lapsed = await buildStaffedTeam(server().db);
    const project = await buildProject(server().db, { teamId: lapsed.id });
    await setFunction(server().db, {
      teamId: lapsed.id,
      code: 'inspection',
      activatedAt: new Date(Date.now() - 40 * DAY_MS),
      expiresAt: new Date(Date.now() - DAY_MS),
    });
    expect((await post('/space-marking/findTree', { projectId: project.id }, lapsed.admin.token)).body.msg).toBe(
      'TEAM_FUNCTION_INACTIVE',
    );
  });

  it('moves with its project to the team it is handed over to', async () => {
    const db = server().db;
    const moving = await buildProject(db, { teamId: team.id });
    const g = ok(
      await post<SpatialMarkerNode>('/space-marking/addOrUpdate', {
        projectId: moving.id,
        kind: 'group',
        groupType: 'component',
        name: 'Moving',
      }),
    );
    const target = await buildStaffedTeam(db);
    await addMembership(db, { teamId: target.id, userId: team.owner.id, role: 'ROLE_TEAM_ADMIN' });
    ok(
      await server().call('POST', '/api/project/handover', {
        token: team.owner.token,
        body: { projectId: moving.id, targetTeamId: target.id },
      }),
    );
    const moved = ok(
      await post<SpatialMarkerNode[]>('/space-marking/findTree', { projectId: moving.id }, target.admin.token),
    );
    expect(moved.map((node) => node.id)).toEqual([g.id]);
    expect((await post('/space-marking/findTree', { projectId: moving.id }, team.admin.token)).body.msg).toBe(
      'PROJECT_NO_ERROR',
    );
  });

  it('goes with its project when the project is purged from the recycle bin', async () => {
    const db = server().db;
    const doomed = await buildProject(db, { teamId: team.id });
    const g = ok(
      await post<SpatialMarkerNode>('/space-marking/addOrUpdate', {
        projectId: doomed.id,
        kind: 'group',
        groupType: 'component',
        name: 'Doomed',
      }),
    );
    // A photo bound to a marker, and shown as its cover: the purge drops photos, bindings and markers together.
    const m = ok(
      await post<SpatialMarkerNode>('/space-marking/addOrUpdate', {
        projectId: doomed.id,
        kind: 'marker',
        parentId: g.id,
        code: 'Z-1',
        name: 'Z-1',
      }),
    );
    const inspection = await buildInspection(db, { teamId: team.id, createdBy: team.admin.id, projectId: doomed.id });
    const [photo] = await insertPhotos(db, inspection.inspectionId, inspection.groupId, [
      { name: 'z.JPG', pose: null },
    ]);
    ok(
      await post('/space-image-assoc/adds', {
        mode: 'manual',
        inspectionId: inspection.inspectionId,
        markerId: m.id,
        imageIds: [photo!.id],
      }),
    );
    ok(await post('/space-marking/update/marking/img', { markerId: m.id, imageId: photo!.id }));
    ok(await server().call('DELETE', `/api/project/${doomed.id}`, { token: team.admin.token }));
    const bin = await server().call<{ records: Array<{ id: number; kind: string; name: string }> }>(
      'GET',
      '/api/transaction',
      {
        token: team.admin.token,
        query: { pageNum: '1', pageSize: '50' },
      },
    );
    const item = bin.body.data.records.find((record) => record.kind === 'project' && record.name === doomed.name);
    expect(item).toBeDefined();
    const purge = await server().call('POST', '/api/transaction/data/delete', {
      token: team.admin.token,
      body: { ids: [item!.id], password: TEST_PASSWORD },
    });
    expect(purge.body.code, JSON.stringify(purge.body)).toBe(2000);
    expect(await db.selectFrom('space_markers').select('id').where('project_id', '=', doomed.id).execute()).toEqual([]);
    expect(
      await db
        .selectFrom('space_image_assocs')
        .select('id')
        .where('inspection_id', '=', inspection.inspectionId)
        .execute(),
    ).toEqual([]);
  });
});
