import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, keepListed, selectAll, toggleSelection } from './photo-selection';

const listed = [10, 11, 12, 13, 14, 15].map((id) => ({ id }));
const ids = (selection: { ids: ReadonlySet<number> }) => [...selection.ids].sort((a, b) => a - b);

describe('photo selection', () => {
  it('toggles one photo per click', () => {
    const one = toggleSelection(EMPTY_SELECTION, listed, 1, false);
    expect(ids(one)).toEqual([11]);
    expect(one.anchor).toBe(1);
    expect(ids(toggleSelection(one, listed, 1, false))).toEqual([]);
  });

  it('selects a range with shift from the last clicked photo, both ways, and clears a range the same way', () => {
    const anchored = toggleSelection(EMPTY_SELECTION, listed, 1, false);
    const range = toggleSelection(anchored, listed, 4, true);
    expect(ids(range)).toEqual([11, 12, 13, 14]);
    const backwards = toggleSelection(toggleSelection(EMPTY_SELECTION, listed, 5, false), listed, 3, true);
    expect(ids(backwards)).toEqual([13, 14, 15]);
    // Shift-clicking a selected photo clears the range from the anchor.
    expect(ids(toggleSelection(range, listed, 2, true))).toEqual([11, 12, 13, 14].filter((id) => id < 12 || id > 14));
    // Without an anchor a shift-click is a plain click.
    expect(ids(toggleSelection(EMPTY_SELECTION, listed, 2, true))).toEqual([12]);
  });

  it('selects every loaded photo and drops ids no longer listed', () => {
    const all = selectAll(toggleSelection(EMPTY_SELECTION, listed, 0, false), listed);
    expect(ids(all)).toEqual([10, 11, 12, 13, 14, 15]);
    const kept = keepListed(all, listed.slice(2));
    expect(ids(kept)).toEqual([12, 13, 14, 15]);
    // Nothing to drop: the same selection, so a render does not loop.
    expect(keepListed(kept, listed)).toBe(kept);
  });
});
