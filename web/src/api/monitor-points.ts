import { monitorPointCalls } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { useInTeam } from '../stores/session-store';
import { call } from './client';

/**
 * Total-station monitoring's keys and a project's monitoring points: the total-station screen edits them and the
 * drone-target page's monitoring report chooses among them.
 */
export const totalStationKeys = {
  all: (projectId: number) => ['total-station', projectId] as const,
  points: (projectId: number) => ['total-station', projectId, 'points'] as const,
  records: (projectId: number, pointId: number) => ['total-station', projectId, 'records', pointId] as const,
};

export function useMonitorPoints(projectId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: totalStationKeys.points(projectId),
    enabled: ready,
    queryFn: ({ signal }) => call(monitorPointCalls.list, { query: { projectId }, signal }),
  });
}
