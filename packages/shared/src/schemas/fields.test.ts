import { describe, expect, it } from 'vitest';
import { pageQuerySchema } from '../envelope.js';
import { LIMITS } from '../limits.js';
import { idField, idParam } from './fields.js';

describe('ids and pages fit the integer columns they are looked up in', () => {
  it('accepts ids up to the largest PostgreSQL integer and refuses the next one', () => {
    expect(idParam.safeParse(String(LIMITS.integerMax)).success).toBe(true);
    expect(idField.safeParse(LIMITS.integerMax).success).toBe(true);
    for (const tooLarge of [2 ** 31, 2 ** 53, 1e308]) {
      expect(idParam.safeParse(String(tooLarge)).error?.issues[0]?.message).toBe('invalidValue');
      expect(idField.safeParse(tooLarge).error?.issues[0]?.message).toBe('invalidValue');
    }
  });

  it('refuses a page whose row offset no database accepts', () => {
    expect(pageQuerySchema.safeParse({ pageNum: String(LIMITS.integerMax) }).success).toBe(true);
    expect(pageQuerySchema.safeParse({ pageNum: String(2 ** 53) }).success).toBe(false);
  });
});
