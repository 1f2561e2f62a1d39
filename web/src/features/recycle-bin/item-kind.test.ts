import { describe, expect, it } from 'vitest';
import { kindKey } from './item-kind';

describe('recycle bin item kinds', () => {
  it('names the kinds it knows and leaves others as they are', () => {
    expect(kindKey('project')).toBe('project');
    expect(kindKey('spaceship')).toBeNull();
  });
});
