import { describe, expect, it } from 'vitest';
import { inspectionPaths, inspectionViewOf } from './inspection-paths';

describe('inspection paths', () => {
  it('reads the list with its project and the detail by id', () => {
    expect(inspectionViewOf('/inspection', '?projectId=12')).toEqual({ kind: 'list', projectId: 12 });
    expect(inspectionViewOf('/inspection', '')).toEqual({ kind: 'list', projectId: null });
    expect(inspectionViewOf('/inspection/34', '')).toEqual({ kind: 'detail', id: 34 });
    expect(inspectionViewOf(inspectionPaths.detail(5), '')).toEqual({ kind: 'detail', id: 5 });
  });

  it('reads the photo viewer of a photo of an inspection', () => {
    expect(inspectionViewOf(inspectionPaths.photo(5, 77), '')).toEqual({ kind: 'photo', inspectionId: 5, imageId: 77 });
    expect(inspectionViewOf('/inspection/5/photo/77/', '')).toEqual({ kind: 'photo', inspectionId: 5, imageId: 77 });
    // A bad photo id falls back to its inspection; a bad inspection id to the list.
    expect(inspectionViewOf('/inspection/5/photo/x', '')).toEqual({ kind: 'detail', id: 5 });
    expect(inspectionViewOf('/inspection/0/photo/7', '')).toEqual({ kind: 'list', projectId: null });
    expect(inspectionViewOf('/inspection/5/photo/7/extra', '')).toBeNull();
  });

  it('reads the image editor of a photo', () => {
    expect(inspectionViewOf(inspectionPaths.editor(5, 77), '')).toEqual({
      kind: 'editor',
      inspectionId: 5,
      imageId: 77,
    });
    expect(inspectionViewOf('/inspection/5/photo/77/edit/', '')).toEqual({
      kind: 'editor',
      inspectionId: 5,
      imageId: 77,
    });
    expect(inspectionViewOf('/inspection/5/photo/x/edit', '')).toEqual({ kind: 'detail', id: 5 });
    expect(inspectionViewOf('/inspection/5/photo/7/edit/more', '')).toBeNull();
  });

  it('ignores paths elsewhere and treats a bad id as the list', () => {
    expect(inspectionViewOf('/home', '')).toBeNull();
    expect(inspectionViewOf('/inspection/abc', '')).toEqual({ kind: 'list', projectId: null });
    expect(inspectionViewOf('/inspection/-3', '')).toEqual({ kind: 'list', projectId: null });
  });
});
