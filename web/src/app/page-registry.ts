import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withChunkTimeout } from './chunk-load';

/** What every page reached from the menu receives. */
export interface MenuPageProps {
  /** i18n key of the menu entry's title. */
  titleKey: string;
}

type PageModule = { default: ComponentType<MenuPageProps> };
type PageLoader = () => Promise<PageModule>;

const upcoming: PageLoader = () => import('../features/placeholder/pages/UpcomingFeaturePage');

/**
 * componentPath (from the server's menu) -> page. Screens that later issues build replace their
 * `upcoming` entry with their page; until then the entry shows an honest "arrives later" state.
 */
export const PAGE_REGISTRY: Record<string, PageLoader> = {
  'home/HomePage': () => import('../features/home/pages/HomePage'),
  'user/PersonalCenterPage': () => import('../features/user/pages/PersonalCenterPage'),
  'map/MapPage': upcoming,
  'map/MapProjectsPage': upcoming,
  'inspection/InspectionPage': upcoming,
  'team/MembersPage': upcoming,
  'team/SettingsPage': upcoming,
  'team/LocalUsersPage': upcoming,
  'recycle-bin/RecycleBinPage': upcoming,
  'notice/NoticePage': upcoming,
  'admin/UpgradePage': upcoming,
  // A parent without a page of its own; reached only if it does not redirect.
  'layout/Outlet': upcoming,
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
