import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  INVITATION_RANDOM_PASSWORD_LENGTH,
  INVITATION_VALIDITY_MAX_DAYS,
  LIMITS,
  SINGLE_HOLDER_ROLES,
  TEAM_KIND_ROLES,
  assignableRoles,
  type InvitationLink,
  type InvitationLinkBody,
  type JoinResult,
  type LinkAnalysis,
} from '@sightline/shared';
import { callerTeamId, type AuthContext } from '../../platform/auth/auth-context.js';
import { randomToken, sha256 } from '../../platform/auth/tokens.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { InvitationRepo } from './invitation.repo.js';
import { hasLapsed } from './membership.js';
import type { TeamRepo } from './team.repo.js';

const DAY_MS = 24 * 3600 * 1000;
// Letters and digits that cannot be mistaken for one another when read aloud or retyped.
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

function randomPassword(): string {
  return Array.from(
    { length: INVITATION_RANDOM_PASSWORD_LENGTH },
    () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
  ).join('');
}

/** Compares hashes of equal length, so the time taken says nothing about the password. */
function samePassword(given: string, stored: string): boolean {
  return timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(stored), 'hex'));
}

type LinkRow = NonNullable<Awaited<ReturnType<InvitationRepo['findLinkBySid']>>>;

function toLink(row: LinkRow): InvitationLink {
  return {
    sid: row.sid,
    url: `/invite?sid=${encodeURIComponent(row.sid)}`,
    password: row.password,
    passwordMode: row.password_mode,
    roleId: row.role_code,
    scope: row.scope,
    projectIds: row.project_ids,
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    inviter: { userId: row.created_by, name: row.inviter_name },
  };
}

/**
 * Invitation links. The password is stored readable in the link's row, not hashed: it is a code
 * the team hands out with the link (SPEC section 6), which administrators must be able to copy
 * again, not a personal credential. Only members allowed to invite read it back; the link expires
 * within a year and is replaced by the next one; guessing is capped per user and team.
 */
export function createInvitationService({
  repo,
  teams,
  projects,
  bus,
}: {
  repo: InvitationRepo;
  teams: TeamRepo;
  /** The team's live projects, which a link may grant (the project module answers; the team core knows no projects). */
  projects: { listRefs(filter: { teamId: number; memberId: null }): Promise<Array<{ id: number }>> };
  bus: EventBus;
}) {
  async function usableLink(sid: string, now: Date) {
    const link = await repo.findLinkBySid(sid);
    if (!link || link.revoked_at || link.expires_at.getTime() <= now.getTime()) {
      throw new AppError('TEAM_INVITATION_LINK_INVALID');
    }
    return link;
  }

  return {
    async currentLink(auth: AuthContext): Promise<InvitationLink | null> {
      const link = await repo.findActiveLink(callerTeamId(auth), new Date());
      return link ? toLink(link) : null;
    },

    async createLink(auth: AuthContext, body: InvitationLinkBody): Promise<InvitationLink> {
      const teamId = callerTeamId(auth);
      const team = await teams.findTeam(teamId);
      if (!team || !auth.role) throw new AppError('USER_NO_TEAM_ERROR');
      if (body.validityDays > INVITATION_VALIDITY_MAX_DAYS) {
        throw new AppError('USE_DEADLINE_EXCEEDED_MAXIMUM_LIMIT', { params: { max: INVITATION_VALIDITY_MAX_DAYS } });
      }
      // A link admits any number of people, so it never carries a role only one member may hold.
      const roleFits =
        TEAM_KIND_ROLES[team.kind].includes(body.roleId) &&
        !SINGLE_HOLDER_ROLES.includes(body.roleId) &&
        assignableRoles(auth.role, team.kind).includes(body.roleId);
      if (!roleFits) throw new AppError('TEAM_INVITATION_LINK_ROLE_ERROR');
      if ((await teams.countMembers(teamId)) >= team.member_max) throw new AppError('TEAM_USER_COUNT_UPPER_LIMIT');
      const projectIds = body.scope === 'projects' ? [...new Set(body.projectIds ?? [])] : [];
      if (projectIds.length > 0) {
        const live = new Set((await projects.listRefs({ teamId, memberId: null })).map((project) => project.id));
        if (projectIds.some((projectId) => !live.has(projectId))) throw new AppError('PROJECT_NO_ERROR');
      }

      const now = new Date();
      const sid = randomToken(24);
      await repo.replaceLink({
        teamId,
        sid,
        password: body.passwordMode === 'custom' && body.password ? body.password : randomPassword(),
        passwordMode: body.passwordMode,
        roleCode: body.roleId,
        scope: body.scope ?? 'team',
        projectIds,
        createdBy: auth.userId,
        now,
        expiresAt: new Date(now.getTime() + body.validityDays * DAY_MS),
      });
      return toLink(await usableLink(sid, now));
    },

    /** What the invite page shows before joining; open to anyone holding the link. */
    async analyse(sid: string, auth: AuthContext | null): Promise<LinkAnalysis> {
      const now = new Date();
      const link = await usableLink(sid, now);
      const member = auth ? await teams.findMember(link.team_id, auth.userId) : undefined;
      const joined = member !== undefined && !hasLapsed(member, now);
      return {
        teamName: link.team_name,
        inviter: { userId: link.created_by, name: link.inviter_name, headImgUrl: link.inviter_head_img_url },
        roleId: link.role_code,
        scope: link.scope,
        expiresAt: link.expires_at.toISOString(),
        valid: (await teams.countMembers(link.team_id)) < link.member_max,
        joined,
      };
    },

    /**
     * Joins the link's team with its password. Wrong passwords count per user and team: each
     * answer says how many tries are left, and the last one blocks the user for an hour. Each try is
     * counted before the password is compared, so parallel guesses get no more tries than serial ones.
     */
    async join(auth: AuthContext, input: { sid: string; password: string }): Promise<JoinResult> {
      const now = new Date();
      const link = await usableLink(input.sid, now);
      const max = LIMITS.teamJoinWrongPasswords;
      const failures = await repo.takeTry(auth.userId, link.team_id, {
        max,
        now,
        since: new Date(now.getTime() - LIMITS.teamJoinBlockMs),
      });
      if (failures === null) throw new AppError('TEAM_USER_JOIN_COUNT_LIMIT');
      if (!samePassword(input.password, link.password)) {
        const remaining = max - failures;
        if (remaining <= 0) throw new AppError('TEAM_USER_JOIN_COUNT_LIMIT');
        throw new AppError('TEAM_INVITATION_CODE_INVALID', { params: { count: remaining } });
      }
      await repo.clearFailures(auth.userId, link.team_id);
      const outcome = await repo.join({
        teamId: link.team_id,
        userId: auth.userId,
        roleCode: link.role_code,
        inviterId: link.created_by,
        projectIds: link.project_ids,
        now,
      });
      if (outcome === 'member') throw new AppError('TEAM_USER_IN_TEAM');
      if (outcome === 'full') throw new AppError('TEAM_USER_COUNT_UPPER_LIMIT');
      bus.publish({
        userId: auth.userId,
        name: 'teamJoined',
        value: { teamId: link.team_id, teamName: link.team_name, roleId: link.role_code },
      });
      return { teamId: link.team_id, teamName: link.team_name, roleId: link.role_code };
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
