import { describe, expect, it } from 'vitest';
import { LIMITS } from '@sightline/shared';
import {
  SpeedMeter,
  batchSettled,
  batchTotals,
  clearResumeRecord,
  formatDuration,
  matchResume,
  readResumeRecord,
  recordOf,
  refusalOutcome,
  resumeRecordKey,
  screenFiles,
  secondsLeft,
  writeResumeRecord,
  type BatchFile,
} from './photo-batch';

const MB = 1024 * 1024;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const file = (id: string, size: number, state: BatchFile['state'], bytesUploaded = 0): BatchFile => ({
  id,
  name: `${id}.jpg`,
  size,
  bytesUploaded,
  state,
  failure: state === 'failed' ? { key: 'serviceError' } : null,
});

describe('photo batch checks', () => {
  it('refuses files that are not photos by name and type, too large ones with their size, and a name twice', () => {
    const { accepted, refused } = screenFiles([
      { name: 'DJI_0001.JPG', size: 5 * MB, type: 'image/jpeg' },
      { name: 'thermal.tiff', size: MB, type: '' },
      { name: 'scan', size: MB, type: 'image/png' },
      { name: 'flight.SRT', size: 1000, type: 'application/x-subrip' },
      { name: 'huge.jpg', size: LIMITS.singleFileBytes + 1, type: 'image/jpeg' },
      { name: 'DJI_0001.JPG', size: 5 * MB, type: 'image/jpeg' },
    ]);
    expect(accepted.map((chosen) => chosen.name)).toEqual(['DJI_0001.JPG', 'thermal.tiff', 'scan']);
    expect(refused).toEqual([
      { name: 'flight.SRT', size: 1000, reason: { key: 'inspectionPhotos.upload.notPhoto' } },
      {
        name: 'huge.jpg',
        size: LIMITS.singleFileBytes + 1,
        reason: { key: 'validation.fileTooLarge', params: { size: '100 MB', max: '100 MB' } },
      },
      { name: 'DJI_0001.JPG', size: 5 * MB, reason: { key: 'inspectionPhotos.upload.duplicateName' } },
    ]);
    // The limit itself is allowed; the size in the message is the file's own.
    expect(screenFiles([{ name: 'a.jpg', size: 150 * MB, type: '' }], 100 * MB).refused[0]?.reason.params).toEqual({
      size: '150 MB',
      max: '100 MB',
    });
    expect(screenFiles([{ name: 'a.jpg', size: 100 * MB, type: '' }], 100 * MB).accepted).toHaveLength(1);
  });
});

describe('photo batch totals', () => {
  it('counts finished, failed and moving files and their bytes', () => {
    const totals = batchTotals([
      file('a', 100, 'done', 100),
      file('b', 200, 'already'),
      file('c', 300, 'uploading', 120),
      file('d', 400, 'paused', 50),
      file('e', 500, 'failed', 10),
      file('f', 600, 'queued'),
    ]);
    expect(totals).toEqual({
      files: 6,
      finished: 2,
      done: 1,
      already: 1,
      failed: 1,
      active: 2,
      paused: 1,
      bytesTotal: 2100,
      // A file already on the server counts whole; the others by the bytes sent.
      bytesDone: 100 + 200 + 120 + 50 + 10,
    });
    expect(batchSettled(totals)).toBe(false);
    expect(batchSettled(batchTotals([file('a', 1, 'done'), file('b', 1, 'failed')]))).toBe(true);
    expect(batchSettled(batchTotals([]))).toBe(false);
  });
});

