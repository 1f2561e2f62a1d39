import { describe, expect, it } from 'vitest';
import { formatBytes, formatGigabytes, storagePercent, tooLarge } from './sizes';

describe('formatBytes', () => {
  it('uses binary units with one decimal, none from 100 up', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(24 * 1024 * 1024)).toBe('24 MB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.3 GB');
    expect(formatBytes(5 * 1024 ** 4)).toBe('5 TB');
  });

  it('reads nothing sensible as nothing', () => {
    expect(formatBytes(-1)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });

  it('shows team storage, given in GB, in the same units', () => {
    expect(formatGigabytes(90)).toBe('90 GB');
    expect(formatGigabytes(0.5)).toBe('512 MB');
    expect(formatGigabytes(0)).toBe('0 B');
  });
});

describe('tooLarge', () => {
  it('names the size and the limit of a file over it, and nothing for one within', () => {
    expect(tooLarge(12.5 * 1024 * 1024, 10 * 1024 * 1024)).toEqual({ size: '12.5 MB', max: '10 MB' });
    expect(tooLarge(10 * 1024 * 1024, 10 * 1024 * 1024)).toBeNull();
  });
});

describe('storagePercent', () => {
  it('is the used share with one decimal, full for a team without storage', () => {
    expect(storagePercent(4.5, 10)).toBe(45);
    expect(storagePercent(9.123, 10)).toBe(91.2);
    expect(storagePercent(12, 10)).toBe(100);
    expect(storagePercent(0, 0)).toBe(100);
  });
});
