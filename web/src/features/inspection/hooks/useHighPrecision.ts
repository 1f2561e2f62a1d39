import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Uppy from '@uppy/core';
import Tus from '@uppy/tus';
import {
  HIGH_PRECISION_EVENT,
  POINT_CLOUD_UPLOAD_PATH,
  highPrecisionEventSchema,
  modelImageCalls,
  type HighPrecisionImport,
} from '@sightline/shared';
import { call } from '../../../api/client';
import { onAppEvent } from '../../../api/events';
import { inspectionKeys, teamKeys } from '../../../api/query-keys';
import {
  UPLOAD_RETRY_DELAYS,
  checkTeamStorage,
  forgetResumableUploads,
  tusAuthHeaders,
  tusEndpointUrl,
} from '../../../api/uploads/tus';
import { isRetryableUploadError, uploadFailureOf, type UploadFailure } from '../../../api/uploads/upload-error';

/**
 * The high-precision transform of an inspection (SPEC sections 4, 5; `/model-image/*`): the import with its state,
 * kept live by the event stream; init, start, cancel and delete; and the project's point cloud with its upload
 * (.xml by a call, then the .pcd over tus with @uppy/tus, as the model and the photos go).
 */

export const highPrecisionKeys = {
  import: (inspectionId: number) => [...inspectionKeys.all, 'high-precision', inspectionId] as const,
  pointCloud: (projectId: number) => [...inspectionKeys.all, 'point-cloud', projectId] as const,
};

/** Refusals of `init` the dialog answers itself (a question, a list of names), so no toast. */
const INIT_QUIET_KEYS = [
  'HIGH_PRECISION_FEWER_IMAGES',
  'HIGH_PRECISION_XML_MISMATCH',
  'HIGH_PRECISION_CHECKSUM_MISMATCH',
  'HIGH_PRECISION_XML_NOT_XML',
  'HIGH_PRECISION_XML_UNKNOWN_FORMAT',
  'HIGH_PRECISION_XML_MISSING_ELEMENT',
  'HIGH_PRECISION_XML_BAD_VALUE',
  'HIGH_PRECISION_XML_NO_PHOTOS',
] as const;

export function useHighPrecisionImport(inspectionId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: highPrecisionKeys.import(inspectionId),
    queryFn: ({ signal }) => call(modelImageCalls.find, { query: { inspectionId }, signal, quiet: true }),
  });
  // State and progress arrive on the event stream; the import (and the photos' poses) are read again.
  useEffect(
    () =>
      onAppEvent(HIGH_PRECISION_EVENT, (payload) => {
        const parsed = highPrecisionEventSchema.safeParse(payload);
        if (!parsed.success || parsed.data.inspectionId !== inspectionId) return;
        queryClient.setQueryData<HighPrecisionImport | null>(highPrecisionKeys.import(inspectionId), (current) =>
          current ? { ...current, ...parsed.data } : current,
        );
        if (parsed.data.state === 'calculated' || parsed.data.state === 'exception') {
          void queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
        }
      }),
    [inspectionId, queryClient],
  );
  return query;
}

export function useHighPrecisionActions(inspectionId: number) {
  const queryClient = useQueryClient();
  const settle = (value?: HighPrecisionImport | null) => {
    if (value !== undefined) queryClient.setQueryData(highPrecisionKeys.import(inspectionId), value);
    void queryClient.invalidateQueries({ queryKey: highPrecisionKeys.import(inspectionId) });
  };
  const init = useMutation({
    mutationFn: (input: { xml: File; imageNames: string[]; confirm: boolean }) => {
      const form = new FormData();
      form.append('imageNames', JSON.stringify(input.imageNames));
      form.append('file', input.xml, input.xml.name);
      return call(modelImageCalls.init, {
        query: { inspectionId, ...(input.confirm ? { confirm: 'true' as const } : {}) },
        form,
        quietKeys: INIT_QUIET_KEYS,
      });
    },
    onSuccess: settle,
  });
  const start = useMutation({
    mutationFn: () => call(modelImageCalls.upload, { body: { inspectionId } }),
    onSuccess: settle,
  });
  const cancel = useMutation({
    mutationFn: () => call(modelImageCalls.cancel, { body: { inspectionId } }),
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(modelImageCalls.remove, { params: { id } }),
    onSuccess: () => {
      settle(null);
      void queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
    },
  });
  return { init, start, cancel, remove };
}

