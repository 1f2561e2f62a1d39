import { AppError, type DictionaryCategory, type DictionaryItem, type LimitCheckResult } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { DictionaryRepo } from './dictionary.repo.js';

const BYTES_PER_GB = 1024 ** 3;

export function createDictionaryService({ repo }: { repo: DictionaryRepo }) {
  return {
    async options(category: DictionaryCategory): Promise<DictionaryItem[]> {
      const rows = await repo.listCategory(category);
      return rows.map((row) => ({ key: row.data_key, value: row.data_value, sort: row.sort }));
    },

    /**
     * Whether the caller's current team has room: for `member`, one more member; for `volume`,
     * `size` more bytes (team storage caps are in GB, SPEC section 9).
     */
    async checkLimit(
      caller: AuthContext,
      input: { type: 'member' | 'volume'; size?: number | undefined },
    ): Promise<LimitCheckResult> {
      if (caller.teamId === null) throw new AppError('USER_NO_TEAM_ERROR');
      const usage = await repo.findTeamUsage(caller.teamId);
      if (!usage) throw new AppError('USER_NO_TEAM_ERROR');
      if (input.type === 'member') {
        const used = Number(usage.members ?? 0);
        return { allowed: used < usage.member_max, used, max: usage.member_max };
      }
      const used = Number(usage.volume_used_bytes);
      const max = usage.volume_max_gb * BYTES_PER_GB;
      return { allowed: used + (input.size ?? 0) <= max, used, max };
    },
  };
}

export type DictionaryService = ReturnType<typeof createDictionaryService>;
