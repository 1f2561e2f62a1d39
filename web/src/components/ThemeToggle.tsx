import { Button, Tooltip } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePreferencesStore } from '../stores/preferences-store';

/** Dark (default) or light, kept in local storage under `theme`. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = usePreferencesStore((state) => state.theme);
  const toggleTheme = usePreferencesStore((state) => state.toggleTheme);
  const label = theme === 'dark' ? t('ui.theme.light') : t('ui.theme.dark');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={toggleTheme}
        aria-label={label}
        data-testid="theme-toggle"
      />
    </Tooltip>
  );
}
