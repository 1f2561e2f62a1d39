import {
  AppError,
  SINGLE_HOLDER_ROLES,
  assignableRoles,
  type MemberHeads,
  type MemberRoleBody,
  type MemberType,
  type MyTeam,
  type Page,
  type RoleCode,
  type TeamDetails,
  type TeamMember,
} from '@sightline/shared';
import { callerTeamId, type AuthContext } from '../../platform/auth/auth-context.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { hasLapsed } from './membership.js';
import { ALMOST_FULL_RATIO } from './quota.service.js';
import type { TeamRepo } from './team.repo.js';

const GIB = 1024 ** 3;

/** Bytes as GB with two decimals, the unit SPEC gives team storage in. */
export function toGb(bytes: number): number {
  return Math.round((bytes / GIB) * 100) / 100;
}

/** The caller's current team; permission-checked routes always have one. */

function callerRole(auth: AuthContext): RoleCode {
  if (auth.role === null) throw new AppError('USER_NO_TEAM_ERROR');
  return auth.role;
}

interface MemberRow {
  user_id: number;
  name: string;
  account: string | null;
  phone: string | null;
  head_img_url: string | null;
  role_code: RoleCode;
  member_type: MemberType;
  expires_at: Date | null;
  created_at: Date;
}

/** Expired temporary members stay listed, marked, until someone extends or removes them. */
export function toMember(row: MemberRow, now: Date): TeamMember {
  return {
    userId: row.user_id,
    name: row.name,
    account: row.account,
    phone: row.phone,
    headImgUrl: row.head_img_url,
    roleId: row.role_code,
    memberType: row.member_type,
    expiresAt: row.expires_at?.toISOString() ?? null,
    expired: hasLapsed(row, now),
    joinedAt: row.created_at.toISOString(),
  };
}

