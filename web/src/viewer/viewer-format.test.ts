import { describe, expect, it } from 'vitest';
import { formatMetres, formatSquareMetres } from './viewer-format';

describe('viewer number formats', () => {
  it('keeps millimetres under 10 m and centimetres above', () => {
    expect(formatMetres(1.23456)).toBe('1.235 m');
    expect(formatMetres(-0.5)).toBe('-0.500 m');
    expect(formatMetres(123.456)).toBe('123.46 m');
    expect(formatSquareMetres(12309.072)).toBe('12309.07 m²');
    expect(formatSquareMetres(0.25)).toBe('0.250 m²');
  });
});
