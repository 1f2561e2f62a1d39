import { describe, expect, it } from 'vitest';
import { assignableRoles, invitationLinkBodySchema, memberRoleBodySchema } from './team.js';

describe('team rules', () => {
  it('narrows the assignable roles to the team kind, the school owner also appointing teachers', () => {
    expect(assignableRoles('ROLE_TEAM_OWNER', 'team')).toEqual([
      'ROLE_TEAM_ADMIN',
      'ROLE_TEAM_INSPECTOR',
      'ROLE_TEAM_VIEWER',
    ]);
    expect(assignableRoles('ROLE_TEAM_ADMIN', 'team')).toEqual(['ROLE_TEAM_INSPECTOR', 'ROLE_TEAM_VIEWER']);
    expect(assignableRoles('ROLE_TEAM_OWNER', 'school')).toEqual([
      'ROLE_TEAM_ADMIN',
      'ROLE_TEAM_INSPECTOR',
      'ROLE_TEAM_VIEWER',
      'ROLE_SCHOOL_TEACHER',
      'ROLE_SCHOOL_STUDENT',
    ]);
    expect(assignableRoles('ROLE_SCHOOL_TEACHER', 'school')).toEqual(['ROLE_SCHOOL_STUDENT']);
    expect(assignableRoles('ROLE_SCHOOL_TEACHER', 'team')).toEqual([]);
    expect(assignableRoles('ROLE_CORP_MANAGEMENT', 'corporate')).toEqual(['ROLE_CORP_SALES', 'ROLE_CORP_CLERK']);
    expect(assignableRoles('ROLE_TEAM_OWNER', 'corporate')).not.toContain('ROLE_CORP_SALES');
    expect(assignableRoles('ROLE_TEAM_VIEWER', 'team')).toEqual([]);
  });

  it('asks a temporary member for an expiry in the future', () => {
    const issues = (body: unknown) =>
      memberRoleBodySchema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
    expect(issues({ userId: 1, roleId: 'ROLE_TEAM_VIEWER', memberType: 'temporary' })).toEqual([
      ['expiresAt', 'required'],
    ]);
    expect(
      issues({ userId: 1, roleId: 'ROLE_TEAM_VIEWER', memberType: 'temporary', expiresAt: '2000-01-01T00:00:00Z' }),
    ).toEqual([['expiresAt', 'futureDate']]);
    expect(issues({ userId: 1, roleId: 'ROLE_TEAM_VIEWER', memberType: 'full' })).toEqual([]);
  });

  it('checks a custom invitation password and the projects of a project invitation', () => {
    const base = { validityDays: 7, roleId: 'ROLE_TEAM_VIEWER' };
    const messages = (body: unknown) =>
      invitationLinkBodySchema.safeParse(body).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ ...base, passwordMode: 'custom', password: 'ab12' })).toEqual([]);
    expect(messages({ ...base, passwordMode: 'custom', password: 'ab1' })).toEqual(['invitePasswordFormat']);
    expect(messages({ ...base, passwordMode: 'random', scope: 'projects', projectIds: [] })).toEqual(['required']);
    expect(invitationLinkBodySchema.parse({ ...base, passwordMode: 'random' }).scope).toBe('team');
  });
});
