/** Ids read from a page's query string (a link someone typed or kept): database ids, or nothing. */
const ID = /^[1-9]\d{0,9}$/;
const INTEGER_MAX = 2_147_483_647;

/** One id, or null when the text is not one. */
export function idParam(text: string): number | null {
  const value = ID.test(text.trim()) ? Number(text.trim()) : NaN;
  return Number.isInteger(value) && value <= INTEGER_MAX ? value : null;
}

/** Comma-separated ids in their order, each once; null when the list is empty or holds anything but ids. */
export function idListParam(text: string): number[] | null {
  const ids = text
    .split(',')
    .filter((part) => part.trim() !== '')
    .map(idParam);
  if (ids.length === 0 || ids.some((id) => id === null)) return null;
  return [...new Set(ids as number[])];
}
