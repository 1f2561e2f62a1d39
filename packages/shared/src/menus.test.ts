import { describe, expect, it } from 'vitest';
import { buildRouter, MENU_TREE, type MenuDefinition } from './menus.js';
import { PERMISSIONS, ROLE_CODES, ROLE_PERMISSIONS, permissionsFor, type Deployment, type RoleCode } from './roles.js';

const codes = (items: { menuCode: string; childList: unknown[] }[]) => items.map((item) => item.menuCode);

describe('menus built from the permission table', () => {
  it('gives the viewer no team administration, no recycle bin and no sales upgrade', () => {
    const router = buildRouter('ROLE_TEAM_VIEWER');
    expect(codes(router.menuVOList)).toEqual(['HOME', 'MAP', 'INSPECTION', 'TEAM', 'NOTICE']);
    const team = router.menuVOList.find((item) => item.menuCode === 'TEAM');
    expect(team?.childList.map((child) => child.menuCode)).toEqual(['TEAM_MEMBERS', 'TEAM_SETTINGS']);
    expect(router.buttonVOList).not.toContain('project:create');
  });

  it('gives the administrator the local users and the recycle bin, and marks roots', () => {
    const router = buildRouter('ROLE_TEAM_ADMIN');
    expect(codes(router.menuVOList)).toContain('RECYCLE');
    const team = router.menuVOList.find((item) => item.menuCode === 'TEAM');
    expect(team?.root).toBe(true);
    expect(team?.childList.every((child) => !child.root)).toBe(true);
    expect(team?.childList.map((child) => child.menuCode)).toContain('TEAM_LOCAL_USERS');
    expect(router.buttonVOList).toEqual(expect.arrayContaining(['project:create', 'team:invite']));
  });

  it('gives the sales manager the upgrade screen and no projects', () => {
    expect(codes(buildRouter('ROLE_CORP_SALES').menuVOList)).toEqual(['TEAM', 'NOTICE', 'ADMIN']);
  });

  it('gives the feedback inbox to corporate management, and on a local deployment to the owner', () => {
    const inbox = (role: RoleCode, deployment: Deployment) =>
      codes(buildRouter(role, permissionsFor(role, deployment)).menuVOList).includes('FEEDBACK');
    for (const role of ROLE_CODES) {
      expect(inbox(role, 'hosted'), role).toBe(role === 'ROLE_CORP_MANAGEMENT');
      expect(inbox(role, 'local'), role).toBe(role === 'ROLE_CORP_MANAGEMENT' || role === 'ROLE_TEAM_OWNER');
    }
  });

  it('keeps deployment settings to the operator on the hosted service and to the owner on a local one', () => {
    expect(permissionsFor('ROLE_TEAM_OWNER', 'hosted')).not.toContain('system:config');
    expect(permissionsFor('ROLE_TEAM_OWNER', 'local')).toContain('system:config');
    expect(permissionsFor('ROLE_CORP_MANAGEMENT', 'hosted')).toContain('system:config');
  });

  it('gives a role without permissions an empty menu', () => {
    expect(buildRouter('ROLE_TEAM_VIEWER', [])).toEqual({ menuVOList: [], buttonVOList: [] });
  });

  it('uses only known permission keys, and nests at most two levels', () => {
    const walk = (items: MenuDefinition[], depth: number): void => {
      for (const item of items) {
        expect(PERMISSIONS).toContain(item.permission);
        expect(depth).toBeLessThanOrEqual(2);
        walk(item.children ?? [], depth + 1);
      }
    };
    walk(MENU_TREE, 1);
    for (const role of ROLE_CODES) for (const key of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(key);
  });
});
