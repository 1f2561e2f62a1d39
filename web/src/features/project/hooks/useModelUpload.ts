import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Uppy from '@uppy/core';
import Tus from '@uppy/tus';
import { MODEL_UPLOAD_METADATA, MODEL_UPLOAD_PATH } from '@sightline/shared';
import { isApiError } from '../../../api/client';
import { projectKeys, teamKeys } from '../../../api/query-keys';
import {
  UPLOAD_RETRY_DELAYS,
  checkTeamStorage,
  forgetResumableUploads,
  tusAuthHeaders,
  tusEndpointUrl,
} from '../../../api/uploads/tus';
import { isRetryableUploadError, uploadFailureOf, type UploadFailure } from '../../../api/uploads/upload-error';
import { closeModelUploads, initModelUpload } from '../api';
import { folderEntries, folderName, zipFolder } from '../folder-zip';

/**
 * The resumable model upload (SPEC section 4 "Upload": start, pause, continue, cancel) with Uppy and tus:
 * the zip (or a folder zipped here first) goes to the server's tus endpoint in chunks. tus keeps each upload's
 * URL in local storage under the file's fingerprint, so after a reload (or a server restart) choosing the same
 * file again continues from the bytes the server already holds.
 */
export type UploadPhase = 'idle' | 'zipping' | 'starting' | 'uploading' | 'paused' | 'failed' | 'uploaded';

export interface UploadState {
  phase: UploadPhase;
  fileName: string | null;
  bytesUploaded: number;
  bytesTotal: number;
  /** Folder zipping progress, bytes read of the folder's total. */
  zipDone: number;
  zipTotal: number;
  failure: UploadFailure | null;
}

const IDLE: UploadState = {
  phase: 'idle',
  fileName: null,
  bytesUploaded: 0,
  bytesTotal: 0,
  zipDone: 0,
  zipTotal: 0,
  failure: null,
};

const FALLBACK_CHUNK_BYTES = 32 * 1024 * 1024;

type ModelMeta = Record<string, string>;

export interface ModelUploadControls {
  state: UploadState;
  /** Uploads a zip; `resume` continues this user's interrupted upload of the same file instead of a new one. */
  startZip(file: File, options?: { resume?: boolean }): Promise<void>;
  /** Zips a folder (webkitdirectory input) in the browser, then uploads it. */
  startFolder(files: File[], options?: { resume?: boolean }): Promise<void>;
  pause(): void;
  resume(): void;
  /** Retries a failed upload where it stopped; false when there is none to retry (start again instead). */
  retry(): boolean;
  cancel(): Promise<void>;
  /** Back to choosing a file after a failure. */
  reset(): void;
}

