import { describe, expect, it } from 'vitest';
import { needsReload } from './project-version';

describe('needsReload', () => {
  it('reloads only when a version was seen before and it changed', () => {
    expect(needsReload('1.0.0', '1.1.0')).toBe(true);
    expect(needsReload('1.0.0', '1.0.0')).toBe(false);
    expect(needsReload(null, '1.0.0')).toBe(false);
  });
});
