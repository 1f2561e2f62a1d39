import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { MenuPageProps } from '../../../app/page-registry';
import { useSessionStore } from '../../../stores/session-store';
import { useUserDetails } from '../../user/api';

/**
 * Home for now: a welcome with the team's name and the honest empty project list.
 * The projects issue replaces it with the project list by group.
 */
export default function HomePage(_props: MenuPageProps) {
  const { t } = useTranslation();
  const { data: user } = useUserDetails();
  const teamName = useSessionStore((state) => state.teamName);

  return (
    <Flex vertical gap={16} data-testid="home-page">
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 8 }}>
          {t('ui.home.welcome', { name: user?.name ?? '' })}
        </Typography.Title>
        <Flex gap={24} wrap>
          <Typography.Text type="secondary">
            {teamName ? t('ui.home.team', { team: teamName }) : t('ui.home.noTeam')}
          </Typography.Text>
          {user?.lastLoginTime && (
            <Typography.Text type="secondary">
              {t('ui.home.lastLogin', { time: dayjs(user.lastLoginTime).format('YYYY-MM-DD HH:mm') })}
            </Typography.Text>
          )}
        </Flex>
      </Card>
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Title level={5}>{t('ui.home.noProjects')}</Typography.Title>
              <Typography.Text type="secondary">{t('ui.home.noProjectsHint')}</Typography.Text>
            </>
          }
          style={{ padding: '48px 0' }}
          data-testid="no-projects"
        />
      </Card>
    </Flex>
  );
}
