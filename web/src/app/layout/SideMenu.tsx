import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { MenuItem } from '@sightline/shared';
import { translate } from '../../i18n';
import { NO_REDIRECT_CODES, joinPath, matchMenuPath, type MenuRoute } from '../../session/menu-routes';
import { MenuIcon } from './menu-icons';

type AntdItem = Required<MenuProps>['items'][number];

function toItems(menus: readonly MenuItem[], parentPath: string): AntdItem[] {
  return menus.map((item) => {
    const path = joinPath(parentPath, item.menuPath);
    const label = translate(item.menuName);
    const icon = <MenuIcon name={item.menuIcon} />;
    if (item.childList.length === 0) return { key: path, icon, label };
    // A parent with a page of its own (MAP) lists that page first among its children.
    const own: AntdItem[] = NO_REDIRECT_CODES.includes(item.menuCode) ? [{ key: path, label }] : [];
    return { key: `group:${path}`, icon, label, children: [...own, ...toItems(item.childList, path)] };
  });
}

function parentKeysOf(path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  return parts.slice(0, -1).map((_, index) => `group:/${parts.slice(0, index + 1).join('/')}`);
}

/** The sidebar: the visible menu, translated names, antd icons by name. */
export function SideMenu({
  menus,
  routes,
  collapsed,
}: {
  menus: readonly MenuItem[];
  routes: readonly MenuRoute[];
  collapsed: boolean;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = matchMenuPath(pathname, routes)?.path ?? pathname;
  const [openKeys, setOpenKeys] = useState<string[]>(() => parentKeysOf(selected));
  // Subscribes to language changes; the labels are translated in toItems on every render.
  useTranslation();
  const items = toItems(menus, '/');

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[selected]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        if (!key.startsWith('group:')) void navigate(key);
      }}
      style={{ borderInlineEnd: 'none' }}
      data-testid="side-menu"
    />
  );
}
