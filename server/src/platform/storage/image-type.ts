/** The picture formats accepted for avatars, covers and logos. */
export type ImageType = 'jpg' | 'png';

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = { jpg: 'image/jpeg', png: 'image/png' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type by the file's first bytes: a name or a declared content type proves nothing. */
export function imageTypeOf(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= PNG_SIGNATURE.length && data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  return null;
}
