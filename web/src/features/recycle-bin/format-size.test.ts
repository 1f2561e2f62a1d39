import { describe, expect, it } from 'vitest';
import { formatBytes, kindKey } from './format-size';

describe('formatBytes', () => {
  it('counts in 1024s with one decimal from KB up', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GB');
    expect(formatBytes(-1)).toBe('0 B');
  });

  it('names the kinds it knows and leaves others as they are', () => {
    expect(kindKey('project')).toBe('project');
    expect(kindKey('spaceship')).toBeNull();
  });
});
