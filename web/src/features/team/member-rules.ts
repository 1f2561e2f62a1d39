import {
  ASSIGNABLE_ROLES,
  SINGLE_HOLDER_ROLES,
  assignableRoles,
  type LocalUser,
  type RoleCode,
  type TeamKind,
  type TeamMember,
} from '@sightline/shared';

/**
 * What the members page offers on a row, decided the way the server decides (team.service.ts):
 * the owner is never changed or removed, nobody changes their own role, and a caller manages only
 * the roles it could hand out. The server checks again; this only hides what would be refused.
 */
export interface MemberContext {
  myUserId: number;
  myRole: RoleCode | null;
  teamKind: TeamKind;
  /** Button keys of the caller (team:member:role, team:member:manage, team:handover). */
  canRole: boolean;
  canManage: boolean;
  canHandover: boolean;
}

/**
 * Which rule kept an action from being offered. The members page only hides the action; the reason
 * names the rule so that each one can be checked on its own.
 */
export type BlockReason = 'owner' | 'self' | 'outranked' | 'noPermission' | 'expired' | 'alreadyAdmin';

export type Allowed = { allowed: true } | { allowed: false; reason: BlockReason };

const yes: Allowed = { allowed: true };
const no = (reason: BlockReason): Allowed => ({ allowed: false, reason });

export const OWNER_ROLE: RoleCode = 'ROLE_TEAM_OWNER';
export const ADMIN_ROLE: RoleCode = 'ROLE_TEAM_ADMIN';
/** Roles that see every project of the team whatever their list says. */
const ALL_PROJECT_ROLES: readonly RoleCode[] = [OWNER_ROLE, ADMIN_ROLE];

function manageable(member: TeamMember, context: MemberContext): boolean {
  if (!context.myRole) return false;
  return assignableRoles(context.myRole, context.teamKind).includes(member.roleId);
}

export function canChangeRole(member: TeamMember, context: MemberContext): Allowed {
  if (!context.canRole) return no('noPermission');
  if (member.roleId === OWNER_ROLE) return no('owner');
  if (member.userId === context.myUserId) return no('self');
  if (!manageable(member, context)) return no('outranked');
  return yes;
}

export function canRemove(member: TeamMember, context: MemberContext): Allowed {
  if (!context.canManage) return no('noPermission');
  if (member.roleId === OWNER_ROLE) return no('owner');
  if (member.userId === context.myUserId) return no('self');
  if (!manageable(member, context)) return no('outranked');
  return yes;
}

export function canHandOver(member: TeamMember, context: MemberContext): Allowed {
  if (!context.canHandover || (context.myRole !== OWNER_ROLE && context.myRole !== ADMIN_ROLE)) {
    return no('noPermission');
  }
  if (member.roleId === OWNER_ROLE) return no('owner');
  if (member.userId === context.myUserId) return no('self');
  if (member.roleId === ADMIN_ROLE) return no('alreadyAdmin');
  if (member.expired) return no('expired');
  return yes;
}

export function canAssignProjects(member: TeamMember, context: MemberContext): Allowed {
  if (!context.canManage) return no('noPermission');
  if (ALL_PROJECT_ROLES.includes(member.roleId)) return no(member.roleId === OWNER_ROLE ? 'owner' : 'alreadyAdmin');
  return yes;
}

export interface RoleOption {
  roleId: RoleCode;
  /** Single-holder roles already held by someone else move only by handover. */
  disabled: boolean;
}

/** A single-holder role that someone else holds, so a member whose role is `current` cannot be given it. */
function heldByAnother(roleId: RoleCode, current: RoleCode | undefined, holders: ReadonlyMap<RoleCode, number>) {
  return SINGLE_HOLDER_ROLES.includes(roleId) && roleId !== current && (holders.get(roleId) ?? 0) > 0;
}

/** The roles the caller may give `member`; `holders` counts members per role in the team. */
export function roleOptions(
  member: TeamMember,
  context: MemberContext,
  holders: ReadonlyMap<RoleCode, number>,
): RoleOption[] {
  if (!context.myRole) return [];
  return assignableRoles(context.myRole, context.teamKind).map((roleId) => ({
    roleId,
    disabled: heldByAnother(roleId, member.roleId, holders),
  }));
}

/** Roles an invitation link may carry: assignable ones that any number of members may hold. */
export function inviteRoles(myRole: RoleCode | null, kind: TeamKind): RoleCode[] {
  if (!myRole) return [];
  return assignableRoles(myRole, kind).filter((role) => !SINGLE_HOLDER_ROLES.includes(role));
}

/** Roles a local user created by the caller may hold (the server's canManage). */
export function localUserRoles(myRole: RoleCode | null): RoleCode[] {
  if (!myRole) return [];
  return [...(ASSIGNABLE_ROLES[myRole] ?? [])];
}

/**
 * The roles the local-user dialog offers, as the server's user service decides: the caller's own account
 * keeps its role (nobody changes their own), others get the roles the caller may give, a single-holder
 * role (administrator) only while nobody else holds it. `user` is null for a new user.
 */
export function localUserRoleOptions(
  user: Pick<LocalUser, 'id' | 'roleId'> | null,
  me: { userId: number; roleId: RoleCode | null },
  holders: ReadonlyMap<RoleCode, number>,
): RoleOption[] {
  if (user && user.id === me.userId) return [{ roleId: user.roleId, disabled: false }];
  return localUserRoles(me.roleId).map((roleId) => ({
    roleId,
    disabled: heldByAnother(roleId, user?.roleId, holders),
  }));
}
