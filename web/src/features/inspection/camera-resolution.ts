import { imageSize } from 'image-size';
import type { CameraParamItem } from '@sightline/shared';

/**
 * SPEC section 5: "camera resolution differing from image resolution warns and asks to continue". The photos of a
 * batch come from one camera, so a sample of them is read, each from its first bytes only (the frame header sits
 * after the EXIF and XMP, within the first few hundred kilobytes of a drone photo).
 */
export const RESOLUTION_SAMPLE = 20;
const HEAD_BYTES = 512 * 1024;

export interface Resolution {
  width: number;
  height: number;
}

/** A photo's pixel size from its header, or null when the header cannot be read (the server still checks). */
export function resolutionOf(head: Uint8Array): Resolution | null {
  try {
    const { width, height } = imageSize(head);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** The photo resolutions of a sample that differ from the camera's, in either orientation; empty when all match. */
export function differingResolutions(
  camera: Pick<CameraParamItem, 'imageWidthPx' | 'imageHeightPx'>,
  photos: ReadonlyArray<Resolution | null>,
): Resolution[] {
  const matches = (size: Resolution) =>
    (size.width === camera.imageWidthPx && size.height === camera.imageHeightPx) ||
    (size.width === camera.imageHeightPx && size.height === camera.imageWidthPx);
  const differing = new Map<string, Resolution>();
  for (const size of photos) if (size && !matches(size)) differing.set(`${size.width}x${size.height}`, size);
  return [...differing.values()];
}

/** Reads the sample of `files` and answers the resolutions that differ from the camera's. */
export async function cameraResolutionMismatch(
  camera: Pick<CameraParamItem, 'imageWidthPx' | 'imageHeightPx'>,
  files: readonly File[],
): Promise<Resolution[]> {
  const sample = files.slice(0, RESOLUTION_SAMPLE);
  const sizes = await Promise.all(
    sample.map(async (file) => resolutionOf(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()))),
  );
  return differingResolutions(camera, sizes);
}
