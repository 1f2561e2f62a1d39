import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, ProjectCard } from '@sightline/shared';
import { describeOnEachDatabase, type TestServer } from '../../../test/harness.js';
import { multipartFile } from '../../../test/factories/multipart.js';
import { buildServedModel } from '../../../test/factories/project-model.js';
import { PNG_BYTES, buildProject } from '../../../test/factories/project.js';
import { buildStaffedTeam, teamUsedBytes, type StaffedTeam } from '../../../test/factories/team.js';
import { TEST_PASSWORD, addMembership } from '../../../test/factories/user.js';

async function uploadCover(server: TestServer, token: string) {
  const file = multipartFile(PNG_BYTES, { fileName: 'cover.png' });
  const response = await server.call<{ coverUrl: string }>('POST', '/api/project/cover', {
    token,
    body: file.payload,
    headers: file.headers,
  });
  return response.body.data.coverUrl;
}

function coverPath(server: TestServer, coverUrl: string): string {
  const [teamId, name] = coverUrl.split('/').slice(-2);
  return path.join(server.config.FILES_DIR, 'teams', teamId ?? '', 'projects', 'covers', name ?? '');
}

describeOnEachDatabase('project recycle bin and handover', (server) => {
  let team: StaffedTeam;

  beforeAll(async () => {
    team = await buildStaffedTeam(server().db);
  });

  const createProject = async (body: Record<string, unknown>, token = team.admin.token) => {
    const type = await server()
      .db.selectFrom('project_types')
      .select('id')
      .where('code', '=', 'road')
      .executeTakeFirstOrThrow();
    const response = await server().call<{ id: number }>('POST', '/api/project', {
      token,
      body: { typeId: type.id, ...body },
    });
    expect(response.body.code).toBe(2000);
    return response.body.data.id;
  };

  const binItem = async (projectId: number) => {
    const row = await server()
      .db.selectFrom('recycle_items')
      .select(['id', 'size_bytes'])
      .where('kind', '=', 'project')
      .where('entity_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return { id: row.id, sizeBytes: Number(row.size_bytes) };
  };

  describe('recycle bin', () => {
    it('moves a project to the bin, restores it intact and purges it with its cover', async () => {
      const coverUrl = await uploadCover(server(), team.admin.token);
      const id = await createProject({ name: 'Binned bridge', coverUrl, memberIds: [team.inspector.id] });
      await server()
        .db.insertInto('project_customs')
        .values({ project_id: id, name: 'Span', value: '120 m' })
        .execute();

      expect((await server().call('DELETE', `/api/project/${id}`, { token: team.admin.token })).body.code).toBe(2000);
      expect((await server().call('GET', `/api/project/${id}`, { token: team.admin.token })).body.msg).toBe(
        'PROJECT_NO_ERROR',
      );
      const page = await server().call<Page<ProjectCard>>('POST', '/api/project/findPage', {
        token: team.admin.token,
        body: { keyword: 'Binned bridge' },
      });
      expect(page.body.data.total).toBe(0);
      const item = await binItem(id);
      expect(item.sizeBytes).toBe(PNG_BYTES.length);

      const restored = await server().call('POST', '/api/transaction/data/restore', {
        token: team.admin.token,
        body: { ids: [item.id] },
      });
      expect(restored.body.code).toBe(2000);
      const detail = await server().call<{ members: Array<{ userId: number }>; coverUrl: string }>(
        'GET',
        `/api/project/${id}`,
        { token: team.admin.token },
      );
      expect(detail.body.data.coverUrl).toBe(coverUrl);
      expect(detail.body.data.members.map((member) => member.userId)).toEqual([team.inspector.id]);

      await server().call('DELETE', `/api/project/${id}`, { token: team.admin.token });
      const before = await teamUsedBytes(server().db, team.id);
      const purged = await server().call('POST', '/api/transaction/data/delete', {
        token: team.admin.token,
        body: { ids: [(await binItem(id)).id], password: TEST_PASSWORD },
      });
      expect(purged.body).toMatchObject({ code: 2000, data: { count: 1, freedBytes: PNG_BYTES.length } });
      expect(
        await server().db.selectFrom('projects').select('id').where('id', '=', id).executeTakeFirst(),
      ).toBeUndefined();
      const customs = await server()
        .db.selectFrom('project_customs')
        .select('id')
        .where('project_id', '=', id)
        .execute();
      expect(customs).toEqual([]);
      expect(fs.existsSync(coverPath(server(), coverUrl))).toBe(false);
      expect(await teamUsedBytes(server().db, team.id)).toBe(before - PNG_BYTES.length);
    });

    it('refuses to restore a project whose name was taken meanwhile', async () => {
      const id = await createProject({ name: 'Reused name' });
      await server().call('DELETE', `/api/project/${id}`, { token: team.admin.token });
      await createProject({ name: 'Reused name' });
      const restored = await server().call('POST', '/api/transaction/data/restore', {
        token: team.admin.token,
        body: { ids: [(await binItem(id)).id] },
      });
      expect(restored.body.msg).toBe('PROJECT_NAME_EXITS_ERROR');
    });

    it('restores into the default group when its group was deleted meanwhile', async () => {
      const group = await server().call<{ id: number }>('POST', '/api/project-group', {
        token: team.admin.token,
        body: { name: 'Short-lived' },
      });
      const id = await createProject({ name: 'Grouped', groupId: group.body.data.id });
      await server().call('DELETE', `/api/project/${id}`, { token: team.admin.token });
      expect(
        (await server().call('DELETE', `/api/project-group/${group.body.data.id}`, { token: team.admin.token })).body
          .code,
      ).toBe(2000);
      await server().call('POST', '/api/transaction/data/restore', {
        token: team.admin.token,
        body: { ids: [(await binItem(id)).id] },
      });
      const row = await server()
        .db.selectFrom('projects')
        .select('group_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const defaultGroup = await server()
        .db.selectFrom('project_groups')
        .select('id')
        .where('team_id', '=', team.id)
        .where('is_default', '=', true)
        .executeTakeFirstOrThrow();
      expect(row.group_id).toBe(defaultGroup.id);
    });

    it('answers PROJECT_NO_ERROR when deleting a project of another team or one already binned', async () => {
      const other = await buildStaffedTeam(server().db);
      const foreign = await buildProject(server().db, { teamId: other.id });
      const binned = await buildProject(server().db, { teamId: team.id, deleted: true });
      for (const id of [foreign.id, binned.id]) {
        expect((await server().call('DELETE', `/api/project/${id}`, { token: team.admin.token })).body.msg).toBe(
          'PROJECT_NO_ERROR',
        );
      }
    });
  });

  describe('handover', () => {
    let target: StaffedTeam;

    beforeAll(async () => {
      target = await buildStaffedTeam(server().db);
      // The source team's owner administers the target team too.
      await addMembership(server().db, { teamId: target.id, userId: team.owner.id, role: 'ROLE_TEAM_ADMIN' });
    });

    const handover = (projectId: number, targetTeamId = target.id, token = team.owner.token) =>
      server().call<{ id: number }>('POST', '/api/project/handover', { token, body: { projectId, targetTeamId } });

    it("moves the project with its cover, type and configuration to the target team's default group", async () => {
      const ownType = await server().call<{ id: number }>('POST', '/api/project-type', {
        token: team.owner.token,
        body: { name: 'Pier', icon: 'pier', code: 'pier' },
      });
      const coverUrl = await uploadCover(server(), team.owner.token);
      const id = await createProject(
        { name: 'Moving bridge', typeId: ownType.body.data.id, coverUrl, memberIds: [team.inspector.id] },
        team.owner.token,
      );
      await server()
        .db.insertInto('defect_fields')
        .values({
          project_id: id,
          name: 'Grade',
          widget: 'input',
          options: '[]',
          visible_when_marking: true,
        })
        .execute();
      const sourceBefore = await teamUsedBytes(server().db, team.id);
      const targetBefore = await teamUsedBytes(server().db, target.id);

      const response = await handover(id);
      expect(response.body).toMatchObject({ code: 2000, data: { id } });

      const moved = await server().db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(moved).toMatchObject({ team_id: target.id, status: 'normal' });
      const type = await server()
        .db.selectFrom('project_types')
        .selectAll()
        .where('id', '=', moved.type_id)
        .executeTakeFirstOrThrow();
      expect(type).toMatchObject({ team_id: target.id, name: 'Pier', code: 'pier' });
      const group = await server()
        .db.selectFrom('project_groups')
        .selectAll()
        .where('id', '=', moved.group_id!)
        .executeTakeFirstOrThrow();
      expect(group).toMatchObject({ team_id: target.id, is_default: true });
      expect(moved.cover_url).toMatch(new RegExp(`^/api/files/project-covers/${target.id}/`));
      expect(fs.existsSync(coverPath(server(), moved.cover_url!))).toBe(true);
      expect(fs.existsSync(coverPath(server(), coverUrl))).toBe(false);
      expect(await teamUsedBytes(server().db, team.id)).toBe(sourceBefore - PNG_BYTES.length);
      expect(await teamUsedBytes(server().db, target.id)).toBe(targetBefore + PNG_BYTES.length);
      // The inspector is not in the target team, so leaves the project; the configuration travels.
      const members = await server()
        .db.selectFrom('project_members')
        .select('user_id')
        .where('project_id', '=', id)
        .execute();
      expect(members).toEqual([]);
      const fields = await server()
        .db.selectFrom('defect_fields')
        .select('name')
        .where('project_id', '=', id)
        .execute();
      expect(fields).toEqual([{ name: 'Grade' }]);

      expect((await server().call('GET', `/api/project/${id}`, { token: team.admin.token })).body.msg).toBe(
        'PROJECT_NO_ERROR',
      );
      expect((await server().call('GET', `/api/project/${id}`, { token: target.admin.token })).body.code).toBe(2000);
    });

    describe('with a model', () => {
      /** A project of the source team with a cover and an unzipped model, and both teams' counters. */
      async function modelProject(name: string) {
        const coverUrl = await uploadCover(server(), team.owner.token);
        const id = await createProject({ name, coverUrl }, team.owner.token);
        const model = await buildServedModel(server().db, server().config.FILES_DIR, {
          teamId: team.id,
          projectId: id,
        });
        return {
          id,
          coverUrl,
          model,
          movedBytes: PNG_BYTES.length + model.sizeBytes,
          sourceBefore: await teamUsedBytes(server().db, team.id),
          targetBefore: await teamUsedBytes(server().db, target.id),
        };
      }

      const modelTeam = async (projectId: number) =>
        (
          await server()
            .db.selectFrom('project_models')
            .select('team_id')
            .where('project_id', '=', projectId)
            .executeTakeFirstOrThrow()
        ).team_id;

      it("moves the model's bytes to the target team, whose members are served its tiles", async () => {
        const { id, model, movedBytes, sourceBefore, targetBefore } = await modelProject('Modelled bridge');
        expect((await handover(id)).body.code).toBe(2000);

        expect(await teamUsedBytes(server().db, team.id)).toBe(sourceBefore - movedBytes);
        expect(await teamUsedBytes(server().db, target.id)).toBe(targetBefore + movedBytes);
        expect(await modelTeam(id)).toBe(target.id);
        const tileset = await server().call('GET', model.tilesetUrl, { token: target.admin.token });
        expect(tileset.status).toBe(200);
        expect(tileset.body).toMatchObject({ asset: { version: '1.0' } });
        expect((await server().call('GET', model.tilesetUrl, { token: team.admin.token })).body.msg).toBe(
          'PROJECT_NO_ERROR',
        );
      });

      it('gives the bytes back to the target team when the handed-over project is purged', async () => {
        const { id, movedBytes, sourceBefore, targetBefore } = await modelProject('Purged after handover');
        expect((await handover(id)).body.code).toBe(2000);
        expect((await server().call('DELETE', `/api/project/${id}`, { token: target.admin.token })).body.code).toBe(
          2000,
        );
        expect((await binItem(id)).sizeBytes).toBe(movedBytes);
        const purged = await server().call('POST', '/api/transaction/data/delete', {
          token: target.admin.token,
          body: { ids: [(await binItem(id)).id], password: TEST_PASSWORD },
        });
        expect(purged.body).toMatchObject({ code: 2000, data: { count: 1, freedBytes: movedBytes } });
        expect(await teamUsedBytes(server().db, target.id)).toBe(targetBefore);
        expect(await teamUsedBytes(server().db, team.id)).toBe(sourceBefore - movedBytes);
      });

      it('answers TEAM_VOLUME_EXCEED when the target team has no room, and moves nothing', async () => {
        const { id, coverUrl, model, sourceBefore, targetBefore } = await modelProject('Too big to move');
        // Room for the cover but not for the model as well.
        const room = PNG_BYTES.length + model.sizeBytes - 1;
        await server()
          .db.updateTable('teams')
          .set({ volume_used_bytes: sql<string>`volume_max_gb::bigint * 1024 * 1024 * 1024 - ${room}::bigint` })
          .where('id', '=', target.id)
          .execute();
        const full = await teamUsedBytes(server().db, target.id);
        try {
          expect((await handover(id)).body.msg).toBe('TEAM_VOLUME_EXCEED');
          expect(await teamUsedBytes(server().db, team.id)).toBe(sourceBefore);
          expect(await teamUsedBytes(server().db, target.id)).toBe(full);
          const row = await server()
            .db.selectFrom('projects')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          expect(row).toMatchObject({ team_id: team.id, status: 'normal', cover_url: coverUrl });
          expect(await modelTeam(id)).toBe(team.id);
        } finally {
          await server()
            .db.updateTable('teams')
            .set({ volume_used_bytes: String(targetBefore) })
            .where('id', '=', target.id)
            .execute();
        }
      });

      it('refuses while the model is being uploaded or unzipped, and leaves the project as it was', async () => {
        const uploading = await createProject({ name: 'Upload underway' }, team.owner.token);
        const declared = await server().call('POST', '/api/project-model/initModel', {
          token: team.owner.token,
          body: { projectId: uploading, fileName: 'bridge.zip', sizeBytes: 1000 },
        });
        expect(declared.body.code).toBe(2000);
        const unzipping = await modelProject('Unzip underway');
        await server()
          .db.updateTable('project_models')
          .set({ state: 'unzipping' })
          .where('project_id', '=', unzipping.id)
          .execute();

        expect((await handover(uploading)).body.msg).toBe('PROJECT_MODEL_USER');
        expect((await handover(unzipping.id)).body.msg).toBe('PROJECT_MODEL_UNZIPPING');
        expect(await teamUsedBytes(server().db, team.id)).toBe(unzipping.sourceBefore);
        expect(await teamUsedBytes(server().db, target.id)).toBe(unzipping.targetBefore);
        const rows = await server()
          .db.selectFrom('projects')
          .select(['team_id', 'status'])
          .where('id', 'in', [uploading, unzipping.id])
          .orderBy('id')
          .execute();
        expect(rows).toEqual([
          { team_id: team.id, status: 'normal' },
          { team_id: team.id, status: 'normal' },
        ]);
      });
    });

    it('answers PROJECT_NAME_EXITS_ERROR when the target team has the name, and leaves the project as it was', async () => {
      await buildProject(server().db, { teamId: target.id, name: 'Clash' });
      const id = await createProject({ name: 'Clash' });
      expect((await handover(id)).body.msg).toBe('PROJECT_NAME_EXITS_ERROR');
      const row = await server().db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ team_id: team.id, status: 'normal' });
    });

    it('needs owner or administrator rights in the target team', async () => {
      const id = await createProject({ name: 'Stays home' });
      const stranger = await buildStaffedTeam(server().db);
      await addMembership(server().db, { teamId: stranger.id, userId: team.owner.id, role: 'ROLE_TEAM_INSPECTOR' });
      expect((await handover(id, stranger.id)).body.msg).toBe('NO_AUTH');
      const unrelated = await buildStaffedTeam(server().db);
      expect((await handover(id, unrelated.id)).body.msg).toBe('NO_AUTH');
    });

    it('refuses the own team as target, and a project already moving', async () => {
      const id = await createProject({ name: 'Going nowhere' });
      expect((await handover(id, team.id)).body).toMatchObject({
        msg: 'VALIDATION_ERROR',
        data: { issues: [{ path: 'targetTeamId', key: 'invalidValue' }] },
      });
      await server().db.updateTable('projects').set({ status: 'moving' }).where('id', '=', id).execute();
      expect((await handover(id)).body.msg).toBe('PROJECT_ERROR');
      expect((await server().call('DELETE', `/api/project/${id}`, { token: team.admin.token })).body.msg).toBe(
        'PROJECT_ERROR',
      );
    });

    it('validates the body', async () => {
      const response = await server().call<{ issues: Array<{ path: string; key: string }> }>(
        'POST',
        '/api/project/handover',
        {
          token: team.owner.token,
          body: { projectId: -1 },
        },
      );
      expect(response.body.data.issues).toEqual(
        expect.arrayContaining([
          { path: 'projectId', key: 'invalidValue' },
          { path: 'targetTeamId', key: 'required' },
        ]),
      );
    });
  });
});
