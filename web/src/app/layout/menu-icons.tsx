import type { ComponentType } from 'react';
import {
  AppstoreOutlined,
  BellOutlined,
  CrownOutlined,
  DeleteOutlined,
  EnvironmentOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  MessageOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';

/**
 * The antd icons the server's menu may name (menuIcon). Listed one by one rather than importing
 * the whole icon set, which would add megabytes to the bundle; a menu that names another icon
 * shows the generic one until it is added here.
 */
const MENU_ICONS: Record<string, ComponentType> = {
  AppstoreOutlined,
  BellOutlined,
  CrownOutlined,
  DeleteOutlined,
  EnvironmentOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  MessageOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = MENU_ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
