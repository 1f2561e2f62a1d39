import { idListParam, idParam } from '../../lib/id-params';

/** The path of the pose adjustment page for photos of an inspection. */
export function poseAdjustmentPath(inspectionId: number, imageIds: readonly number[]): string {
  return `/poseAdjustment?inspectionId=${inspectionId}&imageIds=${imageIds.join(',')}`;
}

/**
 * The page's query: `inspectionId` and `imageIds` (comma separated, repeated ones once, at most `max`); null when
 * either is missing or not a list of ids, so the page says what is wrong instead of asking the server.
 */
export function poseAdjustmentQuery(
  params: URLSearchParams,
  max: number,
): { inspectionId: number; imageIds: number[] } | null {
  const inspectionId = idParam(params.get('inspectionId') ?? '');
  const imageIds = idListParam(params.get('imageIds') ?? '');
  if (inspectionId === null || imageIds === null) return null;
  return imageIds.length > max ? null : { inspectionId, imageIds };
}
