import { describe, expect, it } from 'vitest';
import { canProjectAnother, checkPhotoComparison } from './photo-compare.js';

const photo = (id: number, inspectionId: number) => ({ id, inspectionId });

describe('photo comparison rules', () => {
  it('takes 2 to 4 photos of different inspections in 2D, and exactly 2 in 3D', () => {
    expect(checkPhotoComparison('2d', [photo(1, 10), photo(2, 20)])).toEqual([]);
    expect(checkPhotoComparison('2d', [photo(1, 10), photo(2, 20), photo(3, 30), photo(4, 40)])).toEqual([]);
    expect(checkPhotoComparison('3d', [photo(1, 10), photo(2, 20)])).toEqual([]);
  });

  it('refuses one photo and five photos in 2D, with the bounds and the count', () => {
    expect(checkPhotoComparison('2d', [photo(1, 10)])).toEqual([
      { key: 'count2d', min: 2, max: 4, count: 1 },
      { key: 'oneInspection' },
    ]);
    const five = [1, 2, 3, 4, 5].map((id) => photo(id, id * 10));
    expect(checkPhotoComparison('2d', five)).toEqual([{ key: 'count2d', min: 2, max: 4, count: 5 }]);
  });

  it('refuses anything but two photos in 3D', () => {
    const three = [photo(1, 10), photo(2, 20), photo(3, 30)];
    expect(checkPhotoComparison('3d', three)).toEqual([{ key: 'count3d', required: 2, count: 3 }]);
    expect(checkPhotoComparison('3d', [])).toEqual([{ key: 'count3d', required: 2, count: 0 }]);
  });

  it('refuses two photos of one inspection, naming it, even among others', () => {
    expect(checkPhotoComparison('2d', [photo(1, 10), photo(2, 20), photo(3, 20)])).toEqual([
      { key: 'sameInspection', inspectionId: 20 },
    ]);
    expect(checkPhotoComparison('3d', [photo(1, 10), photo(2, 10)])).toEqual([
      { key: 'sameInspection', inspectionId: 10 },
    ]);
  });

  it('refuses a comparison within one inspection when no photo repeats it', () => {
    expect(checkPhotoComparison('3d', [photo(1, 10)])).toEqual([
      { key: 'count3d', required: 2, count: 1 },
      { key: 'oneInspection' },
    ]);
  });

  it('projects at most 10 photos at once', () => {
    expect(canProjectAnother(9)).toBe(true);
    expect(canProjectAnother(10)).toBe(false);
  });
});
