/** The photo formats SPEC section 5 accepts, recognised by their first bytes, never by the file name. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/tiff'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean =>
  bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);

/**
 * JPEG (SOI followed by a marker), PNG (its 8-byte signature) or TIFF (II*\0 little-endian, MM\0* big-endian; BigTIFF
 * is left out: no camera writes it). A library such as file-type knows hundreds of formats; we need three, each a
 * fixed signature, so these lines are the whole job.
 */
export function detectImageContentType(bytes: Uint8Array): ImageContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  return null;
}
