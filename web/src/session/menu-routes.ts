import type { MenuItem } from '@sightline/shared';

/** What every page reached from the menu receives (the page registry in web/src/app maps menu entries to pages). */
export interface MenuPageProps {
  /** i18n key of the menu entry's title. */
  titleKey: string;
}

/** One route of the app built from a menu item (SPEC section 2, dynamic routes). */
export interface MenuRoute {
  /** Absolute path. */
  path: string;
  menuCode: string;
  componentPath: string;
  /** i18n key of the title, e.g. `menu.home`. */
  titleKey: string;
  /** Set for parents: they open their first child instead of a page of their own. */
  redirectTo: string | null;
  /** Kept mounted (hidden) when the user navigates away. */
  keepAlive: boolean;
  requiresAuth: boolean;
}

/** Parents that show their own page rather than redirecting to their first child. */
export const NO_REDIRECT_CODES: readonly string[] = ['MAP'];
/** Only the inspection screen keeps its state alive across navigation. */
export const KEEP_ALIVE_CODES: readonly string[] = ['INSPECTION'];

export const PERSONAL_CENTER_PATH = '/personnelcenter';
/** A static route open without login; the header's user menu leads there too. */
export const SELECT_BUSINESS_PATH = '/selectBusiness';

/** The menu shown when the server gives none: the personal centre only. */
export const FALLBACK_MENU: readonly MenuItem[] = [
  {
    menuCode: 'PERSONAL_CENTER',
    menuPath: PERSONAL_CENTER_PATH,
    pathName: 'PersonalCenter',
    componentPath: 'user/PersonalCenterPage',
    menuName: 'menu.personalCenter',
    menuIcon: 'UserOutlined',
    isBackground: false,
    requiresAuth: true,
    root: true,
    childList: [],
  },
];

export function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return normalizePath(path);
  return normalizePath(`${parent}/${path}`);
}

function normalizePath(path: string): string {
  const collapsed = `/${path}`.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

/** Drops background items (and what hangs under them); they never become menu entries or routes. */
export function visibleMenus(menus: readonly MenuItem[]): MenuItem[] {
  return menus
    .filter((item) => !item.isBackground)
    .map((item) => ({ ...item, childList: visibleMenus(item.childList ?? []) }));
}

/** Where an item leads: its own path, or for a redirecting parent its first child's destination. */
function destinationOf(item: MenuItem, parentPath: string): string {
  const path = joinPath(parentPath, item.menuPath);
  const first = item.childList[0];
  if (!first || NO_REDIRECT_CODES.includes(item.menuCode)) return path;
  return destinationOf(first, path);
}

/** Flattens the visible menu tree into absolute routes, parents first. */
export function buildMenuRoutes(menus: readonly MenuItem[]): MenuRoute[] {
  const routes: MenuRoute[] = [];
  const walk = (items: readonly MenuItem[], parentPath: string) => {
    for (const item of items) {
      const path = joinPath(parentPath, item.menuPath);
      const first = item.childList[0];
      const redirects = first !== undefined && !NO_REDIRECT_CODES.includes(item.menuCode);
      routes.push({
        path,
        menuCode: item.menuCode,
        componentPath: item.componentPath,
        titleKey: item.menuName,
        redirectTo: redirects ? destinationOf(first, path) : null,
        keepAlive: KEEP_ALIVE_CODES.includes(item.menuCode),
        requiresAuth: item.requiresAuth,
      });
      walk(item.childList, path);
    }
  };
  walk(visibleMenus(menus), '/');
  return routes;
}

/** The first page of the menu: where a signed-in user lands. Personal centre when there is no menu. */
export function firstMenuPath(menus: readonly MenuItem[]): string {
  const first = visibleMenus(menus)[0];
  return first ? destinationOf(first, '/') : PERSONAL_CENTER_PATH;
}

/** `/` goes to /home (SPEC section 2) when the menu has it, else to the first menu page. */
export function rootRedirect(menus: readonly MenuItem[]): string {
  const routes = buildMenuRoutes(menus);
  return routes.some((route) => route.path === '/home') ? '/home' : firstMenuPath(menus);
}

/** The menu entry a path belongs to (the longest menu path that is a prefix of it), for highlighting. */
export function matchMenuPath(pathname: string, routes: readonly MenuRoute[]): MenuRoute | null {
  let best: MenuRoute | null = null;
  for (const route of routes) {
    const matches = pathname === route.path || pathname.startsWith(`${route.path}/`);
    if (matches && (!best || route.path.length > best.path.length)) best = route;
  }
  return best;
}

/** The keep-alive slot a path belongs to, or null when the page there is an ordinary one. */
export function keepAliveKeyFor(pathname: string, routes: readonly MenuRoute[]): string | null {
  const route = matchMenuPath(pathname, routes);
  return route?.keepAlive && route.redirectTo === null ? route.path : null;
}
