import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Uppy from '@uppy/core';
import Tus from '@uppy/tus';
import { INSPECTION_IMAGE_UPLOAD_METADATA, INSPECTION_IMAGE_UPLOAD_PATH, type ImageCategory } from '@sightline/shared';
import { inspectionKeys, teamKeys } from '../../../api/query-keys';
import {
  UPLOAD_RETRY_DELAYS,
  checkTeamStorage,
  forgetResumableUploads,
  tusAuthHeaders,
  tusEndpointUrl,
} from '../../../api/uploads/tus';
import {
  isRetryableKey,
  isRetryableUploadError,
  uploadFailureOf,
  type UploadFailure,
} from '../../../api/uploads/upload-error';
import {
  SpeedMeter,
  batchTotals,
  clearResumeRecord,
  fileKey,
  matchResume,
  readResumeRecord,
  recordOf,
  refusalOutcome,
  screenFiles,
  secondsLeft,
  writeResumeRecord,
  type BatchFile,
  type BatchTotals,
  type RefusedFile,
  type ResumeRecord,
} from '../photo-batch';
import { inspectionImageKeys, recordUploadBatch } from '../api';

/**
 * The inspection photo upload (SPEC section 2): one tus upload per photo through Uppy, a few at a time, with
 * per-file and total progress, pause, continue, cancel and retry. tus keeps each upload's address under the file's
 * fingerprint; the batch's unfinished files are recorded too (photo-batch), so after a reload the dialog asks for
 * the same files and tus continues each from the bytes the server holds.
 */

export interface UploadTarget {
  imageGroupId: number;
  category: ImageCategory;
}

/** Photos sent at once: enough to fill the line, few enough that each file still moves. */
const PARALLEL_UPLOADS = 3;
/** Bytes per PATCH: a reload or a dropped connection loses at most one chunk of a large photo. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** How often the screen and the resume record follow the upload (thousands of progress events otherwise). */
const REFRESH_MS = 250;
const RECORD_WRITE_MS = 1_000;

type PhotoMeta = Record<string, string>;
type PhotoUppy = Uppy<PhotoMeta, Record<string, never>>;

export interface PhotoUploadSnapshot {
  target: UploadTarget | null;
  files: BatchFile[];
  totals: BatchTotals;
  bytesPerSecond: number;
  secondsLeft: number | null;
  /** Files the last selection left out, with why. */
  refused: RefusedFile[];
  /** The start was refused before any byte (the team's storage). */
  blocked: UploadFailure | null;
  starting: boolean;
  /** An unfinished batch of an earlier page (a reload), waiting for its files to be chosen again. */
  pendingResume: ResumeRecord | null;
  /** Recorded files the resumed selection did not include. */
  missing: number;
}

export interface PhotoUploadControls extends PhotoUploadSnapshot {
  start(target: UploadTarget, files: File[]): Promise<void>;
  pauseAll(): void;
  resumeAll(): void;
  cancelAll(): void;
  retryFailed(): void;
  pauseFile(id: string): void;
  resumeFile(id: string): void;
  cancelFile(id: string): void;
  retryFile(id: string): void;
  /** Drops finished and failed files from the list (after a batch). */
  clearFinished(): void;
  discardPending(): void;
}

