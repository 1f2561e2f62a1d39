import { z } from 'zod';
import { permissionsFor, type Permission, type RoleCode } from './roles.js';

/** A menu entry as the server defines it; `permission` decides who gets it. */
export interface MenuDefinition {
  menuCode: string;
  menuPath: string;
  pathName: string;
  componentPath: string;
  /** An i18n key under `menu.` in the web catalogue. */
  menuName: string;
  menuIcon: string;
  permission: Permission;
  isBackground?: boolean;
  requiresAuth?: boolean;
  children?: MenuDefinition[];
}

export const MENU_CODES = {
  home: 'HOME',
  map: 'MAP',
  inspection: 'INSPECTION',
  team: 'TEAM',
  recycle: 'RECYCLE',
  notice: 'NOTICE',
  admin: 'ADMIN',
  feedback: 'FEEDBACK',
} as const;

/**
 * The menu tree. Screens that later issues add register their component path here;
 * the web resolves `componentPath` against its page registry and shows a 404 for unknown ones.
 */
export const MENU_TREE: MenuDefinition[] = [
  {
    menuCode: 'HOME',
    menuPath: '/home',
    pathName: 'Home',
    componentPath: 'home/HomePage',
    menuName: 'menu.home',
    menuIcon: 'HomeOutlined',
    permission: 'project:view',
  },
  {
    menuCode: 'MAP',
    menuPath: '/map',
    pathName: 'Map',
    componentPath: 'map/MapPage',
    menuName: 'menu.map',
    menuIcon: 'GlobalOutlined',
    permission: 'map:view',
    children: [
      {
        menuCode: 'MAP_PROJECTS',
        menuPath: '/map/projects',
        pathName: 'MapProjects',
        componentPath: 'map/MapProjectsPage',
        menuName: 'menu.mapProjects',
        menuIcon: 'EnvironmentOutlined',
        permission: 'map:view',
      },
    ],
  },
  {
    menuCode: 'INSPECTION',
    menuPath: '/inspection',
    pathName: 'Inspection',
    componentPath: 'inspection/InspectionPage',
    menuName: 'menu.inspection',
    menuIcon: 'FileSearchOutlined',
    permission: 'inspection:view',
  },
  {
    menuCode: 'TEAM',
    menuPath: '/team',
    pathName: 'Team',
    componentPath: 'layout/Outlet',
    menuName: 'menu.team',
    menuIcon: 'TeamOutlined',
    permission: 'team:view',
    children: [
      {
        menuCode: 'TEAM_MEMBERS',
        menuPath: '/team/members',
        pathName: 'TeamMembers',
        componentPath: 'team/MembersPage',
        menuName: 'menu.teamMembers',
        menuIcon: 'UserOutlined',
        permission: 'team:member:view',
      },
      {
        menuCode: 'TEAM_SETTINGS',
        menuPath: '/team/settings',
        pathName: 'TeamSettings',
        componentPath: 'team/SettingsPage',
        menuName: 'menu.teamSettings',
        menuIcon: 'SettingOutlined',
        permission: 'team:view',
      },
      {
        menuCode: 'TEAM_LOCAL_USERS',
        menuPath: '/team/users',
        pathName: 'TeamLocalUsers',
        componentPath: 'team/LocalUsersPage',
        menuName: 'menu.teamLocalUsers',
        menuIcon: 'IdcardOutlined',
        permission: 'team:local-user:manage',
      },
    ],
  },
  {
    menuCode: 'RECYCLE',
    menuPath: '/recycle',
    pathName: 'Recycle',
    componentPath: 'recycle-bin/RecycleBinPage',
    menuName: 'menu.recycle',
    menuIcon: 'DeleteOutlined',
    permission: 'recycle:view',
  },
  {
    menuCode: 'NOTICE',
    menuPath: '/notice',
    pathName: 'Notice',
    componentPath: 'notice/NoticePage',
    menuName: 'menu.notice',
    menuIcon: 'BellOutlined',
    permission: 'notice:view',
  },
  {
    menuCode: 'ADMIN',
    menuPath: '/admin',
    pathName: 'Admin',
    componentPath: 'admin/UpgradePage',
    menuName: 'menu.admin',
    menuIcon: 'CrownOutlined',
    permission: 'sales:upgrade',
  },
  {
    menuCode: 'FEEDBACK',
    menuPath: '/feedback',
    pathName: 'Feedback',
    componentPath: 'feedback/FeedbackInboxPage',
    menuName: 'menu.feedback',
    menuIcon: 'MessageOutlined',
    permission: 'feedback:view',
  },
];

export interface MenuItem {
  menuCode: string;
  menuPath: string;
  pathName: string;
  componentPath: string;
  menuName: string;
  menuIcon: string;
  isBackground: boolean;
  requiresAuth: boolean;
  root: boolean;
  childList: MenuItem[];
}

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    menuCode: z.string(),
    menuPath: z.string(),
    pathName: z.string(),
    componentPath: z.string(),
    menuName: z.string(),
    menuIcon: z.string(),
    isBackground: z.boolean(),
    requiresAuth: z.boolean(),
    root: z.boolean(),
    childList: z.array(menuItemSchema),
  }),
);

export const routerResponseSchema = z.object({
  menuVOList: z.array(menuItemSchema),
  buttonVOList: z.array(z.string()),
});
export type RouterResponse = z.infer<typeof routerResponseSchema>;

function toMenuItem(definition: MenuDefinition, permissions: readonly Permission[], root: boolean): MenuItem | null {
  if (!permissions.includes(definition.permission)) return null;
  const childList = (definition.children ?? [])
    .map((child) => toMenuItem(child, permissions, false))
    .filter((item): item is MenuItem => item !== null);
  return {
    menuCode: definition.menuCode,
    menuPath: definition.menuPath,
    pathName: definition.pathName,
    componentPath: definition.componentPath,
    menuName: definition.menuName,
    menuIcon: definition.menuIcon,
    isBackground: definition.isBackground ?? false,
    requiresAuth: definition.requiresAuth ?? true,
    root,
    childList,
  };
}

/** Builds the router response for a role from the same table the server checks (the hosted service's by default). */
export function buildRouter(
  role: RoleCode,
  permissions: readonly Permission[] = permissionsFor(role, 'hosted'),
): RouterResponse {
  return {
    menuVOList: MENU_TREE.map((definition) => toMenuItem(definition, permissions, true)).filter(
      (item): item is MenuItem => item !== null,
    ),
    buttonVOList: [...permissions],
  };
}