export function useModelUpload(projectId: number, onUploaded?: () => void): ModelUploadControls {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>(IDLE);
  const uppyRef = useRef<Uppy<ModelMeta, Record<string, never>> | null>(null);
  const zipAbort = useRef<AbortController | null>(null);
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  });

  const patch = useCallback((next: Partial<UploadState>) => setState((current) => ({ ...current, ...next })), []);

  /** Drops the Uppy instance without telling the server to delete the upload, so it can still be resumed. */
  const release = useCallback(() => {
    const uppy = uppyRef.current;
    uppyRef.current = null;
    if (!uppy) return;
    const tus = uppy.getPlugin<Tus<ModelMeta, Record<string, never>>>('Tus');
    for (const file of uppy.getFiles()) tus?.resetUploaderReferences(file.id);
    uppy.destroy();
  }, []);

  // Leaving the page stops sending (like closing the tab): the server keeps what arrived, for a later resume.
  useEffect(() => () => release(), [release]);

  const refreshServerState = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: projectKeys.model(projectId) });
    void queryClient.invalidateQueries({ queryKey: projectKeys.uploader(projectId) });
    void queryClient.invalidateQueries({ queryKey: projectKeys.pages() });
    void queryClient.invalidateQueries({ queryKey: teamKeys.details() });
  }, [projectId, queryClient]);

  const upload = useCallback(
    async (data: Blob, fileName: string, lastModified: number, resume: boolean) => {
      release();
      patch({ phase: 'starting', fileName, bytesUploaded: 0, bytesTotal: data.size, failure: null });
      const meta: ModelMeta = { [MODEL_UPLOAD_METADATA.projectId]: String(projectId) };
      let chunkSize = FALLBACK_CHUNK_BYTES;
      if (!resume) {
        const storage = await checkTeamStorage(data.size);
        if (storage) {
          patch({ phase: 'failed', failure: storage });
          return;
        }
        try {
          const declared = await initModelUpload({ projectId, fileName, sizeBytes: data.size });
          meta[MODEL_UPLOAD_METADATA.uploadId] = declared.uploadId;
          chunkSize = declared.chunkSize;
        } catch (error) {
          patch({
            phase: 'failed',
            failure: isApiError(error)
              ? { key: error.key, ...(error.params ? { params: error.params } : {}) }
              : { key: 'serviceError' },
          });
          refreshServerState();
          return;
        }
      }
      const uppy = new Uppy<ModelMeta, Record<string, never>>({
        id: `model-${projectId}`,
        autoProceed: false,
        allowMultipleUploadBatches: false,
        restrictions: { maxNumberOfFiles: 1 },
      }).use(Tus<ModelMeta, Record<string, never>>, {
        endpoint: tusEndpointUrl(MODEL_UPLOAD_PATH),
        chunkSize,
        limit: 1,
        retryDelays: UPLOAD_RETRY_DELAYS,
        removeFingerprintOnSuccess: true,
        allowedMetaFields: [MODEL_UPLOAD_METADATA.projectId, MODEL_UPLOAD_METADATA.uploadId, 'name'],
        headers: tusAuthHeaders,
        onShouldRetry: (error, _attempt, _options, next) => isRetryableUploadError(error) && next(error),
      });
      uppyRef.current = uppy;
      let announced = false;
      uppy.on('upload-progress', (_file, progress) => {
        if (uppyRef.current !== uppy) return;
        if (!announced) {
          // The server now holds the upload (the model reads "uploading"): show it.
          announced = true;
          refreshServerState();
        }
        setState((current) => ({
          ...current,
          phase: current.phase === 'paused' ? 'paused' : 'uploading',
          bytesUploaded: progress.bytesUploaded,
          bytesTotal: progress.bytesTotal ?? current.bytesTotal,
        }));
      });
      uppy.on('upload-success', () => {
        if (uppyRef.current !== uppy) return;
        setState((current) => ({ ...current, phase: 'uploaded', bytesUploaded: current.bytesTotal }));
        refreshServerState();
        onUploadedRef.current?.();
      });
      uppy.on('upload-error', (_file, error) => {
        if (uppyRef.current !== uppy) return;
        patch({ phase: 'failed', failure: uploadFailureOf(error, navigator.onLine) });
        refreshServerState();
      });
      // The file keeps the name the server should record (a folder's zip is named after the folder).
      uppy.addFile({
        name: fileName,
        type: 'application/zip',
        data: data instanceof File ? data : new File([data], fileName, { type: 'application/zip', lastModified }),
        meta,
      });
      patch({ phase: 'uploading' });
      void uppy.upload();
    },
    [patch, projectId, refreshServerState, release],
  );

  const startZip = useCallback(
    (file: File, options: { resume?: boolean } = {}) =>
      upload(file, file.name, file.lastModified, Boolean(options.resume)),
    [upload],
  );

  const startFolder = useCallback(
    async (files: File[], options: { resume?: boolean } = {}) => {
      const entries = folderEntries(files);
      const name = `${folderName(entries)}.zip`;
      const controller = new AbortController();
      zipAbort.current = controller;
      patch({ ...IDLE, phase: 'zipping', fileName: name });
      try {
        const zipped = await zipFolder(
          entries,
          (done, total) => patch({ zipDone: done, zipTotal: total }),
          controller.signal,
        );
        await upload(zipped.blob, name, zipped.lastModified, Boolean(options.resume));
      } catch {
        if (!controller.signal.aborted) patch({ phase: 'failed', failure: { key: 'serviceError' } });
      } finally {
        if (zipAbort.current === controller) zipAbort.current = null;
      }
    },
    [patch, upload],
  );

  const pause = useCallback(() => {
    const uppy = uppyRef.current;
    if (!uppy) return;
    uppy.pauseAll();
    patch({ phase: 'paused' });
  }, [patch]);

  const resume = useCallback(() => {
    const uppy = uppyRef.current;
    if (!uppy) return;
    patch({ phase: 'uploading', failure: null });
    uppy.resumeAll();
  }, [patch]);

  const retry = useCallback(() => {
    const uppy = uppyRef.current;
    const [file] = uppy?.getFiles() ?? [];
    if (!uppy || !file) return false;
    patch({ phase: 'uploading', failure: null });
    void uppy.retryUpload(file.id);
    return true;
  }, [patch]);

  /**
   * Cancel: the server ends this user's upload of the project (lock, reserved bytes and the bytes received), and
   * the browser forgets the upload's address, so the same file starts afresh next time.
   */
  const cancel = useCallback(async () => {
    zipAbort.current?.abort();
    const fileIds = uppyRef.current?.getFiles().map((file) => file.id) ?? [];
    release();
    setState(IDLE);
    forgetResumableUploads(fileIds);
    try {
      await closeModelUploads(projectId);
    } catch {
      // Nothing was held, or the server is away: an abandoned upload is freed by the server within a day.
    }
    refreshServerState();
  }, [projectId, refreshServerState, release]);

  const reset = useCallback(() => {
    release();
    setState(IDLE);
  }, [release]);

  return { state, startZip, startFolder, pause, resume, retry, cancel, reset };
}
