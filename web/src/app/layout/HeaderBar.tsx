import { useState } from 'react';
import { App as AntdApp, Button, Dropdown, Flex, Tooltip, Typography, theme, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  DownOutlined,
  LogoutOutlined,
  MessageOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StoredAvatar } from '../../components/StoredImage';
import { FeedbackDialog } from '../../features/feedback/components/FeedbackDialog';
import { NoticeBell } from '../../features/notice/components/NoticeBell';
import { useTeams } from '../../api/team';
import { useTeamEvents } from '../../features/team/hooks/useTeamEvents';
import { useUserDetails } from '../../api/user';
import { useSaveLanguage } from '../../features/user/api';
import { useSessionStore } from '../../stores/session-store';
import { PERSONAL_CENTER_PATH, SELECT_BUSINESS_PATH, firstMenuPath, type MenuRoute } from '../../session/menu-routes';
import { logout, switchTeam } from '../../session/session';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { ThemeToggle } from '../../components/ThemeToggle';

export function HeaderBar({
  collapsed,
  onToggleCollapsed,
  routes,
}: {
  collapsed: boolean;
  onToggleCollapsed: () => void;
  routes: readonly MenuRoute[];
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message, modal } = AntdApp.useApp();
  const navigate = useNavigate();
  const teamId = useSessionStore((state) => state.teamId);
  const teamName = useSessionStore((state) => state.teamName);
  const { data: user } = useUserDetails();
  const { data: teams = [] } = useTeams();
  const noticeRoute = routes.find((route) => route.menuCode === 'NOTICE');
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const saveLanguage = useSaveLanguage();
  // Role changes and removals pushed by the server update the menu and the team at once.
  useTeamEvents();

  const handleSwitchTeam = async (nextTeamId: number) => {
    if (nextTeamId === teamId) return;
    try {
      const name = await switchTeam(nextTeamId);
      void message.success(t('ui.header.teamSwitched', { team: name ?? '' }));
      void navigate(firstMenuPath(useSessionStore.getState().menus));
    } catch {
      // The client showed why; the current team stays.
    }
  };

  const handleLogout = () => {
    modal.confirm({
      title: t('ui.header.logoutConfirm'),
      okText: t('ui.common.confirm'),
      cancelText: t('ui.common.cancel'),
      onOk: () => logout(),
    });
  };

  const userItems: MenuProps['items'] = [
    { key: 'personal', icon: <UserOutlined />, label: t('ui.header.personalCenter') },
    { key: 'business', icon: <AppstoreOutlined />, label: t('ui.business.title') },
    { key: 'feedback', icon: <MessageOutlined />, label: t('teamUi.feedback.menu') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('ui.header.logout'), danger: true },
  ];

  const teamLabel = (
    <Flex align="center" gap={8} style={{ minWidth: 0 }} data-testid="team-name">
      <TeamOutlined style={{ color: token.colorPrimary }} />
      <Typography.Text ellipsis style={{ maxWidth: 280 }}>
        {teamName ?? t('ui.header.noTeam')}
      </Typography.Text>
    </Flex>
  );

  return (
    <Flex align="center" justify="space-between" style={{ height: '100%', gap: 12 }}>
      <Flex align="center" gap={12} style={{ minWidth: 0 }}>
        <Tooltip title={collapsed ? t('ui.header.expand') : t('ui.header.collapse')}>
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={onToggleCollapsed}
            aria-label={collapsed ? t('ui.header.expand') : t('ui.header.collapse')}
          />
        </Tooltip>
        {teams.length > 1 ? (
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: teamId === null ? [] : [String(teamId)],
              items: [
                { key: 'title', type: 'group', label: t('ui.header.switchTeam') },
                ...teams.map((team) => ({ key: String(team.teamId), icon: <SwapOutlined />, label: team.teamName })),
              ],
              onClick: ({ key }) => void handleSwitchTeam(Number(key)),
            }}
          >
            <Button type="text" title={t('ui.header.switchTeam')} data-testid="team-switcher">
              {teamLabel}
              <DownOutlined style={{ fontSize: 10 }} />
            </Button>
          </Dropdown>
        ) : (
          <Tooltip title={t('ui.header.team')}>{teamLabel}</Tooltip>
        )}
      </Flex>
      <Flex align="center" gap={4}>
        <LanguageSwitcher onChange={saveLanguage} />
        <ThemeToggle />
        <NoticeBell noticePath={noticeRoute?.path ?? null} />
        <Dropdown
          trigger={['click']}
          menu={{
            items: userItems,
            onClick: ({ key }) => {
              if (key === 'personal') void navigate(PERSONAL_CENTER_PATH);
              if (key === 'business') void navigate(SELECT_BUSINESS_PATH);
              if (key === 'feedback') setFeedbackOpen(true);
              if (key === 'logout') handleLogout();
            },
          }}
        >
          <Button type="text" style={{ height: 40 }} data-testid="user-menu">
            <Flex align="center" gap={8}>
              <StoredAvatar size={28} url={user?.headImgUrl} />
              <Typography.Text ellipsis style={{ maxWidth: 140 }}>
                {user?.name ?? ''}
              </Typography.Text>
            </Flex>
          </Button>
        </Dropdown>
      </Flex>
      <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </Flex>
  );
}