describe('upload speed and time left', () => {
  it('measures over a sliding window and falls when nothing moves', () => {
    const meter = new SpeedMeter(10_000);
    expect(meter.bytesPerSecond(0)).toBe(0);
    meter.add(0, 0);
    meter.add(200, 100);
    // Too short a moment to tell.
    expect(meter.bytesPerSecond(200)).toBe(0);
    meter.add(2_000, 2 * MB);
    expect(meter.bytesPerSecond(2_000)).toBeCloseTo(MB, -3);
    // Two more seconds without a byte: the same bytes over a longer time.
    expect(meter.bytesPerSecond(4_000)).toBeCloseTo(MB / 2, -3);
    // Old samples leave the window.
    meter.add(20_000, 12 * MB);
    meter.add(22_000, 14 * MB);
    expect(meter.bytesPerSecond(22_000)).toBeCloseTo(MB, -3);
    // A lower count (a file cancelled) starts over instead of reading as a negative speed.
    meter.add(23_000, MB);
    expect(meter.bytesPerSecond(23_000)).toBe(0);
  });

  it('tells the time left only while something moves', () => {
    expect(secondsLeft(10 * MB, MB)).toBe(10);
    expect(secondsLeft(10 * MB + 1, MB)).toBe(11);
    expect(secondsLeft(0, 0)).toBe(0);
    expect(secondsLeft(MB, 0)).toBeNull();
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(185)).toBe('3 min 5 s');
    expect(formatDuration(7_800)).toBe('2 h 10 min');
  });
});

describe('resume record', () => {
  const target = { inspectionId: 7, imageGroupId: 3, category: 'cable' as const };

  it('keeps the unfinished files of a batch and forgets it once none is left', () => {
    const storage = memoryStorage();
    writeResumeRecord(
      storage,
      recordOf(target, [
        { name: 'a.jpg', size: 10 },
        { name: 'b.jpg', size: 20 },
      ]),
    );
    expect(readResumeRecord(storage, 7)).toEqual({
      ...target,
      files: [
        { name: 'a.jpg', size: 10 },
        { name: 'b.jpg', size: 20 },
      ],
    });
    // Another inspection's screen does not see it.
    expect(readResumeRecord(storage, 8)).toBeNull();
    writeResumeRecord(storage, recordOf(target, []));
    expect(storage.items.has(resumeRecordKey(7))).toBe(false);
    expect(readResumeRecord(storage, 7)).toBeNull();
  });

  it('ignores a damaged or foreign record', () => {
    const storage = memoryStorage();
    storage.setItem(resumeRecordKey(7), '{not json');
    expect(readResumeRecord(storage, 7)).toBeNull();
    storage.setItem(resumeRecordKey(7), JSON.stringify({ ...target, category: 'thermal', files: [] }));
    expect(readResumeRecord(storage, 7)).toBeNull();
    storage.setItem(
      resumeRecordKey(7),
      JSON.stringify({ ...target, inspectionId: 9, files: [{ name: 'a', size: 1 }] }),
    );
    expect(readResumeRecord(storage, 7)).toBeNull();
    clearResumeRecord(storage, 7);
    expect(storage.items.size).toBe(0);
  });

  it('matches the files chosen again by name and size', () => {
    const record = recordOf(target, [
      { name: 'a.jpg', size: 10 },
      { name: 'b.jpg', size: 20 },
      { name: 'c.jpg', size: 30 },
    ]);
    const { resumed, fresh, missing } = matchResume(record, [
      { name: 'a.jpg', size: 10 },
      // Same name, another size: another file, uploaded as a new one (the server then refuses the name).
      { name: 'b.jpg', size: 21 },
      { name: 'd.jpg', size: 40 },
    ]);
    expect(resumed.map((chosen) => chosen.name)).toEqual(['a.jpg']);
    expect(fresh.map((chosen) => `${chosen.name}:${chosen.size}`)).toEqual(['b.jpg:21', 'd.jpg:40']);
    expect(missing).toEqual([
      { name: 'b.jpg', size: 20 },
      { name: 'c.jpg', size: 30 },
    ]);
  });

  it('takes a name refused as existing for "already uploaded" only in a resumed batch', () => {
    const existing = { key: 'INSPECTION_IMAGE_NAME_EXISTING', params: { name: 'a.jpg' } };
    expect(refusalOutcome(existing, true)).toBe('already');
    expect(refusalOutcome(existing, false)).toBe('failed');
    expect(refusalOutcome({ key: 'TEAM_VOLUME_EXCEED' }, true)).toBe('failed');
    expect(refusalOutcome({ key: 'FILE_TYPE_ERROR' }, true)).toBe('failed');
  });
});
