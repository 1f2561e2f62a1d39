import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore, type BlobStore } from './blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface StoreUnderTest {
  store: BlobStore;
  close: () => Promise<void>;
}

async function localStore(): Promise<StoreUnderTest> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-blobs-'));
  return { store: createLocalBlobStore(root), close: async () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** A real S3 server speaking the protocol over HTTP (s3rver), holding its objects in a temporary folder. */
async function s3Store(): Promise<StoreUnderTest> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'sightline', configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const store = createS3BlobStore({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'sightline',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return {
    store,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** What every blob store promises, whichever service holds the bytes. */
describe.each([
  ['a local folder', localStore],
  ['an S3-compatible service', s3Store],
] as const)('the blob store on %s', (_name, open) => {
  let subject: StoreUnderTest;
  let store: BlobStore;
  beforeAll(async () => {
    subject = await open();
    store = subject.store;
  });
  afterAll(() => subject.close());

  it('gives back exactly the bytes it was given, from a buffer or a stream, with their size', async () => {
    const small = randomBytes(1000);
    expect(await store.put('teams/1/covers/a.jpg', small)).toBe(1000);
    expect((await bytesOf(store.get('teams/1/covers/a.jpg'))).equals(small)).toBe(true);
    // Larger than one S3 part (5 MiB), from a stream of unknown length.
    const large = randomBytes(12 * 1024 * 1024 + 17);
    const chunks = Array.from({ length: 13 }, (_, index) =>
      large.subarray(index * 1024 * 1024, (index + 1) * 1024 * 1024),
    );
    expect(await store.put('teams/1/photos/large.tif', Readable.from(chunks))).toBe(large.length);
    expect(await store.stat('teams/1/photos/large.tif')).toMatchObject({ size: large.length });
    expect((await bytesOf(store.get('teams/1/photos/large.tif'))).equals(large)).toBe(true);
    expect((await store.read('teams/1/photos/large.tif')).equals(large)).toBe(true);
    expect((await store.read('teams/1/covers/a.jpg')).equals(small)).toBe(true);
  });

  it('replaces an object written again under the same key', async () => {
    await store.put('teams/1/logo.png', Buffer.from('first'));
    await store.put('teams/1/logo.png', Buffer.from('second version'));
    expect(await text(store.get('teams/1/logo.png'))).toBe('second version');
    const second = await store.stat('teams/1/logo.png');
    expect(second).toMatchObject({ size: 14 });
    await store.put('teams/1/logo.png', Buffer.from('third version!'));
    // Same size, other bytes: a cache holding the second version must see that it changed.
    expect((await store.stat('teams/1/logo.png'))?.etag).not.toBe(second?.etag);
  });

  it('reads a byte range, and says when an object was written', async () => {
    const before = Date.now();
    await store.put('teams/3/ranged.bin', Buffer.from('0123456789'));
    expect(await text(store.get('teams/3/ranged.bin', { start: 2, end: 5 }))).toBe('2345');
    expect(await text(store.get('teams/3/ranged.bin', { start: 9, end: 9 }))).toBe('9');
    const info = await store.stat('teams/3/ranged.bin');
    // S3 keeps times to the second.
    expect(info?.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(info?.etag).toMatch(/^(W\/)?".+"$/);
  });

  it('lists the objects of a folder at any depth, the folders directly in it, and deletes a folder whole', async () => {
    const keys = ['teams/4/model/1/tileset.json', 'teams/4/model/1/tiles/a b.b3dm', 'teams/4/model/2/tileset.json'];
    for (const key of keys) await store.put(key, Buffer.from(key));
    await store.put('teams/4/modelled.txt', Buffer.from('beside, not inside'));
    const listed = [];
    for await (const entry of store.list('teams/4/model/')) listed.push(entry);
    expect(listed.map((entry) => entry.key).sort()).toEqual([...keys].sort());
    expect(listed.find((entry) => entry.key === keys[1])).toMatchObject({ size: Buffer.byteLength(keys[1]!) });
    expect((await store.folders('teams/4/model/')).sort()).toEqual(['1', '2']);
    expect(await store.folders('teams/4/none/')).toEqual([]);

    await store.deleteFolder('teams/4/model/1/');
    expect(await store.folders('teams/4/model/')).toEqual(['2']);
    expect(await store.stat(keys[0]!)).toBeNull();
    expect(await store.stat('teams/4/modelled.txt')).toMatchObject({ size: 18 });
    await expect(store.deleteFolder('teams/4/model/1/')).resolves.toBeUndefined();
  });

  it('says a missing object is missing: no size, and a read that fails with ENOENT', async () => {
    expect(await store.stat('teams/1/none.jpg')).toBeNull();
    await expect(bytesOf(store.get('teams/1/none.jpg'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.read('teams/1/none.jpg')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('deletes, and deleting what is gone is no error', async () => {
    await store.put('teams/2/gone.jpg', Buffer.from('x'));
    await store.delete('teams/2/gone.jpg');
    expect(await store.stat('teams/2/gone.jpg')).toBeNull();
    await expect(store.delete('teams/2/gone.jpg')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave its space', async () => {
    for (const key of ['../etc/passwd', 'teams/../../x', '/absolute', 'teams//double', '', 'a\\..\\b', 'nul\u0000']) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow(/Unsafe blob key/);
    }
  });
});
