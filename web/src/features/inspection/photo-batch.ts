import { z } from 'zod';
import { IMAGE_CATEGORIES, LIMITS, type ImageCategory } from '@sightline/shared';
import type { UploadFailure } from '../../api/uploads/upload-error';
import { formatBytes } from '../../lib/sizes';

/**
 * The bookkeeping of a photo upload batch, pure so it is tested without a browser: the early checks of chosen
 * files, the per-file states and their totals, speed and time left, and the small record of an unfinished batch
 * kept in local storage so that after a reload choosing the same files again continues it.
 */

/** The photo types the server reads; the extension or the browser's MIME type is only a hint, the bytes decide. */
const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.tif', '.tiff'];
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/tiff'];

export function looksLikePhoto(name: string, type: string): boolean {
  const lower = name.toLowerCase();
  return PHOTO_EXTENSIONS.some((extension) => lower.endsWith(extension)) || PHOTO_TYPES.includes(type);
}

export interface ChosenFile {
  name: string;
  size: number;
  type: string;
}

export interface RefusedFile {
  name: string;
  size: number;
  /** A catalogue key with its parameters. */
  reason: { key: string; params?: Record<string, string | number> };
}

/**
 * Splits a selection into the files to send and those refused before any byte leaves: not a photo by name and
 * type, over the single-file limit (the message gives the file's size), or a name already chosen (the server
 * keeps one photo per name in an inspection, and a folder may hold the same name in two subfolders).
 */
export function screenFiles<F extends ChosenFile>(
  files: readonly F[],
  maxBytes: number = LIMITS.singleFileBytes,
): { accepted: F[]; refused: RefusedFile[] } {
  const accepted: F[] = [];
  const refused: RefusedFile[] = [];
  const names = new Set<string>();
  for (const file of files) {
    const base = { name: file.name, size: file.size };
    if (!looksLikePhoto(file.name, file.type)) {
      refused.push({ ...base, reason: { key: 'inspectionPhotos.upload.notPhoto' } });
    } else if (file.size > maxBytes) {
      refused.push({
        ...base,
        reason: {
          key: 'validation.fileTooLarge',
          params: { size: formatBytes(file.size), max: formatBytes(maxBytes) },
        },
      });
    } else if (names.has(file.name)) {
      refused.push({ ...base, reason: { key: 'inspectionPhotos.upload.duplicateName' } });
    } else {
      names.add(file.name);
      accepted.push(file);
    }
  }
  return { accepted, refused };
}

export type BatchFileState = 'queued' | 'uploading' | 'paused' | 'done' | 'already' | 'failed';

export interface BatchFile {
  id: string;
  name: string;
  size: number;
  bytesUploaded: number;
  state: BatchFileState;
  failure: UploadFailure | null;
}

export interface BatchTotals {
  files: number;
  /** Files the server holds whole: uploaded now, or already before (a resumed batch). */
  finished: number;
  done: number;
  already: number;
  failed: number;
  active: number;
  paused: number;
  bytesTotal: number;
  bytesDone: number;
}

export function batchTotals(files: Iterable<BatchFile>): BatchTotals {
  const totals: BatchTotals = {
    files: 0,
    finished: 0,
    done: 0,
    already: 0,
    failed: 0,
    active: 0,
    paused: 0,
    bytesTotal: 0,
    bytesDone: 0,
  };
  for (const file of files) {
    totals.files += 1;
    totals.bytesTotal += file.size;
    if (file.state === 'done' || file.state === 'already') {
      totals.finished += 1;
      totals.bytesDone += file.size;
      if (file.state === 'done') totals.done += 1;
      else totals.already += 1;
      continue;
    }
    totals.bytesDone += Math.min(file.bytesUploaded, file.size);
    if (file.state === 'failed') totals.failed += 1;
    else if (file.state === 'paused') totals.paused += 1;
    else totals.active += 1;
  }
  return totals;
}

/** Whether the batch has nothing left to send (every file finished or failed). */
export const batchSettled = (totals: BatchTotals): boolean =>
  totals.files > 0 && totals.active === 0 && totals.paused === 0;

/**
 * Upload speed over a sliding window of (time, bytes sent so far) samples, so a pause or a stalled file shows as a
 * falling speed rather than a frozen one.
 */
export class SpeedMeter {
  private samples: Array<{ at: number; bytes: number }> = [];

  constructor(private readonly windowMs = 10_000) {}

