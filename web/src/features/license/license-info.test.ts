import { describe, expect, it } from 'vitest';
import { normalizeFunctions } from './license-info';

describe('normalizeFunctions', () => {
  it('reads arrays of entries, arrays of names and name -> days maps', () => {
    expect(normalizeFunctions([{ name: 'ai', days: 30 }, { code: 'base' }, 'report', 7])).toEqual([
      { name: 'ai', days: 30 },
      { name: 'base', days: null },
      { name: 'report', days: null },
    ]);
    expect(normalizeFunctions({ monitoring: 365 })).toEqual([{ name: 'monitoring', days: 365 }]);
    expect(normalizeFunctions(undefined)).toEqual([]);
  });
});