export function createTeamService({ repo, bus }: { repo: TeamRepo; bus: EventBus }) {
  async function currentTeam(auth: AuthContext) {
    const team = await repo.findTeam(callerTeamId(auth));
    if (!team) throw new AppError('USER_NO_TEAM_ERROR');
    return team;
  }

  /**
   * The member the call is about. Someone outside the caller's team is beyond the caller's
   * authority whether or not the account exists, so both answer NO_AUTH.
   */
  async function targetMember(teamId: number, userId: number) {
    const target = await repo.findMember(teamId, userId);
    if (!target) throw new AppError('NO_AUTH');
    return target;
  }

  function announceRole(teamId: number, member: { userId: number; roleId: RoleCode }) {
    bus.publish({ userId: member.userId, name: 'teamRoleChanged', value: { teamId, roleId: member.roleId } });
  }

  return {
    async details(auth: AuthContext): Promise<TeamDetails> {
      const team = await currentTeam(auth);
      const usedBytes = Number(team.volume_used_bytes);
      const maxBytes = team.volume_max_gb * GIB;
      return {
        teamId: team.id,
        name: team.name,
        kind: team.kind,
        memberCount: await repo.countMembers(team.id),
        memberMax: team.member_max,
        owner: { userId: team.owner_id, name: team.owner_name },
        teamVolumeSize: toGb(usedBytes),
        teamVolumeMax: team.volume_max_gb,
        remaining: toGb(Math.max(0, maxBytes - usedBytes)),
        almostFull: maxBytes === 0 || usedBytes / maxBytes >= ALMOST_FULL_RATIO,
        createdAt: team.created_at.toISOString(),
      };
    },

    async rename(auth: AuthContext, name: string): Promise<void> {
      await repo.renameTeam(callerTeamId(auth), name);
    },

    async myTeams(auth: AuthContext): Promise<MyTeam[]> {
      const rows = await repo.listTeamsOfUser(auth.userId, new Date());
      return rows.map((row) => ({
        teamId: row.team_id,
        teamName: row.team_name,
        roleId: row.role_code,
        memberType: row.member_type,
        expiresAt: row.expires_at?.toISOString() ?? null,
        current: row.team_id === auth.teamId,
      }));
    },

    async memberPage(
      auth: AuthContext,
      query: { pageNum: number; pageSize: number; keyword?: string | undefined; memberType?: MemberType | undefined },
    ): Promise<Page<TeamMember>> {
      const { rows, total } = await repo.pageMembers({ teamId: callerTeamId(auth), ...query });
      const now = new Date();
      return {
        records: rows.map((row) => toMember(row, now)),
        total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },

    async members(auth: AuthContext): Promise<TeamMember[]> {
      const now = new Date();
      return (await repo.listMembers(callerTeamId(auth))).map((row) => toMember(row, now));
    },

    async memberHeads(auth: AuthContext, count: number): Promise<MemberHeads> {
      const teamId = callerTeamId(auth);
      const [rows, total] = await Promise.all([repo.listMembers(teamId, count), repo.countMembers(teamId)]);
      return {
        total,
        heads: rows.map((row) => ({ userId: row.user_id, name: row.name, headImgUrl: row.head_img_url })),
      };
    },

    /**
     * Changes a member's role or type within the caller's assignable roles. Nobody changes the
     * owner or their own role, and a single-holder role (administrator) moves only by handover.
     */
    async changeRole(auth: AuthContext, body: MemberRoleBody): Promise<TeamMember> {
      const team = await currentTeam(auth);
      const target = await targetMember(team.id, body.userId);
      if (target.role_code === 'ROLE_TEAM_OWNER' || target.user_id === auth.userId) {
        throw new AppError('ROLE_CHANGE_LIMIT');
      }
      const allowed = assignableRoles(callerRole(auth), team.kind);
      if (!allowed.includes(target.role_code) || !allowed.includes(body.roleId))
        throw new AppError('ROLE_CHANGE_LIMIT');
      if (SINGLE_HOLDER_ROLES.includes(body.roleId) && body.roleId !== target.role_code) {
        const holders = await repo.findRoleHolders(team.id, body.roleId);
        if (holders.some((userId) => userId !== target.user_id)) throw new AppError('ROLE_CHANGE_LIMIT');
      }
      const memberType = body.memberType ?? target.member_type;
      const expiresAt =
        memberType === 'temporary' ? (body.expiresAt ? new Date(body.expiresAt) : target.expires_at) : null;
      if (memberType === 'temporary' && !expiresAt) {
        throw new AppError('VALIDATION_ERROR', { data: { issues: [{ path: 'expiresAt', key: 'required' }] } });
      }
      const update = { role_code: body.roleId, member_type: memberType, expires_at: expiresAt };
      await repo.updateMember(team.id, target.user_id, update);
      announceRole(team.id, { userId: target.user_id, roleId: body.roleId });
      return toMember({ ...target, ...update }, new Date());
    },

    /**
     * Removes a member (never the owner). Sessions stay; the user's next request resolves to
     * another team, and the event tells an open web page to reload its menu.
     */
    async removeMember(auth: AuthContext, userId: number): Promise<void> {
      const team = await currentTeam(auth);
      const target = await targetMember(team.id, userId);
      if (target.role_code === 'ROLE_TEAM_OWNER') throw new AppError('TEAM_OWNER_CAN_NOT_REMOVE');
      const leavingThemselves = target.user_id === auth.userId;
      if (!leavingThemselves && !assignableRoles(callerRole(auth), team.kind).includes(target.role_code)) {
        throw new AppError('NO_AUTH');
      }
      const { currentTeamId } = await repo.removeMember(team.id, target.user_id, new Date());
      bus.publish({
        userId: target.user_id,
        name: 'teamRemoved',
        value: { teamId: team.id, teamName: team.name, currentTeamId },
      });
    },

    /** The administrator or the owner hands the administrator role to another member. */
    async handOverAdministrator(
      auth: AuthContext,
      userId: number,
    ): Promise<{ administratorId: number; formerAdministratorIds: number[] }> {
      if (auth.role !== 'ROLE_TEAM_ADMIN' && auth.role !== 'ROLE_TEAM_OWNER') throw new AppError('NO_AUTH');
      const team = await currentTeam(auth);
      const target = await targetMember(team.id, userId);
      if (target.role_code === 'ROLE_TEAM_OWNER' || target.user_id === auth.userId || hasLapsed(target)) {
        throw new AppError('ROLE_CHANGE_LIMIT');
      }
      const formerAdministratorIds = await repo.handOverAdministrator(team.id, target.user_id);
      announceRole(team.id, { userId: target.user_id, roleId: 'ROLE_TEAM_ADMIN' });
      for (const former of formerAdministratorIds)
        announceRole(team.id, { userId: former, roleId: 'ROLE_TEAM_INSPECTOR' });
      return { administratorId: target.user_id, formerAdministratorIds };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