  /** Records the bytes sent so far at `at` (ms). A lower count (a file removed) starts over. */
  add(at: number, bytes: number): void {
    const last = this.samples.at(-1);
    if (last && bytes < last.bytes) this.samples = [];
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && this.samples[0]!.at < at - this.windowMs) this.samples.shift();
  }

  reset(): void {
    this.samples = [];
  }

  /** Bytes per second over the window ending at `now`; 0 until two samples a moment apart exist. */
  bytesPerSecond(now: number): number {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last) return 0;
    const elapsed = Math.max(now, last.at) - first.at;
    if (elapsed < 500) return 0;
    return ((last.bytes - first.bytes) * 1000) / elapsed;
  }
}

/** Seconds left at `bytesPerSecond`, or null when it cannot be told (nothing moving). */
export function secondsLeft(bytesLeft: number, bytesPerSecond: number): number | null {
  if (bytesLeft <= 0) return 0;
  if (!(bytesPerSecond > 0)) return null;
  return Math.ceil(bytesLeft / bytesPerSecond);
}

/** A duration for people: "45 s", "3 min 5 s", "2 h 10 min" (units are the same in the three languages). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min ${rest} s`;
  return `${rest} s`;
}

/** The record of an unfinished batch: enough to ask for the same files again and to match them. */
const resumeRecordSchema = z.object({
  inspectionId: z.number().int().positive(),
  imageGroupId: z.number().int().positive(),
  category: z.enum(IMAGE_CATEGORIES),
  /** Files not yet whole on the server, by name and size. */
  files: z.array(z.object({ name: z.string(), size: z.number().int().nonnegative() })),
});
export type ResumeRecord = z.infer<typeof resumeRecordSchema>;

export const resumeRecordKey = (inspectionId: number) => `sightline:photo-upload:${inspectionId}`;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readResumeRecord(storage: StorageLike, inspectionId: number): ResumeRecord | null {
  try {
    const raw = storage.getItem(resumeRecordKey(inspectionId));
    if (!raw) return null;
    const parsed = resumeRecordSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.inspectionId !== inspectionId || parsed.data.files.length === 0) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

/** Keeps the record (none once no file is left to finish); storage full or unavailable only loses the resume. */
export function writeResumeRecord(storage: StorageLike, record: ResumeRecord): void {
  try {
    if (record.files.length === 0) storage.removeItem(resumeRecordKey(record.inspectionId));
    else storage.setItem(resumeRecordKey(record.inspectionId), JSON.stringify(record));
  } catch {
    // Nothing to do: the upload itself goes on.
  }
}

export function clearResumeRecord(storage: StorageLike, inspectionId: number): void {
  try {
    storage.removeItem(resumeRecordKey(inspectionId));
  } catch {
    // As above.
  }
}

export const fileKey = (file: { name: string; size: number }) => `${file.size}:${file.name}`;

/** The record of a batch: its files still to finish. */
export function recordOf(
  target: { inspectionId: number; imageGroupId: number; category: ImageCategory },
  unfinished: Iterable<{ name: string; size: number }>,
): ResumeRecord {
  return { ...target, files: [...unfinished].map(({ name, size }) => ({ name, size })) };
}

/**
 * Which chosen files continue a recorded batch (same name and size) and which recorded files were not chosen
 * again; files outside the record join the batch as new ones.
 */
export function matchResume<F extends { name: string; size: number }>(
  record: ResumeRecord,
  chosen: readonly F[],
): { resumed: F[]; fresh: F[]; missing: Array<{ name: string; size: number }> } {
  const recorded = new Set(record.files.map(fileKey));
  const chosenKeys = new Set(chosen.map(fileKey));
  return {
    resumed: chosen.filter((file) => recorded.has(fileKey(file))),
    fresh: chosen.filter((file) => !recorded.has(fileKey(file))),
    missing: record.files.filter((file) => !chosenKeys.has(fileKey(file))),
  };
}

/**
 * What a refused creation means for a file. The server refuses a second photo of the same name
 * (INSPECTION_IMAGE_NAME_EXISTING); for a file of a resumed batch that is the photo whose last bytes arrived
 * before the reload (tus forgets a finished upload's address, so the client asks to create it again): it is
 * already uploaded. For any other file, and any other refusal, the file failed, with its reason.
 */
export function refusalOutcome(failure: UploadFailure, resumedFromRecord: boolean): 'already' | 'failed' {
  return failure.key === 'INSPECTION_IMAGE_NAME_EXISTING' && resumedFromRecord ? 'already' : 'failed';
}
