import {
  AppError,
  ROLE_CODES,
  ROLE_GROUPS,
  ROLE_GROUP_NAMES,
  TEAM_ROLES,
  type RoleCode,
  type RoleGroupName,
  type RoleItem,
  type TeamRoleCount,
} from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { RoleRepo } from './role.repo.js';

function groupOf(role: RoleCode): RoleGroupName {
  const group = ROLE_GROUP_NAMES.find((name) => (ROLE_GROUPS[name] as readonly RoleCode[]).includes(role));
  if (!group) throw new Error(`Role ${role} is in no group of ROLE_GROUPS`);
  return group;
}

/** The web translates `nameKey` from the catalogues' `role` section. */
function toRoleItem(role: RoleCode): RoleItem {
  return { roleId: role, nameKey: `role.${role}`, group: groupOf(role) };
}

export function createRoleService({ repo }: { repo: RoleRepo }) {
  return {
    list(): RoleItem[] {
      return ROLE_CODES.map(toRoleItem);
    },

    teamRoles(): RoleItem[] {
      return TEAM_ROLES.map(toRoleItem);
    },

    async teamRoleCounts(caller: AuthContext): Promise<TeamRoleCount[]> {
      if (caller.teamId === null) throw new AppError('USER_NO_TEAM_ERROR');
      const counts = await repo.countMembersByRole(caller.teamId);
      return TEAM_ROLES.map((role) => ({ ...toRoleItem(role), memberCount: counts.get(role) ?? 0 }));
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
