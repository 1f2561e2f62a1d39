import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { ROLE_PERMISSIONS, type Page, type RecycleItem, type RoleCode } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { Database } from '../../platform/db/schema.js';
import { createLocalBlobStore, type BlobStore } from '../../platform/storage/blob-store.js';
import { createQuotaService } from '../team/quota.service.js';
import { createRecycleBinRepo } from './recycle-bin.repo.js';
import { createRecycleBinService, registerRecyclable, type RecycleBinService } from './recycle-bin.service.js';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildProject } from '../../../test/factories/project.js';
import { buildStaffedTeam } from '../../../test/factories/team.js';
import { TEST_PASSWORD, buildSignedInUser } from '../../../test/factories/user.js';

/*
 * The mechanism is tested on two kinds registered here over tables of their own (folders holding
 * files, each file a blob; a file can be binned alone, and a folder takes its binned files inside
 * its own item), and end to end on the first real kind, 'project', through its own delete call.
 */
interface FolderRow {
  id: number;
  team_id: number;
  name: string;
  deleted_at: Date | null;
}
interface FileRow {
  id: number;
  folder_id: number;
  name: string;
  blob_key: string;
  size_bytes: string;
  deleted_at: Date | null;
}

async function createTestTables(db: Kysely<Database>) {
  await sql`create table test_folders (id serial primary key, team_id integer not null, name text not null,
    deleted_at timestamptz)`.execute(db);
  await sql`create table test_files (id serial primary key, folder_id integer not null references test_folders(id),
    name text not null, blob_key text not null, size_bytes bigint not null, deleted_at timestamptz)`.execute(db);
}

const folderHandler = {
  async loadSummary(db: Kysely<Database>, id: number) {
    const { rows } = await sql<{ name: string; team_id: number; size: string }>`
      select f.name, f.team_id, coalesce((select sum(size_bytes) from test_files where folder_id = f.id), 0) as size
      from test_folders f where f.id = ${id} and f.deleted_at is null`.execute(db);
    const row = rows[0];
    return row && { name: row.name, teamId: row.team_id, sizeBytes: Number(row.size) };
  },
  async markDeleted(db: Kysely<Database>, id: number, deletedAt: Date) {
    await sql`update test_folders set deleted_at = ${deletedAt} where id = ${id}`.execute(db);
    await sql`update test_files set deleted_at = ${deletedAt} where folder_id = ${id} and deleted_at is null`.execute(
      db,
    );
  },
  async restore(db: Kysely<Database>, id: number) {
    await sql`update test_files set deleted_at = null where folder_id = ${id}
      and deleted_at = (select deleted_at from test_folders where id = ${id})`.execute(db);
    await sql`update test_folders set deleted_at = null where id = ${id}`.execute(db);
  },
  async purge(db: Kysely<Database>, id: number) {
    const { rows } = await sql<FileRow>`delete from test_files where folder_id = ${id} returning *`.execute(db);
    await sql`delete from test_folders where id = ${id}`.execute(db);
    return {
      blobKeys: rows.map((row) => row.blob_key),
      freedBytes: rows.reduce((sum, row) => sum + Number(row.size_bytes), 0),
    };
  },
  async binnedDescendants(db: Kysely<Database>, id: number) {
    const { rows } = await sql<{ id: number }>`select id from test_files where folder_id = ${id}`.execute(db);
    return rows.map((row) => ({ kind: 'test-file', entityId: row.id }));
  },
};

const fileHandler = {
  async loadSummary(db: Kysely<Database>, id: number) {
    const { rows } = await sql<{ name: string; team_id: number; size_bytes: string }>`
      select fi.name, fo.team_id, fi.size_bytes from test_files fi join test_folders fo on fo.id = fi.folder_id
      where fi.id = ${id} and fi.deleted_at is null`.execute(db);
    const row = rows[0];
    return row && { name: row.name, teamId: row.team_id, sizeBytes: Number(row.size_bytes) };
  },
  async markDeleted(db: Kysely<Database>, id: number, deletedAt: Date) {
    await sql`update test_files set deleted_at = ${deletedAt} where id = ${id}`.execute(db);
  },
  async restore(db: Kysely<Database>, id: number) {
    await sql`update test_files set deleted_at = null where id = ${id}`.execute(db);
  },
  async purge(db: Kysely<Database>, id: number) {
    const { rows } = await sql<FileRow>`delete from test_files where id = ${id} returning *`.execute(db);
    return {
      blobKeys: rows.map((row) => row.blob_key),
      freedBytes: rows.reduce((s, r) => s + Number(r.size_bytes), 0),
    };
  },
};

