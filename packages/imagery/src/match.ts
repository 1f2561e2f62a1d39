/**
 * SPEC section 5's rules for a high-precision upload, as pure decisions: the photos of a pose export matched to the
 * uploaded images by file name; the XML must cover every image; an XML with more photos than the upload asks to
 * continue; an XML whose checksum changed blocks a resume.
 */
import { createHash } from 'node:crypto';

/**
 * - `match`: every image has exactly one XML photo and the other way round.
 * - `fewerImagesThanExport`: every image is matched but the XML lists more photos: ask the user to continue.
 * - `mismatch`: an image has no XML photo, a name is ambiguous, or nothing matched: the upload is refused.
 */
export type PoseExportVerdict = 'match' | 'fewerImagesThanExport' | 'mismatch';

export interface PoseExportMatch<Entry extends { name: string }> {
  verdict: PoseExportVerdict;
  matched: Array<{ image: string; entry: Entry }>;
  /** Uploaded images no XML photo names. */
  imagesMissingFromExport: string[];
  /** XML photos no uploaded image answers to. */
  entriesWithoutImage: Entry[];
  /** Names that stand for more than one image or more than one XML photo (e.g. "a.JPG" and "a.jpg"). */
  ambiguous: string[];
}

/**
 * File names compare without case (exports written on Windows change it) and in one Unicode form. A name without an
 * extension (Metashape labels cameras "DJI_0001") matches an image by its name without extension.
 */
const key = (name: string): string => name.normalize('NFC').toLowerCase();
const stem = (name: string): string => name.replace(/\.[^.]*$/, '');
const hasExtension = (name: string): boolean => /\.[^.]+$/.test(name);

export function matchPoseExport<Entry extends { name: string }>(
  entries: readonly Entry[],
  imageNames: readonly string[],
): PoseExportMatch<Entry> {
  const ambiguous = new Set<string>();
  const byKey = new Map<string, Entry>();
  for (const entry of entries) {
    const k = key(entry.name);
    if (byKey.has(k)) ambiguous.add(entry.name);
    else byKey.set(k, entry);
  }

  const seenImages = new Set<string>();
  const used = new Set<Entry>();
  const matched: Array<{ image: string; entry: Entry }> = [];
  const imagesMissingFromExport: string[] = [];
  for (const image of imageNames) {
    const k = key(image);
    if (seenImages.has(k)) {
      ambiguous.add(image);
      continue;
    }
    seenImages.add(k);
    const exact = byKey.get(k);
    const byStem = byKey.get(stem(k));
    const entry = exact ?? (byStem && !hasExtension(byStem.name) ? byStem : undefined);
    if (!entry) imagesMissingFromExport.push(image);
    else if (used.has(entry)) ambiguous.add(entry.name);
    else {
      used.add(entry);
      matched.push({ image, entry });
    }
  }

  const entriesWithoutImage = entries.filter((entry) => !used.has(entry) && !ambiguous.has(entry.name));
  const verdict: PoseExportVerdict =
    imagesMissingFromExport.length > 0 || ambiguous.size > 0 || matched.length === 0
      ? 'mismatch'
      : entriesWithoutImage.length > 0
        ? 'fewerImagesThanExport'
        : 'match';
  return { verdict, matched, imagesMissingFromExport, entriesWithoutImage, ambiguous: [...ambiguous] };
}

/** The checksum stored when a high-precision upload starts, compared when it resumes. */
export function poseExportChecksum(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A resume goes on only with the very XML it started with. */
export function canResumeWithExport(startedChecksum: string, bytes: Uint8Array): boolean {
  return poseExportChecksum(bytes) === startedChecksum;
}
