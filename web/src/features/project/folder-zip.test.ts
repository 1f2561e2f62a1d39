import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { folderEntries, folderName, zipFolder } from './folder-zip';

function fileIn(path: string, text: string, lastModified = Date.UTC(2024, 4, 1)) {
  const file = new File([text], path.split('/').at(-1) ?? path, { lastModified });
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

describe('zipping a tileset folder in the browser', () => {
  const files = [
    fileIn('bridge/tiles/0.b3dm', 'tile bytes'),
    fileIn('bridge/tileset.json', '{"asset":{"version":"1.0"}}', Date.UTC(2024, 5, 1)),
    fileIn('bridge/.DS_Store', 'finder'),
  ];

  it('keeps the folder paths, sorted, without hidden files', () => {
    const entries = folderEntries(files);
    expect(entries.map((entry) => entry.path)).toEqual(['bridge/tiles/0.b3dm', 'bridge/tileset.json']);
    expect(folderName(entries)).toBe('bridge');
  });

  it('writes a zip any reader opens, and the same bytes every time', async () => {
    const progress: number[] = [];
    const first = await zipFolder(folderEntries(files), (done) => progress.push(done));
    const second = await zipFolder(folderEntries(files));
    const bytes = new Uint8Array(await first.blob.arrayBuffer());
    expect(bytes).toEqual(new Uint8Array(await second.blob.arrayBuffer()));
    const contents = unzipSync(bytes);
    expect(Object.keys(contents).sort()).toEqual(['bridge/tiles/0.b3dm', 'bridge/tileset.json']);
    expect(strFromU8(contents['bridge/tileset.json'] as Uint8Array)).toBe('{"asset":{"version":"1.0"}}');
    expect(first.lastModified).toBe(Date.UTC(2024, 5, 1));
    expect(progress.at(-1)).toBe(10 + 27);
  });

  it('stops when asked to', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(zipFolder(folderEntries(files), undefined, controller.signal)).rejects.toThrow();
  });
});
