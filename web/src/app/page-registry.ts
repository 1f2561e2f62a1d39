import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MenuPageProps } from '../session/menu-routes';
import { withChunkTimeout } from './chunk-load';

type PageModule = { default: ComponentType<MenuPageProps> };
type PageLoader = () => Promise<PageModule>;

const upcoming: PageLoader = () => import('../features/placeholder/pages/UpcomingFeaturePage');

/**
 * componentPath (from the server's menu) -> page. Screens that later issues build replace their
 * `upcoming` entry with their page; until then the entry shows an honest "arrives later" state.
 */
export const PAGE_REGISTRY: Record<string, PageLoader> = {
  'home/HomePage': () => import('../features/project/pages/ProjectHomePage'),
  'project/ProjectWizardPage': () => import('../features/project/pages/ProjectWizardPage'),
  'project-config/ProjectConfigPage': () => import('../features/project-config/pages/ProjectConfigPage'),
  'project-view/ProjectViewPage': () => import('../features/project-view/pages/ProjectViewPage'),
  'spatial-marker/SpatialMarkerPage': () => import('../features/spatial-marker/pages/SpatialMarkerPage'),
  'total-station/TotalStationPage': () => import('../features/total-station/pages/TotalStationPage'),
  'monitor-target/MonitorTargetPage': () => import('../features/monitor-target/pages/MonitorTargetPage'),
  'user/PersonalCenterPage': () => import('../features/user/pages/PersonalCenterPage'),
  'map/MapPage': upcoming,
  'map/MapProjectsPage': upcoming,
  'inspection/InspectionPage': () => import('../features/inspection/pages/InspectionPage'),
  'team/MembersPage': () => import('../features/team/pages/MembersPage'),
  'team/SettingsPage': () => import('../features/team/pages/SettingsPage'),
  'team/LocalUsersPage': () => import('../features/team/pages/LocalUsersPage'),
  'recycle-bin/RecycleBinPage': () => import('../features/recycle-bin/pages/RecycleBinPage'),
  'notice/NoticePage': () => import('../features/notice/pages/NoticePage'),
  'admin/UpgradePage': () => import('../features/admin/pages/UpgradePage'),
  'feedback/FeedbackInboxPage': () => import('../features/feedback/pages/FeedbackInboxPage'),
  // A parent without a page of its own; reached only if it does not redirect.
  'layout/Outlet': upcoming,
};

/** A screen reached from a menu page rather than from the menu (a wizard, a detail): a route under its path. */
export interface SubPage {
  /** Relative to the menu entry's path; may hold parameters (`projects/:id/edit`). */
  path: string;
  componentPath: string;
}

/** Sub-pages by menuCode: they exist only for users whose menu has that entry. */
export const SUB_PAGES: Record<string, readonly SubPage[]> = {
  HOME: [
    { path: 'projects/new', componentPath: 'project/ProjectWizardPage' },
    { path: 'projects/:id/edit', componentPath: 'project/ProjectWizardPage' },
    { path: 'projects/:id/config', componentPath: 'project-config/ProjectConfigPage' },
    { path: 'projects/:id/view', componentPath: 'project-view/ProjectViewPage' },
    { path: 'projects/:id/markers', componentPath: 'spatial-marker/SpatialMarkerPage' },
    { path: 'projects/:id/total-station', componentPath: 'total-station/TotalStationPage' },
    { path: 'projects/:id/drone-targets', componentPath: 'monitor-target/MonitorTargetPage' },
  ],
  // The inspection page is kept alive and shows its own detail; the route only lets the path exist.
  INSPECTION: [
    { path: ':id', componentPath: 'inspection/InspectionPage' },
    { path: ':id/photo/:imageId', componentPath: 'inspection/InspectionPage' },
    { path: ':id/photo/:imageId/edit', componentPath: 'inspection/InspectionPage' },
  ],
};

const notFound: PageLoader = () => import('../features/not-found/pages/NotFoundPage');

const cache = new Map<string, LazyExoticComponent<ComponentType<MenuPageProps>>>();

/** One lazy component per componentPath, so re-rendering the routes never remounts a page. */
export function pageFor(componentPath: string): LazyExoticComponent<ComponentType<MenuPageProps>> {
  const cached = cache.get(componentPath);
  if (cached) return cached;
  const loader = PAGE_REGISTRY[componentPath] ?? notFound;
  const component = lazy(() => withChunkTimeout(loader()));
  cache.set(componentPath, component);
  return component;
}
