import { describe, expect, it } from 'vitest';
import { buildRouter } from '@sightline/shared';
import { hasButtonPermission } from './permissions';

describe('hasButtonPermission', () => {
  it('reads the button keys of the menu response', () => {
    const admin = buildRouter('ROLE_TEAM_ADMIN').buttonVOList;
    const viewer = buildRouter('ROLE_TEAM_VIEWER').buttonVOList;
    expect(hasButtonPermission(admin, 'project:create')).toBe(true);
    expect(hasButtonPermission(viewer, 'project:create')).toBe(false);
    expect(hasButtonPermission(viewer, 'project:view')).toBe(true);
    expect(hasButtonPermission([], 'project:view')).toBe(false);
  });
});
