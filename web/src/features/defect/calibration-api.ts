import {
  DEFECT_CALIBRATION_EVENT,
  calibrationStatusSchema,
  defectCalibrationCalls,
  type CalibrationInfo,
} from '@sightline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/client';
import { onAppEvent } from '../../api/events';
import { inspectionKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/** The calibration of defect positions (SPEC section 4); a finished one refreshes the inspection's defects. */
const calibrationKey = (inspectionId: number) => [...inspectionKeys.all, 'calibration', inspectionId] as const;

/** The inspection's calibration, kept live by the event stream. */
export function useCalibration(inspectionId: number) {
  const ready = useInTeam();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: calibrationKey(inspectionId),
    enabled: ready,
    queryFn: ({ signal }) =>
      call(defectCalibrationCalls.info, { query: { inspectionId }, signal }) as Promise<CalibrationInfo>,
  });
  useEffect(
    () =>
      onAppEvent(DEFECT_CALIBRATION_EVENT, (payload) => {
        const parsed = calibrationStatusSchema.safeParse(payload);
        if (!parsed.success || parsed.data.inspectionId !== inspectionId) return;
        queryClient.setQueryData<CalibrationInfo>(calibrationKey(inspectionId), (current) => ({
          defects: [],
          ...current,
          ...parsed.data,
        }));
        if (parsed.data.state === 'done') void queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
      }),
    [inspectionId, queryClient],
  );
  return query;
}

export function useCalibrationActions(inspectionId: number) {
  const queryClient = useQueryClient();
  const store = (status: Omit<CalibrationInfo, 'defects'>) =>
    queryClient.setQueryData<CalibrationInfo>(calibrationKey(inspectionId), (current) => ({
      defects: [],
      ...current,
      ...status,
    }));
  return {
    run: useMutation({
      mutationFn: (mode: 'continue' | 'all' | 'cancel') =>
        call(defectCalibrationCalls.run, { body: { inspectionId, mode } }),
      onSuccess: store,
    }),
    reset: useMutation({
      mutationFn: () => call(defectCalibrationCalls.init, { params: { id: inspectionId } }),
      onSuccess: store,
    }),
  };
}
