import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '@sightline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { createLocalBlobStore } from '../storage/blob-store.js';
import { missingTilesetMessage, tilesetSample } from '@sightline/imagery/test-fixtures';
import { extractTilesetZip, inspectTilesetZip, type TilesetFileWriter } from './tileset-zip.js';

interface ZipEntry {
  name: string;
  data?: Buffer | string;
  directory?: boolean;
  mode?: number;
  compress?: boolean;
}

function zipBuffer(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    if (entry.directory) zip.addEmptyDirectory(entry.name);
    else {
      const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data ?? '');
      zip.addBuffer(data, entry.name, { mode: entry.mode, compress: entry.compress ?? true });
    }
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/**
 * yazl (rightly) refuses to write unsafe names, so hostile archives are written with a harmless name of the
 * same length and patched afterwards, in the local header and the central directory alike.
 */
function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  const source = Buffer.from(from);
  const target = Buffer.from(to);
  expect(target.length).toBe(source.length);
  const out = Buffer.from(zip);
  let replaced = 0;
  for (let at = out.indexOf(source); at !== -1; at = out.indexOf(source, at + 1)) {
    target.copy(out, at);
    replaced++;
  }
  expect(replaced).toBe(2);
  return out;
}

const TILESET = JSON.stringify({ asset: { version: '1.1' }, geometricError: 1, root: { geometricError: 0 } });

let work: string;
let counter = 0;
beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'sightline-archive-'));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

async function writeZip(contents: Buffer): Promise<string> {
  const file = path.join(work, `upload-${++counter}.zip`);
  await writeFile(file, contents);
  return file;
}

async function caught(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** Everything under `folder`, as sorted relative paths (folders end with '/'). */
async function tree(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)) + (e.isDirectory() ? '/' : ''))
    .sort();
}

/** Extraction into a folder, through the local blob store as the model's unzip writes. */
function intoFolder(folder: string): TilesetFileWriter {
  const store = createLocalBlobStore(folder);
  return (relative, data) => store.put(relative, data);
}

describe('inspectTilesetZip', () => {
  it('lists a tileset at the root with its size, writing nothing', async () => {
    const zip = await writeZip(
      await zipBuffer([
        { name: 'tileset.json', data: TILESET },
        { name: 'tiles/', directory: true },
        { name: 'tiles/0.b3dm', data: randomBytes(1000) },
        { name: '__MACOSX/._tileset.json', data: 'resource fork' },
      ]),
    );
    const before = await tree(work);
    expect(await inspectTilesetZip(zip)).toEqual({
      tilesetPath: 'tileset.json',
      fileCount: 2,
      totalUncompressedSize: TILESET.length + 1000,
    });
    expect(await tree(work)).toEqual(before);
  });

  it('finds tileset.json in the one top-level folder', async () => {
    const zip = await writeZip(
      await zipBuffer([
        { name: 'Bridge/tileset.json', data: TILESET },
        { name: 'Bridge/tiles/a.glb', data: 'glb' },
      ]),
    );
    expect((await inspectTilesetZip(zip)).tilesetPath).toBe('Bridge/tileset.json');
  });

  it('refuses archives without tileset.json, with it too deep, or in two folders', async () => {
    const cases: Array<[ZipEntry[], string]> = [
      [[{ name: 'tiles/0.b3dm', data: 'x' }], 'missing'],
      [[{ name: 'a/b/tileset.json', data: TILESET }], 'missing'],
      [[{ name: 'Tileset.JSON.bak', data: TILESET }], 'missing'],
      [
        [
          { name: 'a/tileset.json', data: TILESET },
          { name: 'b/tileset.json', data: TILESET },
        ],
        'ambiguous',
      ],
    ];
    for (const [entries, reason] of cases) {
      const error = await caught(inspectTilesetZip(await writeZip(await zipBuffer(entries))));
      expect(error.key).toBe('PROJECT_MODEL_TILESET_MISSING');
      expect(error.data).toMatchObject({ reason });
    }
  });

  it.each([
    ['xx/evil.sh', '../evil.sh', 'parentSegment'],
    ['model/xx/xx/evil', 'model/../../evil', 'parentSegment'],
    ['xtmp/evil.sh', '/tmp/evil.sh', 'absolutePath'],
    ['xxevil.dll', 'C:evil.dll', 'driveLetter'],
    ['xx_xx_evil', '..\\..\\evil', 'backslash'],
  ])('refuses the hostile entry %s -> %j (%s)', async (harmless, hostile, reason) => {
    const zip = renameEntry(
      await zipBuffer([
        { name: 'tileset.json', data: TILESET },
        { name: harmless, data: 'pwned' },
      ]),
      harmless,
      hostile,
    );
    const error = await caught(inspectTilesetZip(await writeZip(zip)));
    expect(error.key).toBe('PROJECT_MODEL_ZIP_UNSAFE');
    expect(error.data).toEqual({ reason, entry: hostile });
  });

  it('refuses symbolic links and duplicate entries', async () => {
    const link = await zipBuffer([
      { name: 'tileset.json', data: TILESET },
      { name: 'tiles', data: '/etc', mode: 0o120777 },
    ]);
    expect((await caught(inspectTilesetZip(await writeZip(link)))).data).toEqual({ reason: 'symlink', entry: 'tiles' });

    const twice = await zipBuffer([
      { name: 'tileset.json', data: TILESET },
      { name: 'tileset.json', data: '{"replaced":true}' },
    ]);
    const error = await caught(inspectTilesetZip(await writeZip(twice)));
    expect(error.key).toBe('PROJECT_MODEL_ZIP_UNSAFE');
    expect(error.data).toEqual({ reason: 'duplicate', entry: 'tileset.json' });
  });

  it('refuses files that are not zips, and truncated zips', async () => {
    const notZip = await caught(inspectTilesetZip(await writeZip(randomBytes(2048))));
    expect(notZip.key).toBe('PROJECT_MODEL_UPLOAD_ERROR');
    expect(notZip.data).toEqual({ reason: 'corrupt' });

    const whole = await zipBuffer([{ name: 'tileset.json', data: TILESET }]);
    const truncated = await caught(inspectTilesetZip(await writeZip(whole.subarray(0, whole.length - 10))));
    expect(truncated.key).toBe('PROJECT_MODEL_UPLOAD_ERROR');
  });
});

