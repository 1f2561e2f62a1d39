import { describe, expect, it } from 'vitest';
import { EntryPathRegistry, checkEntryPath, checkEntryType } from './entry-path.js';

describe('checkEntryPath', () => {
  it.each([
    ['tileset.json', 'tileset.json', false],
    ['model/tiles/0/0.b3dm', 'model/tiles/0/0.b3dm', false],
    ['./model//a.glb', 'model/a.glb', false],
    ['model/', 'model', true],
    ['模型/瓦片.b3dm', '模型/瓦片.b3dm', false],
  ])('accepts %s as %s', (name, normalized, isDirectory) => {
    expect(checkEntryPath(name)).toEqual({ ok: true, path: normalized, isDirectory });
  });

  it.each([
    ['../evil.sh', 'parentSegment'],
    ['model/../../evil', 'parentSegment'],
    ['model/..', 'parentSegment'],
    ['/etc/passwd', 'absolutePath'],
    ['//server/share/x', 'absolutePath'],
    ['C:/Windows/evil.dll', 'driveLetter'],
    ['c:evil', 'driveLetter'],
    ['model\\..\\..\\evil', 'backslash'],
    ['\\evil', 'backslash'],
    ['file.txt:stream', 'colon'],
    ['evil\u0000.json', 'controlCharacter'],
    ['a\nb', 'controlCharacter'],
    [`${'x'.repeat(256)}/a`, 'tooLong'],
    ['a/'.repeat(600), 'tooLong'],
  ])('refuses %j (%s)', (name, reason) => {
    expect(checkEntryPath(name)).toEqual({ ok: false, reason });
  });

  it('skips the root and macOS resource forks', () => {
    expect(checkEntryPath('./')).toMatchObject({ ok: true, path: null });
    expect(checkEntryPath('__MACOSX/model/._tileset.json')).toMatchObject({ ok: true, path: null });
    expect(checkEntryPath('model/._a.b3dm')).toMatchObject({ ok: true, path: null });
    expect(checkEntryPath('model/.DS_Store')).toMatchObject({ ok: true, path: null });
  });
});

describe('checkEntryType', () => {
  it('accepts regular files, folders and archives without a Unix mode; refuses links and devices', () => {
    expect(checkEntryType(0)).toBeNull();
    expect(checkEntryType((0o100644 << 16) >>> 0)).toBeNull();
    expect(checkEntryType((0o040755 << 16) >>> 0)).toBeNull();
    expect(checkEntryType(0x20)).toBeNull(); // MS-DOS "archive" attribute only
    expect(checkEntryType((0o120777 << 16) >>> 0)).toBe('symlink');
    expect(checkEntryType((0o020666 << 16) >>> 0)).toBe('specialFile');
  });
});

describe('EntryPathRegistry', () => {
  it('refuses duplicates and files that collide with folders', () => {
    const registry = new EntryPathRegistry();
    expect(registry.add('a/b.json', false)).toBeNull();
    expect(registry.add('a', true)).toBeNull();
    expect(registry.add('a/b.json', false)).toBe('duplicate');
    expect(registry.add('a', false)).toBe('fileDirectoryConflict');
    expect(registry.add('a/b.json/c', false)).toBe('fileDirectoryConflict');
    expect(registry.add('a/b.json', true)).toBe('fileDirectoryConflict');
  });
});
