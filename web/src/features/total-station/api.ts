import {
  displacementCalls,
  monitorPointCalls,
  type CreateDisplacementsBody,
  type DisplacementRecordFields,
  type MonitorPointFields,
} from '@sightline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useInTeam } from '../../stores/session-store';
import { totalStationKeys } from '../../api/monitor-points';

/** Total-station monitoring of a project (SPEC section 7, "Monitoring": /monitor-point, /monitor-point-displacement). */

export { totalStationKeys, useMonitorPoints } from '../../api/monitor-points';

/** The quiet keys: refusals the forms show on their fields or rows. */
const POINT_TAKEN = ['MONITOR_POINT_NAME_EXISTING', 'MONITOR_POINT_GPS_EXISTING'];
const TIME_TAKEN = ['MONITOR_DISPLACEMENT_MONITOR_TIME_EXISTING'];

export function useDisplacementRecords(projectId: number, pointId: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: totalStationKeys.records(projectId, pointId ?? 0),
    enabled: ready && pointId !== null,
    queryFn: ({ signal }) => call(displacementCalls.list, { query: { monitorPointId: pointId ?? 0 }, signal }),
  });
}

/** Any write: a point's records change its list entry (count, latest, alarm), so the project's whole cache is read again. */
function useMonitorWrite<T, R>(projectId: number, write: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: totalStationKeys.all(projectId) }),
  });
}

export function useSavePoint(projectId: number) {
  return useMonitorWrite(projectId, ({ id, ...fields }: MonitorPointFields & { id?: number }) =>
    id === undefined
      ? call(monitorPointCalls.create, { body: { projectId, ...fields }, quietKeys: POINT_TAKEN })
      : call(monitorPointCalls.update, { body: { id, ...fields }, quietKeys: POINT_TAKEN }),
  );
}

export function useSetThresholds(projectId: number) {
  return useMonitorWrite(projectId, (body: { ids: number[]; thresholdMm: number }) =>
    call(monitorPointCalls.setThresholds, { body }),
  );
}

export function useRemovePoints(projectId: number) {
  return useMonitorWrite(projectId, (ids: number[]) => call(monitorPointCalls.removeMany, { body: { ids } }));
}

export function useSaveRecord(projectId: number, pointId: number) {
  return useMonitorWrite(projectId, ({ id, ...fields }: DisplacementRecordFields & { id?: number }) =>
    id === undefined
      ? call(displacementCalls.create, { body: { monitorPointId: pointId, ...fields }, quietKeys: TIME_TAKEN })
      : call(displacementCalls.update, { body: { id, ...fields }, quietKeys: TIME_TAKEN }),
  );
}

export function useRemoveRecord(projectId: number) {
  return useMonitorWrite(projectId, (id: number) => call(displacementCalls.remove, { params: { id } }));
}

export function useImportRecords(projectId: number) {
  return useMonitorWrite(projectId, (body: CreateDisplacementsBody) =>
    call(displacementCalls.createMany, { body, quietKeys: TIME_TAKEN }),
  );
}