describe('extractTilesetZip', () => {
  it('extracts every file byte for byte and reports progress up to the total', async () => {
    const tile = randomBytes(3 * 1024 * 1024); // incompressible, over the 1 MiB progress step
    const zip = await writeZip(
      await zipBuffer([
        { name: 'model/', directory: true },
        { name: 'model/tileset.json', data: TILESET },
        { name: 'model/tiles/0/0.b3dm', data: tile },
        { name: 'model/tiles/0/1.b3dm', data: tile, compress: false },
        { name: 'model/empty.bin', data: '' },
      ]),
    );
    const dest = path.join(work, 'extract-ok', 'model-1');
    const progress: Array<[number, number]> = [];
    const result = await extractTilesetZip(zip, intoFolder(dest), {
      onProgress: (done, total) => progress.push([done, total]),
    });

    const total = TILESET.length + 2 * tile.length;
    expect(result).toEqual({
      tilesetPath: 'model/tileset.json',
      fileCount: 4,
      totalUncompressedSize: total,
    });
    expect(await readFile(path.join(dest, 'model/tileset.json'), 'utf8')).toBe(TILESET);
    expect((await readFile(path.join(dest, 'model/tiles/0/0.b3dm'))).equals(tile)).toBe(true);
    expect((await readFile(path.join(dest, 'model/tiles/0/1.b3dm'))).equals(tile)).toBe(true);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toEqual([total, total]);
    expect(await tree(dest)).toEqual([
      'model/',
      'model/empty.bin',
      'model/tiles/',
      'model/tiles/0/',
      'model/tiles/0/0.b3dm',
      'model/tiles/0/1.b3dm',
      'model/tileset.json',
    ]);
  });

  it('writes nothing at all for an unsafe archive', async () => {
    const zip = renameEntry(
      await zipBuffer([
        { name: 'tileset.json', data: TILESET },
        { name: 'xx/evil.sh', data: 'pwned' },
      ]),
      'xx/evil.sh',
      '../evil.sh',
    );
    const parent = path.join(work, 'extract-unsafe');
    await mkdir(parent);
    const error = await caught(extractTilesetZip(await writeZip(zip), intoFolder(path.join(parent, 'model'))));
    expect(error.key).toBe('PROJECT_MODEL_ZIP_UNSAFE');
    expect(await tree(parent)).toEqual([]);
  });

  it('stops at an entry that turns out corrupt, never writing it whole', async () => {
    const good = randomBytes(64 * 1024);
    const zip = await zipBuffer([
      { name: 'tileset.json', data: TILESET, compress: false },
      { name: 'a.b3dm', data: good, compress: false },
      { name: 'b.b3dm', data: Buffer.alloc(64 * 1024, 7), compress: false },
    ]);
    // Flip one byte inside b.b3dm's stored data: its CRC no longer matches.
    const at = zip.indexOf(Buffer.alloc(1024, 7));
    zip[at + 100] = 8;
    const parent = path.join(work, 'extract-corrupt');
    await mkdir(parent);
    const error = await caught(extractTilesetZip(await writeZip(zip), intoFolder(path.join(parent, 'model'))));
    expect(error.key).toBe('PROJECT_MODEL_UPLOAD_ERROR');
    expect(error.data).toEqual({ reason: 'checksum' });
    // The entries before it are whole; the caller, which writes where nothing is served yet, removes them.
    expect(await tree(parent)).toEqual(['model/', 'model/a.b3dm', 'model/tileset.json']);

    // The same damage inside deflated data is caught by the inflater.
    const deflated = await zipBuffer([
      { name: 'tileset.json', data: TILESET },
      { name: 'b.b3dm', data: randomBytes(64 * 1024) },
    ]);
    const dataStart = deflated.indexOf(Buffer.from('b.b3dm')) + 'b.b3dm'.length;
    for (let i = 200; i < 260; i++) deflated[dataStart + i] = (deflated[dataStart + i] ?? 0) ^ 0xff;
    const inflated = path.join(parent, 'inflated');
    const inflateError = await caught(extractTilesetZip(await writeZip(deflated), intoFolder(inflated)));
    expect(inflateError.key).toBe('PROJECT_MODEL_UPLOAD_ERROR');
    expect(await tree(inflated)).toEqual(['tileset.json']);
  });

  it('stops on abort, leaving no file half written', async () => {
    const entries: ZipEntry[] = [{ name: 'tileset.json', data: TILESET }];
    for (let i = 0; i < 8; i++)
      entries.push({ name: `tiles/${i}.b3dm`, data: randomBytes(1024 * 1024), compress: false });
    const zip = await writeZip(await zipBuffer(entries));
    const parent = path.join(work, 'extract-abort');
    await mkdir(parent);
    const controller = new AbortController();
    const rejection = await extractTilesetZip(zip, intoFolder(parent), {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((rejection as Error).name).toBe('AbortError');
    // Progress is first reported within the first tile: no tile is stored, not even in part.
    expect((await tree(parent)).filter((entry) => !entry.endsWith('/'))).toEqual(['tileset.json']);
  });

  const sample = '1.0/TilesetWithDiscreteLOD';
  const sampleDir = tilesetSample(sample);
  it.skipIf(!sampleDir)(`extracts the real ${sample} sample zipped on the fly`, async () => {
    const folder = sampleDir as string;
    const files = readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(folder, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    const zip = new yazl.ZipFile();
    for (const file of files) zip.addFile(path.join(folder, file), `DiscreteLOD/${file}`);
    zip.end();
    const zipPath = path.join(work, 'sample.zip');
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    writeFileSync(zipPath, Buffer.concat(chunks));

    const dest = path.join(work, 'extract-sample');
    const result = await extractTilesetZip(zipPath, intoFolder(dest));
    expect(result.tilesetPath).toBe('DiscreteLOD/tileset.json');
    expect(result.fileCount).toBe(files.length);
    for (const file of files) {
      expect(readFileSync(path.join(dest, 'DiscreteLOD', file)).equals(readFileSync(path.join(folder, file)))).toBe(
        true,
      );
    }
    const tileset = JSON.parse(readFileSync(path.join(dest, result.tilesetPath), 'utf8')) as {
      root: { content: { uri: string } };
    };
    expect(tileset.root.content.uri).toBe('dragon_low.b3dm');
  });
  if (!sampleDir) console.warn(missingTilesetMessage(sample));
});
