/**
 * Selecting photos in the grid: a click toggles one photo; a shift-click sets every photo between the last
 * clicked one (the anchor) and this one to the state the clicked photo takes, as file managers do.
 */
export interface PhotoSelection {
  ids: ReadonlySet<number>;
  /** Index in the listed photos of the last photo clicked. */
  anchor: number | null;
}

export const EMPTY_SELECTION: PhotoSelection = { ids: new Set(), anchor: null };

export function toggleSelection(
  selection: PhotoSelection,
  listed: ReadonlyArray<{ id: number }>,
  index: number,
  range: boolean,
): PhotoSelection {
  const photo = listed[index];
  if (!photo) return selection;
  const next = new Set(selection.ids);
  const select = !next.has(photo.id);
  const from = range && selection.anchor !== null && selection.anchor < listed.length ? selection.anchor : index;
  const [low, high] = from <= index ? [from, index] : [index, from];
  for (let at = low; at <= high; at++) {
    const id = listed[at]!.id;
    if (select) next.add(id);
    else next.delete(id);
  }
  return { ids: next, anchor: index };
}

/** Every listed (loaded) photo selected, the others kept. */
export function selectAll(selection: PhotoSelection, listed: ReadonlyArray<{ id: number }>): PhotoSelection {
  const next = new Set(selection.ids);
  for (const photo of listed) next.add(photo.id);
  return { ids: next, anchor: selection.anchor };
}

/** Drops ids no longer listed (deleted elsewhere, filtered out), so a batch delete names only what is shown. */
export function keepListed(selection: PhotoSelection, listed: ReadonlyArray<{ id: number }>): PhotoSelection {
  const present = new Set(listed.map((photo) => photo.id));
  const ids = [...selection.ids].filter((id) => present.has(id));
  return ids.length === selection.ids.size ? selection : { ids: new Set(ids), anchor: null };
}
