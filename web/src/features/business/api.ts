import { teamFunctionCalls } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { teamKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/** The business selection entries, each enabled while the team's function package for it is active. */
export function useBusinessEntries(enabled = true) {
  const ready = useInTeam();
  return useQuery({
    queryKey: teamKeys.businessEntries(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => call(teamFunctionCalls.businessEntries, { signal }),
  });
}
