import { describe, expect, it } from 'vitest';
import type { RoleCode, TeamMember } from '@sightline/shared';
import {
  canAssignProjects,
  canChangeRole,
  canHandOver,
  canRemove,
  inviteRoles,
  localUserRoleOptions,
  localUserRoles,
  roleOptions,
  type MemberContext,
} from './member-rules';

function member(userId: number, roleId: RoleCode, extra: Partial<TeamMember> = {}): TeamMember {
  return {
    userId,
    name: `user ${userId}`,
    account: null,
    phone: null,
    headImgUrl: null,
    roleId,
    memberType: 'full',
    expiresAt: null,
    expired: false,
    joinedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

const owner: MemberContext = {
  myUserId: 1,
  myRole: 'ROLE_TEAM_OWNER',
  teamKind: 'team',
  canRole: true,
  canManage: true,
  canHandover: true,
};
const admin: MemberContext = { ...owner, myUserId: 2, myRole: 'ROLE_TEAM_ADMIN' };
const viewer: MemberContext = {
  ...owner,
  myUserId: 4,
  myRole: 'ROLE_TEAM_VIEWER',
  canRole: false,
  canManage: false,
  canHandover: false,
};

describe('member actions', () => {
  it('never offers to change or remove the owner', () => {
    const target = member(1, 'ROLE_TEAM_OWNER');
    expect(canRemove(target, admin)).toEqual({ allowed: false, reason: 'owner' });
    expect(canChangeRole(target, admin)).toEqual({ allowed: false, reason: 'owner' });
    expect(canHandOver(target, admin)).toEqual({ allowed: false, reason: 'owner' });
  });

  it('lets the owner manage the administrator, but an administrator only the roles below', () => {
    const administrator = member(2, 'ROLE_TEAM_ADMIN');
    const inspector = member(3, 'ROLE_TEAM_INSPECTOR');
    expect(canRemove(administrator, owner).allowed).toBe(true);
    expect(canChangeRole(administrator, owner).allowed).toBe(true);
    expect(canRemove(inspector, admin).allowed).toBe(true);
    expect(canChangeRole(member(5, 'ROLE_TEAM_ADMIN'), admin)).toEqual({ allowed: false, reason: 'outranked' });
  });

  it('keeps callers from acting on themselves and follows the button keys', () => {
    expect(canChangeRole(member(2, 'ROLE_TEAM_ADMIN'), admin)).toEqual({ allowed: false, reason: 'self' });
    expect(canRemove(member(3, 'ROLE_TEAM_INSPECTOR'), viewer)).toEqual({ allowed: false, reason: 'noPermission' });
    expect(canAssignProjects(member(3, 'ROLE_TEAM_INSPECTOR'), viewer).allowed).toBe(false);
  });

  it('hands the administrator role only to a live member who is not the administrator yet', () => {
    expect(canHandOver(member(3, 'ROLE_TEAM_INSPECTOR'), admin).allowed).toBe(true);
    expect(canHandOver(member(2, 'ROLE_TEAM_ADMIN'), owner)).toEqual({ allowed: false, reason: 'alreadyAdmin' });
    expect(canHandOver(member(3, 'ROLE_TEAM_INSPECTOR', { memberType: 'temporary', expired: true }), owner)).toEqual({
      allowed: false,
      reason: 'expired',
    });
  });

  it('leaves project lists to members who do not see every project anyway', () => {
    expect(canAssignProjects(member(3, 'ROLE_TEAM_INSPECTOR'), owner).allowed).toBe(true);
    expect(canAssignProjects(member(2, 'ROLE_TEAM_ADMIN'), owner).allowed).toBe(false);
  });
});

describe('role choices', () => {
  it('disables the administrator role while another member holds it', () => {
    const holders = new Map<RoleCode, number>([['ROLE_TEAM_ADMIN', 1]]);
    expect(roleOptions(member(3, 'ROLE_TEAM_INSPECTOR'), owner, holders)).toEqual([
      { roleId: 'ROLE_TEAM_ADMIN', disabled: true },
      { roleId: 'ROLE_TEAM_INSPECTOR', disabled: false },
      { roleId: 'ROLE_TEAM_VIEWER', disabled: false },
    ]);
    expect(roleOptions(member(2, 'ROLE_TEAM_ADMIN'), owner, holders)[0]).toEqual({
      roleId: 'ROLE_TEAM_ADMIN',
      disabled: false,
    });
  });

  it('never puts a single-holder role on an invitation link', () => {
    expect(inviteRoles('ROLE_TEAM_OWNER', 'team')).toEqual(['ROLE_TEAM_INSPECTOR', 'ROLE_TEAM_VIEWER']);
    expect(inviteRoles('ROLE_TEAM_VIEWER', 'team')).toEqual([]);
    expect(inviteRoles(null, 'team')).toEqual([]);
  });

  it('offers local users the roles the caller may give', () => {
    expect(localUserRoles('ROLE_TEAM_ADMIN')).toEqual(['ROLE_TEAM_INSPECTOR', 'ROLE_TEAM_VIEWER']);
    expect(localUserRoles('ROLE_TEAM_INSPECTOR')).toEqual([]);
  });

  it('offers a local user the administrator role only while the team has none', () => {
    const me = { userId: 1, roleId: 'ROLE_TEAM_OWNER' as const };
    const withAdmin = new Map<RoleCode, number>([['ROLE_TEAM_ADMIN', 1]]);
    const inspector = { id: 3, roleId: 'ROLE_TEAM_INSPECTOR' as const };
    expect(localUserRoleOptions(inspector, me, withAdmin)).toEqual([
      { roleId: 'ROLE_TEAM_ADMIN', disabled: true },
      { roleId: 'ROLE_TEAM_INSPECTOR', disabled: false },
      { roleId: 'ROLE_TEAM_VIEWER', disabled: false },
    ]);
    expect(localUserRoleOptions(null, me, withAdmin)[0]).toEqual({ roleId: 'ROLE_TEAM_ADMIN', disabled: true });
    expect(localUserRoleOptions(null, me, new Map())[0]).toEqual({ roleId: 'ROLE_TEAM_ADMIN', disabled: false });
    // The administrator keeps the role when edited.
    expect(localUserRoleOptions({ id: 2, roleId: 'ROLE_TEAM_ADMIN' }, me, withAdmin)[0]).toEqual({
      roleId: 'ROLE_TEAM_ADMIN',
      disabled: false,
    });
  });

  it('keeps the role of the caller’s own account', () => {
    const me = { userId: 1, roleId: 'ROLE_TEAM_OWNER' as const };
    expect(localUserRoleOptions({ id: 1, roleId: 'ROLE_TEAM_OWNER' }, me, new Map())).toEqual([
      { roleId: 'ROLE_TEAM_OWNER', disabled: false },
    ]);
  });
});