export function usePointCloud(projectId: number) {
  return useQuery({
    queryKey: highPrecisionKeys.pointCloud(projectId),
    queryFn: ({ signal }) => call(modelImageCalls.pcdFind, { query: { projectId }, signal, quiet: true }),
  });
}

export function useRemovePointCloud(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(modelImageCalls.pcdRemove, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: highPrecisionKeys.pointCloud(projectId) });
      void queryClient.invalidateQueries({ queryKey: teamKeys.details() });
    },
  });
}

export interface PointCloudUploadState {
  phase: 'idle' | 'starting' | 'uploading' | 'done' | 'failed';
  bytesUploaded: number;
  bytesTotal: number;
  failure: UploadFailure | null;
}

const IDLE: PointCloudUploadState = { phase: 'idle', bytesUploaded: 0, bytesTotal: 0, failure: null };
const CHUNK_BYTES = 32 * 1024 * 1024;
type CloudMeta = Record<string, string>;

/** The point cloud's upload: its .xml (`pcdInit`), then its .pcd resumably over tus. */
export function usePointCloudUpload(projectId: number) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PointCloudUploadState>(IDLE);
  const uppyRef = useRef<Uppy<CloudMeta, Record<string, never>> | null>(null);

  const release = useCallback(() => {
    uppyRef.current?.destroy();
    uppyRef.current = null;
  }, []);
  useEffect(() => release, [release]);

  const start = useCallback(
    async (pcd: File, xml: File) => {
      release();
      setState({ phase: 'starting', bytesUploaded: 0, bytesTotal: pcd.size, failure: null });
      const storage = await checkTeamStorage(pcd.size);
      if (storage) {
        setState({ ...IDLE, phase: 'failed', failure: storage });
        return;
      }
      let pointCloudId: number;
      try {
        const form = new FormData();
        form.append('file', xml, xml.name);
        pointCloudId = (await call(modelImageCalls.pcdInit, { query: { projectId }, form, quiet: true })).id;
      } catch (error) {
        setState({ ...IDLE, phase: 'failed', failure: uploadFailureOf(error, navigator.onLine) });
        return;
      }
      const uppy = new Uppy<CloudMeta, Record<string, never>>({
        id: `point-cloud-${projectId}-${pointCloudId}`,
        autoProceed: false,
      }).use(Tus<CloudMeta, Record<string, never>>, {
        endpoint: tusEndpointUrl(POINT_CLOUD_UPLOAD_PATH),
        chunkSize: CHUNK_BYTES,
        retryDelays: UPLOAD_RETRY_DELAYS,
        removeFingerprintOnSuccess: true,
        allowedMetaFields: ['pointCloudId', 'filename'],
        headers: tusAuthHeaders,
        onShouldRetry: (error, _attempt, _options, next) => isRetryableUploadError(error) && next(error),
      });
      uppyRef.current = uppy;
      uppy.on('upload-progress', (_file, progress) =>
        setState((current) => ({ ...current, phase: 'uploading', bytesUploaded: progress.bytesUploaded })),
      );
      uppy.on('upload-success', () => {
        setState((current) => ({ ...current, phase: 'done', bytesUploaded: current.bytesTotal }));
        void queryClient.invalidateQueries({ queryKey: highPrecisionKeys.pointCloud(projectId) });
        void queryClient.invalidateQueries({ queryKey: teamKeys.details() });
      });
      uppy.on('upload-error', (file, error) => {
        if (file) forgetResumableUploads([file.id]);
        setState((current) => ({ ...current, phase: 'failed', failure: uploadFailureOf(error, navigator.onLine) }));
      });
      uppy.addFile({
        name: pcd.name,
        type: 'application/octet-stream',
        data: pcd,
        meta: { pointCloudId: String(pointCloudId), filename: pcd.name },
      });
      setState((current) => ({ ...current, phase: 'uploading' }));
      void uppy.upload().catch(() => undefined);
    },
    [projectId, queryClient, release],
  );

  const reset = useCallback(() => {
    release();
    setState(IDLE);
  }, [release]);

  return { state, start, reset };
}
