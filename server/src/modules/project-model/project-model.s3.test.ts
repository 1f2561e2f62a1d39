import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileLink, ProjectModel } from '@sightline/shared';
import { backends, startTestServer, type TestServer } from '../../../test/harness.js';
import { buildProjectScene } from '../../../test/factories/project.js';
import { syntheticTileset, tusClient, zipBuffer } from '../../../test/factories/project-model.js';
import { createS3BlobStore } from '../../platform/storage/s3-blob-store.js';

const S3_ACCESS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_BUCKET: 'sightline' };

/**
 * The whole path of a model on an S3-compatible store (s3rver, a real S3 server over HTTP): the upload is unzipped
 * into the bucket and its tiles are served through the tile route from there; no byte lands in DATA_DIR/files.
 */
describe.each(backends())('%s: a model held and served by an S3-compatible store', (backend) => {
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let server: TestServer;
  let baseUrl: string;

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-s3-model-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: S3_ACCESS.S3_BUCKET, configs: [] }],
    });
    endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
    server = await startTestServer(backend, { ...S3_ACCESS, S3_ENDPOINT: endpoint });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  async function model(projectId: number, token: string): Promise<ProjectModel | null> {
    return (await server.call<ProjectModel | null>('GET', `/api/project-model/findByProjectId/${projectId}`, { token }))
      .body.data;
  }

  it('unzips an upload into the bucket and serves its tiles from there with a signed link', async () => {
    const { team, projectId } = await buildProjectScene(server.db);
    const token = team.admin.token;
    // A name with a space and non-ASCII letters, as tilesets exported on Chinese systems have.
    const named = { name: 'tiles/块 1.b3dm', data: Buffer.from('a tile whose name needs care'), store: true };
    const entries = [...syntheticTileset(), named];
    const zip = await zipBuffer(entries);
    const client = tusClient(baseUrl, token);
    const created = await client.create(zip.length, { projectId: String(projectId), filename: 'm.zip' });
    expect((await client.patch(created.url!, 0, zip)).status).toBe(204);
    const deadline = Date.now() + 30_000;
    while ((await model(projectId, token))?.state !== 'done') {
      if (Date.now() > deadline) throw new Error('the unzip never finished');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const served = (await model(projectId, token))!;
    expect(served).toMatchObject({ version: 1, tilesetUrl: `/api/project-model/tiles/${projectId}/1/tileset.json` });

    // The bytes are in the bucket, none in the local files folder.
    const bucket = createS3BlobStore({
      endpoint,
      region: 'us-east-1',
      bucket: S3_ACCESS.S3_BUCKET,
      accessKeyId: S3_ACCESS.S3_ACCESS_KEY_ID,
      secretAccessKey: S3_ACCESS.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
    });
    const modelFolder = `teams/${team.id}/projects/${projectId}/model/`;
    expect(await bucket.folders(modelFolder)).toEqual(['1']);
    expect(fs.existsSync(path.join(server.config.FILES_DIR, modelFolder))).toBe(false);

    // As the 3D view loads it: a link to the version's folder, then tileset.json and the tiles it names.
    const link = await server.call<FileLink>('GET', '/api/web/file-link', {
      token: team.viewer.token,
      query: { folder: `/api/project-model/tiles/${projectId}/1/` },
    });
    // A viewer outside the project gets a link, but the project's files stay closed to them.
    const outsider = await fetch(`${baseUrl}${served.tilesetUrl}?${link.body.data.query}`);
    expect(outsider.status).toBe(404);
    const inspectorLink = await server.call<FileLink>('GET', '/api/web/file-link', {
      token: team.inspector.token,
      query: { folder: `/api/project-model/tiles/${projectId}/1/` },
    });
    const query = inspectorLink.body.data.query;
    const tileset = await fetch(`${baseUrl}${served.tilesetUrl}?${query}`);
    expect(tileset.status).toBe(200);
    expect(tileset.headers.get('content-type')).toContain('application/json');
    expect(tileset.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const tilesetJson = (await tileset.json()) as { root: { content: { uri: string } } };
    const tileUrl = new URL(tilesetJson.root.content.uri, `${baseUrl}${served.tilesetUrl}?${query}`);
    tileUrl.search = query;
    const tile = await fetch(tileUrl);
    expect(tile.status).toBe(200);
    const expected = entries.find((entry) => entry.name === 'tiles/0.b3dm')!.data as Buffer;
    expect(Buffer.from(await tile.arrayBuffer()).equals(expected)).toBe(true);
    const special = await fetch(
      `${baseUrl}/api/project-model/tiles/${projectId}/1/tiles/${encodeURIComponent('块 1.b3dm')}?${query}`,
    );
    expect(Buffer.from(await special.arrayBuffer()).equals(named.data)).toBe(true);

    // Revalidation and ranges work on the stored object as on a file.
    const etag = tile.headers.get('etag')!;
    const again = await server.app.inject({
      method: 'GET',
      url: `${tileUrl.pathname}?${query}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const ranged = await server.app.inject({
      method: 'GET',
      url: `${tileUrl.pathname}?${query}`,
      headers: { range: 'bytes=10-19' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(expected.subarray(10, 20))).toBe(true);

    // A version the database does not serve (what a crash in the middle of an unzip leaves) is never shown.
    await bucket.put(`${modelFolder}2/tileset.json`, Buffer.from('{"half":true}'));
    const half = await server.call('GET', `/api/project-model/tiles/${projectId}/2/tileset.json`, { token });
    expect(half.status).toBe(404);

    // Deleting the model empties its folder in the bucket.
    expect((await server.call('DELETE', `/api/project-model/delete/model/${projectId}`, { token })).body.code).toBe(
      2000,
    );
    expect(await bucket.folders(modelFolder)).toEqual([]);
  }, 60_000);
});
