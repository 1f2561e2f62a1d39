import { AppError, buildRouter, permissionsFor, type Deployment, type RouterResponse } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { AuthRepo } from '../auth/auth.repo.js';
import { hasLapsed } from '../team/membership.js';

/** Without a team there is nothing to show: the web keeps its licence routes and the personal centre. */
const NO_TEAM_ROUTER: RouterResponse = { menuVOList: [], buttonVOList: [] };

export function createRoleMenuService({
  authRepo,
  bus,
  deployment,
}: {
  authRepo: AuthRepo;
  bus: EventBus;
  deployment: Deployment;
}) {
  /** The caller's membership of a team; none, or a temporary one that ran out, is NO_AUTH. */
  async function requireMembership(userId: number, teamId: number) {
    const membership = await authRepo.findMembership(userId, teamId);
    if (!membership || hasLapsed(membership)) {
      throw new AppError('NO_AUTH');
    }
    return membership;
  }

  return {
    currentRouter(caller: AuthContext): RouterResponse {
      return caller.role ? buildRouter(caller.role, caller.permissions) : NO_TEAM_ROUTER;
    },

    async teamRouter(caller: AuthContext, teamId: number): Promise<RouterResponse> {
      const membership = await requireMembership(caller.userId, teamId);
      return buildRouter(membership.role_code, permissionsFor(membership.role_code, deployment));
    },

    /** Makes the team the caller's current one; every session of the user follows (event 'teamChanged'). */
    async changeTeam(caller: AuthContext, teamId: number): Promise<RouterResponse> {
      const membership = await requireMembership(caller.userId, teamId);
      await authRepo.updateUser(caller.userId, { current_team_id: teamId });
      bus.publish({ userId: caller.userId, name: 'teamChanged', value: { teamId, teamName: membership.team_name } });
      return buildRouter(membership.role_code, permissionsFor(membership.role_code, deployment));
    },
  };
}

export type RoleMenuService = ReturnType<typeof createRoleMenuService>;
