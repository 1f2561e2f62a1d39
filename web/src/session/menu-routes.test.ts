import { describe, expect, it } from 'vitest';
import { buildRouter, type MenuItem } from '@sightline/shared';
import {
  FALLBACK_MENU,
  buildMenuRoutes,
  firstMenuPath,
  joinPath,
  keepAliveKeyFor,
  matchMenuPath,
  rootRedirect,
  visibleMenus,
} from './menu-routes';

function item(overrides: Partial<MenuItem> & Pick<MenuItem, 'menuCode' | 'menuPath'>): MenuItem {
  return {
    pathName: overrides.menuCode,
    componentPath: 'layout/Outlet',
    menuName: `menu.${overrides.menuCode.toLowerCase()}`,
    menuIcon: 'AppstoreOutlined',
    isBackground: false,
    requiresAuth: true,
    root: false,
    childList: [],
    ...overrides,
  };
}

describe('buildMenuRoutes', () => {
  it('turns the owner menu of the shared contract into absolute routes', () => {
    const routes = buildMenuRoutes(buildRouter('ROLE_TEAM_OWNER').menuVOList);
    expect(routes.map((route) => route.path)).toEqual([
      '/home',
      '/map',
      '/map/projects',
      '/inspection',
      '/team',
      '/team/members',
      '/team/settings',
      '/team/users',
      '/recycle',
      '/notice',
    ]);
  });

  it('redirects a parent to its first child, but not MAP', () => {
    const routes = buildMenuRoutes(buildRouter('ROLE_TEAM_OWNER').menuVOList);
    const byPath = new Map(routes.map((route) => [route.path, route]));
    expect(byPath.get('/team')?.redirectTo).toBe('/team/members');
    expect(byPath.get('/map')?.redirectTo).toBeNull();
    expect(byPath.get('/map')?.componentPath).toBe('map/MapPage');
    expect(byPath.get('/home')?.redirectTo).toBeNull();
  });

  it('follows a chain of parents to the first leaf', () => {
    const menus = [
      item({
        menuCode: 'A',
        menuPath: '/a',
        childList: [item({ menuCode: 'B', menuPath: 'b', childList: [item({ menuCode: 'C', menuPath: 'c' })] })],
      }),
    ];
    const routes = buildMenuRoutes(menus);
    expect(routes.map((route) => [route.path, route.redirectTo])).toEqual([
      ['/a', '/a/b/c'],
      ['/a/b', '/a/b/c'],
      ['/a/b/c', null],
    ]);
  });

  it('skips background items and everything under them', () => {
    const menus = [
      item({
        menuCode: 'HIDDEN',
        menuPath: '/hidden',
        isBackground: true,
        childList: [item({ menuCode: 'X', menuPath: '/hidden/x' })],
      }),
      item({
        menuCode: 'TEAM',
        menuPath: '/team',
        childList: [
          item({ menuCode: 'SECRET', menuPath: '/team/secret', isBackground: true }),
          item({ menuCode: 'MEMBERS', menuPath: '/team/members' }),
        ],
      }),
    ];
    const routes = buildMenuRoutes(menus);
    expect(routes.map((route) => route.path)).toEqual(['/team', '/team/members']);
    expect(routes[0]?.redirectTo).toBe('/team/members');
    expect(visibleMenus(menus)).toHaveLength(1);
  });

  it('marks only the inspection route as kept alive', () => {
    const routes = buildMenuRoutes(buildRouter('ROLE_TEAM_ADMIN').menuVOList);
    expect(routes.filter((route) => route.keepAlive).map((route) => route.path)).toEqual(['/inspection']);
  });

  it('carries the menu name key and the component path', () => {
    const [home] = buildMenuRoutes(buildRouter('ROLE_TEAM_VIEWER').menuVOList);
    expect(home).toMatchObject({ path: '/home', titleKey: 'menu.home', componentPath: 'home/HomePage' });
  });
});

describe('first menu path and root redirect', () => {
  it('is the first visible entry, resolved through redirects', () => {
    expect(firstMenuPath(buildRouter('ROLE_TEAM_OWNER').menuVOList)).toBe('/home');
    // A sales manager has no home: the team menu comes first and opens its first child.
    expect(firstMenuPath(buildRouter('ROLE_CORP_SALES').menuVOList)).toBe('/team/members');
  });

  it('falls back to the personal centre when there is no menu', () => {
    expect(firstMenuPath([])).toBe('/personnelcenter');
    expect(FALLBACK_MENU.map((entry) => entry.menuPath)).toEqual(['/personnelcenter']);
  });

  it('sends / to /home when the menu has it, else to the first menu page', () => {
    expect(rootRedirect(buildRouter('ROLE_TEAM_INSPECTOR').menuVOList)).toBe('/home');
    expect(rootRedirect(buildRouter('ROLE_CORP_SALES').menuVOList)).toBe('/team/members');
    expect(rootRedirect([])).toBe('/personnelcenter');
  });
});

describe('path matching and keep-alive choice', () => {
  const routes = buildMenuRoutes(buildRouter('ROLE_TEAM_OWNER').menuVOList);

  it('matches the longest menu path that prefixes the location', () => {
    expect(matchMenuPath('/map/projects', routes)?.path).toBe('/map/projects');
    expect(matchMenuPath('/map', routes)?.path).toBe('/map');
    expect(matchMenuPath('/team/members/42', routes)?.path).toBe('/team/members');
    expect(matchMenuPath('/homework', routes)).toBeNull();
    expect(matchMenuPath('/personnelcenter', routes)).toBeNull();
  });

  it('keeps the inspection page alive, including its sub-paths, and nothing else', () => {
    expect(keepAliveKeyFor('/inspection', routes)).toBe('/inspection');
    expect(keepAliveKeyFor('/inspection/17', routes)).toBe('/inspection');
    expect(keepAliveKeyFor('/home', routes)).toBeNull();
    expect(keepAliveKeyFor('/team/members', routes)).toBeNull();
    expect(keepAliveKeyFor('/unknown', routes)).toBeNull();
  });

  it('joins relative child paths to their parent and normalises slashes', () => {
    expect(joinPath('/team', 'members')).toBe('/team/members');
    expect(joinPath('/team', '/team/members/')).toBe('/team/members');
    expect(joinPath('/', 'home')).toBe('/home');
  });
});
