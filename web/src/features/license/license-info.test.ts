import { describe, expect, it } from 'vitest';
import { daysLeft } from './license-info';

describe('daysLeft', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('counts whole days up to the expiry, rounding up', () => {
    expect(daysLeft('2026-01-31T00:00:00Z', now)).toBe(30);
    expect(daysLeft('2026-01-01T06:00:00Z', now)).toBe(1);
  });

  it('reads a past expiry as 0 and no expiry as null', () => {
    expect(daysLeft('2025-12-01T00:00:00Z', now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
    expect(daysLeft('not a date', now)).toBeNull();
  });
});
