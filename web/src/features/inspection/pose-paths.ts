/** The path of the pose adjustment page for photos of an inspection. */
export function poseAdjustmentPath(inspectionId: number, imageIds: readonly number[]): string {
  return `/poseAdjustment?inspectionId=${inspectionId}&imageIds=${imageIds.join(',')}`;
}

const ID = /^[1-9]\d{0,9}$/;
const INTEGER_MAX = 2_147_483_647;
const idOf = (text: string): number | null => {
  const value = ID.test(text.trim()) ? Number(text.trim()) : NaN;
  return Number.isInteger(value) && value <= INTEGER_MAX ? value : null;
};

/**
 * The page's query: `inspectionId` and `imageIds` (comma separated, repeated ones once, at most `max`); null when
 * either is missing or not a list of ids, so the page says what is wrong instead of asking the server.
 */
export function poseAdjustmentQuery(
  params: URLSearchParams,
  max: number,
): { inspectionId: number; imageIds: number[] } | null {
  const inspectionId = idOf(params.get('inspectionId') ?? '');
  const parts = (params.get('imageIds') ?? '').split(',').filter((part) => part.trim() !== '');
  const ids = parts.map(idOf);
  if (inspectionId === null || ids.length === 0 || ids.some((id) => id === null)) return null;
  const imageIds = [...new Set(ids as number[])];
  return imageIds.length > max ? null : { inspectionId, imageIds };
}
