import { describe, expect, it } from 'vitest';
import { photoComparePath, photoCompareQuery } from './photo-compare-paths';

const query = (path: string) => photoCompareQuery(new URL(path, 'http://x').searchParams);

describe('the comparison page query', () => {
  it('reads back what the path writes', () => {
    expect(query(photoComparePath('3d', [7, 3]))).toEqual({ mode: '3d', imageIds: [7, 3] });
  });

  it('reads an unknown mode as 2D, repeated ids once, and a list with anything but ids as none', () => {
    expect(query('/imgcompare?mode=4d&images=1,2,2')).toEqual({ mode: '2d', imageIds: [1, 2] });
    expect(query('/imgcompare?images=1,x')).toEqual({ mode: '2d', imageIds: [] });
    expect(query('/imgcompare')).toEqual({ mode: '2d', imageIds: [] });
  });
});
