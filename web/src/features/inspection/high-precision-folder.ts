import { looksLikePhoto } from './photo-batch';

/**
 * SPEC section 5's checks of a high-precision folder, made before anything is sent: the folder holds one .xml (the
 * pose export) and images; and the point cloud's pair, one .pcd with one .xml.
 */

export interface FolderFile {
  name: string;
  type: string;
}

export type FolderScreen<F extends FolderFile> =
  { ok: true; xml: F; images: F[] } | { ok: false; reason: { key: string; params?: Record<string, string | number> } };

export function screenFolder<F extends FolderFile>(files: readonly F[]): FolderScreen<F> {
  const xmls = files.filter((file) => file.name.toLowerCase().endsWith('.xml'));
  const images = files.filter((file) => looksLikePhoto(file.name, file.type));
  if (xmls.length > 1) {
    return { ok: false, reason: { key: 'highPrecisionUi.folderHasManyXml', params: { count: xmls.length } } };
  }
  if (xmls.length === 0 || images.length === 0) {
    return { ok: false, reason: { key: 'highPrecisionUi.folderNeedsXmlAndImages' } };
  }
  return { ok: true, xml: xmls[0]!, images };
}

/** A selection's identity, to notice the same folder chosen twice: the XML and the image names. */
export function folderSignature(xml: { name: string; size: number }, imageNames: readonly string[]): string {
  return JSON.stringify([xml.name, xml.size, [...imageNames].sort()]);
}

/** Whether a resumed import was started with other images than the folder chosen now. */
export function isOtherFolder(importedNames: readonly string[], chosenNames: readonly string[]): boolean {
  const chosen = new Set(chosenNames.map((name) => name.normalize('NFC').toLowerCase()));
  return importedNames.some((name) => !chosen.has(name.normalize('NFC').toLowerCase()));
}

export function screenPointCloud<F extends { name: string }>(
  files: readonly F[],
): { ok: true; pcd: F; xml: F } | { ok: false } {
  const pcds = files.filter((file) => file.name.toLowerCase().endsWith('.pcd'));
  const xmls = files.filter((file) => file.name.toLowerCase().endsWith('.xml'));
  if (pcds.length !== 1 || xmls.length !== 1) return { ok: false };
  return { ok: true, pcd: pcds[0]!, xml: xmls[0]! };
}