registerRecyclable('test-folder', folderHandler);
registerRecyclable('test-file', fileHandler);

function callerOf(user: { id: number }, teamId: number, role: RoleCode): AuthContext {
  return { userId: user.id, sessionId: 0, clientType: 'PC', teamId, role, permissions: ROLE_PERMISSIONS[role] };
}

describe('registerRecyclable', () => {
  it('refuses a second, different handler for a kind and accepts the same one again', () => {
    expect(() => registerRecyclable('test-folder', folderHandler)).not.toThrow();
    expect(() => registerRecyclable('test-folder', { ...folderHandler })).toThrow(/registered twice/);
  });
});

describeOnEachDatabase('recycle bin', (server) => {
  let blobs: BlobStore;
  let bin: RecycleBinService;

  beforeAll(async () => {
    await createTestTables(server().db);
    blobs = createLocalBlobStore(server().config.FILES_DIR);
    bin = createRecycleBinService({
      repo: createRecycleBinRepo(server().db),
      blobs,
      quota: createQuotaService({ db: server().db }),
    });
  });

  async function staffedTeam() {
    const team = await buildStaffedTeam(server().db);
    return { ...team, adminCaller: callerOf(team.admin, team.id, 'ROLE_TEAM_ADMIN') };
  }

  /** A folder with files whose blobs are stored and counted in the team's volume, like an upload would. */
  async function buildFolder(teamId: number, options: { name?: string; files?: string[] } = {}) {
    const db = server().db;
    const { rows } = await sql<FolderRow>`insert into test_folders (team_id, name)
      values (${teamId}, ${options.name ?? 'Pier 7 photos'}) returning *`.execute(db);
    const folder = rows[0]!;
    const files: FileRow[] = [];
    for (const [index, content] of (options.files ?? ['crack photo', 'spalling photo!']).entries()) {
      const key = `teams/${teamId}/test/${folder.id}-${index}.bin`;
      const size = await blobs.put(key, Buffer.from(content));
      const inserted = await sql<FileRow>`insert into test_files (folder_id, name, blob_key, size_bytes)
        values (${folder.id}, ${`file ${index}`}, ${key}, ${size}) returning *`.execute(db);
      files.push(inserted.rows[0]!);
      await db
        .updateTable('teams')
        .set({ volume_used_bytes: sql`volume_used_bytes + ${size}` })
        .where('id', '=', teamId)
        .execute();
    }
    return { folder, files, size: files.reduce((sum, file) => sum + Number(file.size_bytes), 0) };
  }

  const folderRows = async (id: number) =>
    (await sql<FolderRow>`select * from test_folders where id = ${id}`.execute(server().db)).rows;
  const fileRows = async (folderId: number) =>
    (await sql<FileRow>`select * from test_files where folder_id = ${folderId} order by id`.execute(server().db)).rows;
  const volumeUsed = async (teamId: number) =>
    Number(
      (
        await server()
          .db.selectFrom('teams')
          .select('volume_used_bytes')
          .where('id', '=', teamId)
          .executeTakeFirstOrThrow()
      ).volume_used_bytes,
    );
  const list = (token: string, query: Record<string, string> = {}) =>
    server().call<Page<RecycleItem>>('GET', '/api/transaction', { token, query });

  describe('moving to the bin', () => {
    it('marks the entity and everything under it deleted, drops nothing, and lists one item', async () => {
      const team = await staffedTeam();
      const { folder, files, size } = await buildFolder(team.id, { name: 'Deck inspection 2024' });
      const { itemId } = await bin.moveToBin({ auth: team.adminCaller, kind: 'test-folder', entityId: folder.id });

      const [stored] = await folderRows(folder.id);
      expect(stored?.deleted_at).toBeInstanceOf(Date);
      const storedFiles = await fileRows(folder.id);
      expect(storedFiles).toHaveLength(files.length);
      expect(storedFiles.every((file) => file.deleted_at?.getTime() === stored?.deleted_at?.getTime())).toBe(true);
      for (const file of files) expect(await blobs.stat(file.blob_key)).not.toBeNull();

      const response = await list(team.owner.token);
      expect(response.body.code).toBe(2000);
      expect(response.body.data).toMatchObject({ total: 1, pageNum: 1, pageSize: 20 });
      expect(response.body.data.records).toEqual([
        {
          id: itemId,
          kind: 'test-folder',
          name: 'Deck inspection 2024',
          sizeBytes: size,
          deletedBy: { userId: team.admin.id, name: expect.stringContaining(team.admin.account) },
          deletedAt: stored?.deleted_at?.toISOString(),
        },
      ]);
      const total = await server().call('GET', '/api/transaction/total/size', { token: team.admin.token });
      expect(total.body.data).toEqual({ totalBytes: size, count: 1 });
    });

    it('refuses an entity of another team with NO_AUTH and an unknown one with notFound', async () => {
      const team = await staffedTeam();
      const other = await staffedTeam();
      const { folder } = await buildFolder(other.id);
      await expect(
        bin.moveToBin({ auth: team.adminCaller, kind: 'test-folder', entityId: folder.id }),
      ).rejects.toMatchObject({ key: 'NO_AUTH' });
      await expect(
        bin.moveToBin({ auth: team.adminCaller, kind: 'test-folder', entityId: 999_999 }),
      ).rejects.toMatchObject({
        key: 'notFound',
      });
      expect((await folderRows(folder.id))[0]?.deleted_at).toBeNull();
    });
  });

  describe('listing', () => {
    it('pages newest first and filters by kind and keyword (matched literally)', async () => {
      const team = await staffedTeam();
      const first = await buildFolder(team.id, { name: 'North abutment 50%' });
      const second = await buildFolder(team.id, { name: 'South abutment' });
      const loose = await buildFolder(team.id, { name: 'Kept folder' });
      await bin.moveToBin({ auth: team.adminCaller, kind: 'test-folder', entityId: first.folder.id });
      await bin.moveToBin({ auth: team.adminCaller, kind: 'test-folder', entityId: second.folder.id });
      await bin.moveToBin({ auth: team.adminCaller, kind: 'test-file', entityId: loose.files[0]!.id });

      const page = await list(team.admin.token, { pageNum: '1', pageSize: '2' });
      expect(page.body.data.total).toBe(3);
      expect(page.body.data.records.map((item) => item.name)).toEqual(['file 0', 'South abutment']);
      const rest = await list(team.admin.token, { pageNum: '2', pageSize: '2' });
      expect(rest.body.data.records.map((item) => item.name)).toEqual(['North abutment 50%']);

      const files = await list(team.admin.token, { kind: 'test-file' });
      expect(files.body.data.records.map((item) => item.kind)).toEqual(['test-file']);
      const keyword = await list(team.admin.token, { keyword: 'abutment' });
      expect(keyword.body.data.total).toBe(2);
      const literal = await list(team.admin.token, { keyword: '50%' });
      expect(literal.body.data.records.map((item) => item.name)).toEqual(['North abutment 50%']);
      const wildcard = await list(team.admin.token, { keyword: '_' });
      expect(wildcard.body.data.total).toBe(0);
    });

    it("shows only the caller's team, and validates the query", async () => {
      const team = await staffedTeam();
      const other = await staffedTeam();
      const { folder } = await buildFolder(other.id);
      await bin.moveToBin({ auth: other.adminCaller, kind: 'test-folder', entityId: folder.id });
      expect((await list(team.admin.token)).body.data.total).toBe(0);
      expect(
        (await server().call('GET', '/api/transaction/total/size', { token: team.admin.token })).body.data,
      ).toEqual({
        totalBytes: 0,
        count: 0,
      });
      const bad = await list(team.admin.token, { pageSize: '0', keyword: 'x'.repeat(51) });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe('VALIDATION_ERROR');
    });
  });

  describe('restore', () => {
    it('brings the entity and everything under it back intact, under the same ids', async () => {
      const team = await staffedTeam();
      const { folder, files } = await buildFolder(team.id);
      const before = { folder: await folderRows(folder.id), files: await fileRows(folder.id) };
      const { itemId } = await bin.moveToBin({ auth: team.adminCaller, kind: 'test-folder', entityId: folder.id });

      const response = await server().call('POST', '/api/transaction/data/restore', {
        token: team.admin.token,
        body: { ids: [itemId] },
      });
      expect(response.body).toMatchObject({ code: 2000, data: { count: 1 } });
      expect(await folderRows(folder.id)).toEqual(before.folder);
      expect(await fileRows(folder.id)).toEqual(before.files);
      for (const file of files) expect(await blobs.stat(file.blob_key)).not.toBeNull();
      expect((await list(team.admin.token)).body.data.total).toBe(0);
    });

    it('keeps a file binned before its folder inside the folder, and gives it back its own item on restore', async () => {
      const team = await staffedTeam();
      const { folder, files } = await buildFolder(team.id);
      const fileItem = await bin.moveToBin({ auth: team.adminCaller, kind: 'test-file', entityId: files[0]!.id });
      const folderItem = await bin.moveToBin({ auth: team.adminCaller, kind: 'test-folder', entityId: folder.id });
      expect((await list(team.admin.token)).body.data.records.map((item) => item.id)).toEqual([folderItem.itemId]);

      // The file's own item is inside the folder's: it cannot be restored or purged on its own.
      const hidden = await server().call('POST', '/api/transaction/data/restore', {
        token: team.admin.token,
        body: { ids: [fileItem.itemId] },
      });
      expect(hidden.body.msg).toBe('notFound');

      await server().call('POST', '/api/transaction/data/restore', {
        token: team.admin.token,
        body: { ids: [folderItem.itemId] },
      });
      const restored = await fileRows(folder.id);
      expect(restored.find((file) => file.id === files[0]!.id)?.deleted_at).toBeInstanceOf(Date);
      expect(restored.find((file) => file.id === files[1]!.id)?.deleted_at).toBeNull();
      expect((await list(team.admin.token)).body.data.records.map((item) => item.id)).toEqual([fileItem.itemId]);
    });

    it('answers NO_AUTH for another team, notFound for unknown ids, and keys for bad bodies', async () => {
      const team = await staffedTeam();
      const other = await staffedTeam();
      const { folder } = await buildFolder(other.id);
      const { itemId } = await bin.moveToBin({ auth: other.adminCaller, kind: 'test-folder', entityId: folder.id });

      const foreign = await server().call('POST', '/api/transaction/data/restore', {
        token: team.admin.token,
        body: { ids: [itemId] },
      });
      expect(foreign.status).toBe(403);
      expect(foreign.body).toMatchObject({ code: 4001, msg: 'NO_AUTH' });
      const unknown = await server().call('POST', '/api/transaction/data/restore', {
        token: other.admin.token,
        body: { ids: [itemId, 999_999] },
      });
      expect(unknown.body.msg).toBe('notFound');
      expect((await folderRows(folder.id))[0]?.deleted_at).toBeInstanceOf(Date);

      const empty = await server().call<{ issues: unknown[] }>('POST', '/api/transaction/data/restore', {
        token: other.admin.token,
        body: { ids: [] },
      });
      expect(empty.body.data.issues).toEqual([{ path: 'ids', key: 'required' }]);
      const wrongType = await server().call<{ issues: unknown[] }>('POST', '/api/transaction/data/restore', {
        token: other.admin.token,
        body: { ids: ['one'] },
      });
      expect(wrongType.body.data.issues).toEqual([{ path: 'ids.0', key: 'invalidValue' }]);
    });
  });

  describe('permanent deletion', () => {
    it('needs the login password (USER_PASSWORD_CHECK), then purges rows and blobs and frees the quota', async () => {
      const team = await staffedTeam();
      const { folder, files, size } = await buildFolder(team.id);
      const kept = await buildFolder(team.id, { name: 'Kept', files: ['kept'] });
      const { itemId } = await bin.moveToBin({ auth: team.adminCaller, kind: 'test-folder', entityId: folder.id });
      const usedBefore = await volumeUsed(team.id);

      const wrong = await server().call('POST', '/api/transaction/data/delete', {
        token: team.admin.token,
        body: { ids: [itemId], password: 'Wrong12345' },
      });
      expect(wrong.body).toMatchObject({ code: 4000, msg: 'USER_PASSWORD_CHECK' });
      expect(await folderRows(folder.id)).toHaveLength(1);

      const response = await server().call('POST', '/api/transaction/data/delete', {
        token: team.admin.token,
        body: { ids: [itemId], password: TEST_PASSWORD },
      });
      expect(response.body).toMatchObject({ code: 2000, data: { count: 1, freedBytes: size } });
      expect(await folderRows(folder.id)).toEqual([]);
      expect(await fileRows(folder.id)).toEqual([]);
      for (const file of files) expect(await blobs.stat(file.blob_key)).toBeNull();
      expect(await blobs.stat(kept.files[0]!.blob_key)).not.toBeNull();
      expect(await volumeUsed(team.id)).toBe(usedBefore - size);
      expect((await list(team.admin.token)).body.data.total).toBe(0);
    });

    it('purges a folder with the files binned inside it, their items too', async () => {
      const team = await staffedTeam();
      const { folder, files, size } = await buildFolder(team.id);
      const fileItem = await bin.moveToBin({ auth: team.adminCaller, kind: 'test-file', entityId: files[0]!.id });
      const folderItem = await bin.moveToBin({ auth: team.adminCaller, kind: 'test-folder', entityId: folder.id });
      const usedBefore = await volumeUsed(team.id);
      const response = await server().call('POST', '/api/transaction/data/delete', {
        token: team.owner.token,
        body: { ids: [folderItem.itemId], password: TEST_PASSWORD },
      });
      expect(response.body.data).toEqual({ count: 1, freedBytes: size });
      expect(await volumeUsed(team.id)).toBe(usedBefore - size);
      const items = await server()
        .db.selectFrom('recycle_items')
        .select('id')
        .where('id', 'in', [fileItem.itemId])
        .execute();
      expect(items).toEqual([]);
    });

    it("answers NO_AUTH for another team's item and validates the body", async () => {
      const team = await staffedTeam();
      const other = await staffedTeam();
      const { folder } = await buildFolder(other.id);
      const { itemId } = await bin.moveToBin({ auth: other.adminCaller, kind: 'test-folder', entityId: folder.id });
      const foreign = await server().call('POST', '/api/transaction/data/delete', {
        token: team.admin.token,
        body: { ids: [itemId], password: TEST_PASSWORD },
      });
      expect(foreign.body.msg).toBe('NO_AUTH');
      expect(await folderRows(folder.id)).toHaveLength(1);
      const missing = await server().call<{ issues: unknown[] }>('POST', '/api/transaction/data/delete', {
        token: team.admin.token,
        body: { ids: [itemId] },
      });
      expect(missing.body.data.issues).toEqual([{ path: 'password', key: 'required' }]);
    });
  });

  describe('emptying the bin', () => {
    it("needs the password, then purges every item of the caller's team and no other", async () => {
      const team = await staffedTeam();
      const other = await staffedTeam();
      const a = await buildFolder(team.id);
      const b = await buildFolder(team.id, { files: ['one more'] });
      const foreign = await buildFolder(other.id);
      await bin.moveToBin({ auth: team.adminCaller, kind: 'test-folder', entityId: a.folder.id });
      await bin.moveToBin({ auth: team.adminCaller, kind: 'test-folder', entityId: b.folder.id });
      await bin.moveToBin({ auth: other.adminCaller, kind: 'test-folder', entityId: foreign.folder.id });
      const usedBefore = await volumeUsed(team.id);

      const wrong = await server().call('POST', '/api/transaction/clean', {
        token: team.owner.token,
        body: { password: 'Wrong12345' },
      });
      expect(wrong.body.msg).toBe('USER_PASSWORD_CHECK');
      expect((await list(team.owner.token)).body.data.total).toBe(2);

      const response = await server().call('POST', '/api/transaction/clean', {
        token: team.owner.token,
        body: { password: TEST_PASSWORD },
      });
      expect(response.body.data).toEqual({ count: 2, freedBytes: a.size + b.size });
      expect(await volumeUsed(team.id)).toBe(usedBefore - a.size - b.size);
      expect(await folderRows(a.folder.id)).toEqual([]);
      expect(await folderRows(b.folder.id)).toEqual([]);
      expect((await list(team.owner.token)).body.data.total).toBe(0);
      expect((await list(other.owner.token)).body.data.total).toBe(1);
      expect(await folderRows(foreign.folder.id)).toHaveLength(1);
    });
  });

  describe("the 'project' kind, through the project calls", () => {
    it('deletes a project to the bin, restores it under the same id, then purges it with the password', async () => {
      const team = await staffedTeam();
      const project = await buildProject(server().db, { teamId: team.id, name: 'Yangpu Bridge' });
      const removed = await server().call('DELETE', `/api/project/${project.id}`, { token: team.admin.token });
      expect(removed.body.code).toBe(2000);
      expect((await server().call('GET', `/api/project/${project.id}`, { token: team.admin.token })).body.msg).toBe(
        'PROJECT_NO_ERROR',
      );
      const [item] = (await list(team.admin.token, { kind: 'project' })).body.data.records;
      expect(item).toMatchObject({ kind: 'project', name: 'Yangpu Bridge', deletedBy: { userId: team.admin.id } });

      const restored = await server().call('POST', '/api/transaction/data/restore', {
        token: team.owner.token,
        body: { ids: [item!.id] },
      });
      expect(restored.body.data).toEqual({ count: 1 });
      const detail = await server().call<{ id: number; name: string }>('GET', `/api/project/${project.id}`, {
        token: team.admin.token,
      });
      expect(detail.body.data).toMatchObject({ id: project.id, name: 'Yangpu Bridge' });

      await server().call('DELETE', `/api/project/${project.id}`, { token: team.admin.token });
      const [again] = (await list(team.admin.token, { kind: 'project' })).body.data.records;
      const purged = await server().call('POST', '/api/transaction/data/delete', {
        token: team.admin.token,
        body: { ids: [again!.id], password: TEST_PASSWORD },
      });
      expect(purged.body.data).toMatchObject({ count: 1 });
      const row = await server().db.selectFrom('projects').select('id').where('id', '=', project.id).executeTakeFirst();
      expect(row).toBeUndefined();
    });
  });

  describe('permissions', () => {
    it('lets viewers see nothing and inspectors change nothing (NO_AUTH); admins and owners both', async () => {
      const team = await staffedTeam();
      const { folder } = await buildFolder(team.id);
      const { itemId } = await bin.moveToBin({ auth: team.adminCaller, kind: 'test-folder', entityId: folder.id });
      for (const token of [team.viewer.token, team.inspector.token]) {
        for (const [method, url, body] of [
          ['GET', '/api/transaction', undefined],
          ['GET', '/api/transaction/total/size', undefined],
          ['POST', '/api/transaction/data/restore', { ids: [itemId] }],
          ['POST', '/api/transaction/data/delete', { ids: [itemId], password: TEST_PASSWORD }],
          ['POST', '/api/transaction/clean', { password: TEST_PASSWORD }],
        ] as const) {
          const response = await server().call(method, url, { token, body });
          expect(response.body.msg, `${method} ${url}`).toBe('NO_AUTH');
        }
      }
      const teamless = await buildSignedInUser(server().db);
      expect((await list(teamless.token)).body.msg).toBe('NO_AUTH');
      expect((await server().call('GET', '/api/transaction')).body.msg).toBe('LOGIN_FAILURE');
      expect((await list(team.owner.token)).body.data.total).toBe(1);
    });
  });
});