const localStore = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export function usePhotoUpload(inspectionId: number): PhotoUploadControls {
  const queryClient = useQueryClient();
  const uppyRef = useRef<PhotoUppy | null>(null);
  const targetRef = useRef<UploadTarget | null>(null);
  const filesRef = useRef(new Map<string, BatchFile>());
  /** Files continuing a recorded batch: a NAME_EXISTING refusal for them means "already uploaded". */
  const resumedRef = useRef(new Set<string>());
  const meterRef = useRef(new SpeedMeter());
  const [live, setLive] = useState<{ target: UploadTarget | null; files: BatchFile[]; bytesPerSecond: number }>({
    target: null,
    files: [],
    bytesPerSecond: 0,
  });
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [blocked, setBlocked] = useState<UploadFailure | null>(null);
  const [starting, setStarting] = useState(false);
  const [missing, setMissing] = useState(0);
  const [pendingResume, setPendingResume] = useState<ResumeRecord | null>(() => {
    const storage = localStore();
    return storage ? readResumeRecord(storage, inspectionId) : null;
  });

  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const recordTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const imagesTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refresh = useCallback(() => {
    if (refreshTimer.current !== null) return;
    refreshTimer.current = setTimeout(() => {
      refreshTimer.current = null;
      const files = [...filesRef.current.values()];
      const moving = files.some((file) => file.state === 'uploading' || file.state === 'queued');
      setLive({
        target: targetRef.current,
        files,
        bytesPerSecond: moving ? meterRef.current.bytesPerSecond(Date.now()) : 0,
      });
    }, REFRESH_MS);
  }, []);

  /** The record follows the batch: every file not yet whole on the server, or stopped by the network. */
  const saveRecord = useCallback(() => {
    const storage = localStore();
    const target = targetRef.current;
    if (!storage || !target) return;
    const unfinished = [...filesRef.current.values()].filter(
      (file) =>
        file.state !== 'done' &&
        file.state !== 'already' &&
        !(file.state === 'failed' && file.failure && !isRetryableKey(file.failure.key)),
    );
    writeResumeRecord(storage, recordOf({ inspectionId, ...target }, unfinished));
  }, [inspectionId]);

  const scheduleRecord = useCallback(() => {
    if (recordTimer.current !== null) return;
    recordTimer.current = setTimeout(() => {
      recordTimer.current = null;
      saveRecord();
    }, RECORD_WRITE_MS);
  }, [saveRecord]);

  /** New photos show in the grid and the group counts; the event stream refreshes processing after that. */
  const refreshImages = useCallback(() => {
    if (imagesTimer.current !== null) return;
    imagesTimer.current = setTimeout(() => {
      imagesTimer.current = null;
      void queryClient.invalidateQueries({ queryKey: inspectionImageKeys.all(inspectionId) });
      void queryClient.invalidateQueries({ queryKey: inspectionKeys.groupTree(inspectionId) });
      void queryClient.invalidateQueries({ queryKey: teamKeys.details() });
    }, 1_000);
  }, [inspectionId, queryClient]);

  const update = useCallback(
    (id: string, patch: Partial<BatchFile>) => {
      const file = filesRef.current.get(id);
      if (!file) return;
      filesRef.current.set(id, { ...file, ...patch });
      refresh();
    },
    [refresh],
  );

  const sampleSpeed = useCallback(() => {
    let sent = 0;
    for (const file of filesRef.current.values()) sent += file.state === 'already' ? 0 : file.bytesUploaded;
    meterRef.current.add(Date.now(), sent);
  }, []);

  const createUppy = useCallback(
    (target: UploadTarget): PhotoUppy => {
      const uppy: PhotoUppy = new Uppy<PhotoMeta, Record<string, never>>({
        // The id goes into every file's id and so into its tus fingerprint: one batch per inspection, group and
        // category, so the same file chosen for another group never continues this group's upload.
        id: `photos-${inspectionId}-${target.imageGroupId}-${target.category}`,
        autoProceed: false,
      }).use(Tus<PhotoMeta, Record<string, never>>, {
        endpoint: tusEndpointUrl(INSPECTION_IMAGE_UPLOAD_PATH),
        chunkSize: CHUNK_BYTES,
        limit: PARALLEL_UPLOADS,
        retryDelays: UPLOAD_RETRY_DELAYS,
        removeFingerprintOnSuccess: true,
        allowedMetaFields: [
          INSPECTION_IMAGE_UPLOAD_METADATA.inspectionId,
          INSPECTION_IMAGE_UPLOAD_METADATA.imageGroupId,
          INSPECTION_IMAGE_UPLOAD_METADATA.category,
          'name',
        ],
        headers: tusAuthHeaders,
        onShouldRetry: (error, _attempt, _options, next) => isRetryableUploadError(error) && next(error),
      });
      uppy.on('upload-progress', (file, progress) => {
        if (uppyRef.current !== uppy || !file) return;
        const current = filesRef.current.get(file.id);
        if (!current || current.state === 'done' || current.state === 'already') return;
        update(file.id, {
          bytesUploaded: progress.bytesUploaded,
          state: current.state === 'paused' ? 'paused' : 'uploading',
          failure: null,
        });
        sampleSpeed();
      });
      uppy.on('upload-success', (file) => {
        if (uppyRef.current !== uppy || !file) return;
        const current = filesRef.current.get(file.id);
        update(file.id, { state: 'done', bytesUploaded: current?.size ?? 0, failure: null });
        sampleSpeed();
        scheduleRecord();
        refreshImages();
      });
      uppy.on('upload-error', (file, error) => {
        if (uppyRef.current !== uppy || !file) return;
        const failure = uploadFailureOf(error, navigator.onLine);
        const outcome = refusalOutcome(failure, resumedRef.current.has(file.id));
        const current = filesRef.current.get(file.id);
        if (outcome === 'already') {
          update(file.id, { state: 'already', bytesUploaded: current?.size ?? 0, failure: null });
          refreshImages();
        } else {
          update(file.id, { state: 'failed', failure });
        }
        scheduleRecord();
      });
      return uppy;
    },
    [inspectionId, refreshImages, sampleSpeed, scheduleRecord, update],
  );

  /** Drops the Uppy instance without telling the server, so every unfinished photo can still be resumed. */
  const release = useCallback(() => {
    const uppy = uppyRef.current;
    uppyRef.current = null;
    if (!uppy) return;
    const tus = uppy.getPlugin<Tus<PhotoMeta, Record<string, never>>>('Tus');
    for (const file of uppy.getFiles()) tus?.resetUploaderReferences(file.id);
    uppy.destroy();
  }, []);

  // Leaving the screen stops sending (like closing the tab): the record and tus keep the rest for a resume.
  useEffect(
    () => () => {
      for (const timer of [refreshTimer, recordTimer, imagesTimer]) {
        if (timer.current !== null) clearTimeout(timer.current);
      }
      release();
    },
    [release],
  );

  const start = useCallback(
    async (target: UploadTarget, chosen: File[]) => {
      const current = targetRef.current;
      const sameTarget =
        current !== null && current.imageGroupId === target.imageGroupId && current.category === target.category;
      const busy = [...filesRef.current.values()].some((file) => file.state !== 'done' && file.state !== 'already');
      // One batch at a time: another group or category waits until the current batch is settled or cleared.
      if (current && !sameTarget && busy) return;
      const { accepted, refused: refusedNow } = screenFiles(chosen);
      const inBatch = new Set([...filesRef.current.values()].map(fileKey));
      const toAdd = accepted.filter((file) => !inBatch.has(fileKey(file)));
      setRefused(refusedNow);
      setBlocked(null);
      if (toAdd.length === 0) return;

      const record =
        pendingResume &&
        pendingResume.imageGroupId === target.imageGroupId &&
        pendingResume.category === target.category
          ? pendingResume
          : null;
      const {
        resumed,
        fresh,
        missing: notChosen,
      } = record ? matchResume(record, toAdd) : { resumed: [] as File[], fresh: toAdd, missing: [] };

      setStarting(true);
      try {
        // The server reserved the bytes of resumed photos when they were created: only new ones count here.
        const freshBytes = fresh.reduce((sum, file) => sum + file.size, 0);
        const storage = freshBytes > 0 ? await checkTeamStorage(freshBytes) : null;
        if (storage) {
          setBlocked(storage);
          return;
        }
        if (!sameTarget) {
          release();
          filesRef.current = new Map();
          resumedRef.current = new Set();
          meterRef.current.reset();
        }
        targetRef.current = target;
        const uppy = uppyRef.current ?? createUppy(target);
        uppyRef.current = uppy;
        const resumedKeys = new Set(resumed.map(fileKey));
        for (const file of toAdd) {
          // The fingerprint must not depend on when the file was chosen: same name, size and type, same upload.
          const data = new File([file], file.name, { type: file.type, lastModified: 0 });
          let id: string;
          try {
            id = uppy.addFile({
              name: file.name,
              type: file.type || undefined,
              data,
              meta: {
                [INSPECTION_IMAGE_UPLOAD_METADATA.inspectionId]: String(inspectionId),
                [INSPECTION_IMAGE_UPLOAD_METADATA.imageGroupId]: String(target.imageGroupId),
                [INSPECTION_IMAGE_UPLOAD_METADATA.category]: target.category,
              },
            });
          } catch {
            // Already in this batch.
            continue;
          }
          if (resumedKeys.has(fileKey(file))) resumedRef.current.add(id);
          filesRef.current.set(id, {
            id,
            name: file.name,
            size: file.size,
            bytesUploaded: 0,
            state: 'queued',
            failure: null,
          });
        }
        setMissing(notChosen.length);
        if (record) setPendingResume(null);
        saveRecord();
        refresh();
        void uppy.upload().catch(() => undefined);
        // Resumed files were recorded when their batch began; a lost record only loses the upload records' line.
        void recordUploadBatch(inspectionId, target, fresh);
      } finally {
        setStarting(false);
      }
    },
    [createUppy, inspectionId, pendingResume, refresh, release, saveRecord],
  );

  const forEachFile = useCallback(
    (states: ReadonlyArray<BatchFile['state']>, patch: Partial<BatchFile>) => {
      for (const file of filesRef.current.values()) {
        if (states.includes(file.state)) filesRef.current.set(file.id, { ...file, ...patch });
      }
      refresh();
    },
    [refresh],
  );

  const pauseAll = useCallback(() => {
    // Uppy marks every file of the running upload paused, the waiting ones too, so none starts meanwhile.
    uppyRef.current?.pauseAll();
    forEachFile(['queued', 'uploading'], { state: 'paused' });
  }, [forEachFile]);

  const resumeAll = useCallback(() => {
    uppyRef.current?.resumeAll();
    forEachFile(['paused'], { state: 'queued' });
  }, [forEachFile]);

  const retryFailed = useCallback(() => {
    const uppy = uppyRef.current;
    if (!uppy) return;
    for (const file of filesRef.current.values()) {
      if (file.state === 'failed' && file.failure && isRetryableKey(file.failure.key)) {
        filesRef.current.set(file.id, { ...file, state: 'queued', failure: null });
        void uppy.retryUpload(file.id).catch(() => undefined);
      }
    }
    refresh();
  }, [refresh]);

  const pauseFile = useCallback(
    (id: string) => {
      const uppy = uppyRef.current;
      const file = filesRef.current.get(id);
      if (!uppy || !file || (file.state !== 'uploading' && file.state !== 'queued')) return;
      if (uppy.pauseResume(id) === true) update(id, { state: 'paused' });
    },
    [update],
  );

  const resumeFile = useCallback(
    (id: string) => {
      const uppy = uppyRef.current;
      const file = filesRef.current.get(id);
      if (!uppy || file?.state !== 'paused') return;
      if (uppy.pauseResume(id) === false) update(id, { state: 'queued' });
    },
    [update],
  );

  const retryFile = useCallback(
    (id: string) => {
      const uppy = uppyRef.current;
      if (!uppy || filesRef.current.get(id)?.state !== 'failed') return;
      update(id, { state: 'queued', failure: null });
      void uppy.retryUpload(id).catch(() => undefined);
    },
    [update],
  );

  /** Cancelling a file ends its upload on the server (tus DELETE frees its reservation) and its fingerprint. */
  const cancelFile = useCallback(
    (id: string) => {
      const file = filesRef.current.get(id);
      if (!file || file.state === 'done' || file.state === 'already') return;
      uppyRef.current?.removeFile(id);
      forgetResumableUploads([id]);
      filesRef.current.delete(id);
      resumedRef.current.delete(id);
      meterRef.current.reset();
      saveRecord();
      refresh();
    },
    [refresh, saveRecord],
  );

  const cancelAll = useCallback(() => {
    const unfinished = [...filesRef.current.values()]
      .filter((file) => file.state !== 'done' && file.state !== 'already')
      .map((file) => file.id);
    const uppy = uppyRef.current;
    if (uppy) for (const id of unfinished) uppy.removeFile(id);
    forgetResumableUploads(unfinished);
    for (const id of unfinished) filesRef.current.delete(id);
    meterRef.current.reset();
    const storage = localStore();
    if (storage) clearResumeRecord(storage, inspectionId);
    setPendingResume(null);
    setMissing(0);
    refresh();
    refreshImages();
  }, [inspectionId, refresh, refreshImages]);

  const clearFinished = useCallback(() => {
    const uppy = uppyRef.current;
    for (const file of [...filesRef.current.values()]) {
      const finished = file.state === 'done' || file.state === 'already';
      const refusedForGood = file.state === 'failed' && file.failure !== null && !isRetryableKey(file.failure.key);
      if (finished || refusedForGood) {
        filesRef.current.delete(file.id);
        if (uppy?.getFile(file.id)) uppy.removeFile(file.id);
      }
    }
    setRefused([]);
    setMissing(0);
    if (filesRef.current.size === 0) {
      release();
      targetRef.current = null;
      meterRef.current.reset();
    }
    saveRecord();
    refresh();
  }, [refresh, release, saveRecord]);

  const discardPending = useCallback(() => {
    const storage = localStore();
    if (storage) clearResumeRecord(storage, inspectionId);
    setPendingResume(null);
  }, [inspectionId]);

  // The speed falls while nothing arrives (a stall, a lost connection): sampled again every second.
  const moving = live.files.some((file) => file.state === 'uploading' || file.state === 'queued');
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => {
      sampleSpeed();
      refresh();
    }, 1_000);
    return () => clearInterval(timer);
  }, [moving, refresh, sampleSpeed]);

  const totals = batchTotals(live.files);
  return {
    target: live.target,
    files: live.files,
    totals,
    bytesPerSecond: live.bytesPerSecond,
    secondsLeft: secondsLeft(totals.bytesTotal - totals.bytesDone, live.bytesPerSecond),
    refused,
    blocked,
    starting,
    pendingResume,
    missing,
    start,
    pauseAll,
    resumeAll,
    cancelAll,
    retryFailed,
    pauseFile,
    resumeFile,
    cancelFile,
    retryFile,
    clearFinished,
    discardPending,
  };
}
