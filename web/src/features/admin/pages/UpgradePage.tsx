import { useState } from 'react';
import { Button, Card, Flex, Input, Progress, Tag, Typography, type TableColumnsType } from 'antd';
import { RocketOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AdminTeam } from '@sightline/shared';
import type { MenuPageProps } from '../../../session/menu-routes';
import { LoadFailed } from '../../../components/LoadFailed';
import { PAGE_SIZE, PagedTable } from '../../../components/PagedTable';
import { translate } from '../../../i18n';
import { formatGigabytes, storagePercent } from '../../../lib/sizes';
import { useAdminTeams } from '../api';
import { UpgradeDialog } from '../components/UpgradeDialog';

/** Sales managers: every team with its usage, and the upgrade of maxima and function packages. */
export default function UpgradePage({ titleKey }: MenuPageProps) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [upgrading, setUpgrading] = useState<AdminTeam | null>(null);
  const teams = useAdminTeams({ pageNum, pageSize: PAGE_SIZE, keyword });

  const columns: TableColumnsType<AdminTeam> = [
    {
      title: t('teamUi.admin.team'),
      dataIndex: 'name',
      render: (_value, team) => (
        <Flex vertical>
          <Typography.Text strong>{team.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`teamUi.kind.${team.kind}`)} · {dayjs(team.createdAt).format('YYYY-MM-DD')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('teamUi.settings.owner'),
      dataIndex: 'owner',
      render: (owner: AdminTeam['owner']) => (
        <Flex vertical>
          <span>{owner.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {owner.phone ?? ''}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('teamUi.settings.members'),
      key: 'members',
      width: 150,
      render: (_value, team) => (
        <Flex vertical>
          <span>{t('teamUi.members.count', { count: team.memberCount, max: team.memberMax })}</span>
          <Progress
            size="small"
            showInfo={false}
            percent={team.memberMax > 0 ? (team.memberCount / team.memberMax) * 100 : 100}
          />
        </Flex>
      ),
    },
    {
      title: t('teamUi.settings.storage'),
      key: 'storage',
      width: 170,
      render: (_value, team) => {
        const percent = storagePercent(team.teamVolumeSize, team.teamVolumeMax);
        return (
          <Flex vertical>
            <span>
              {t('teamUi.admin.storageUsage', {
                used: formatGigabytes(team.teamVolumeSize),
                max: formatGigabytes(team.teamVolumeMax),
              })}
            </span>
            <Progress size="small" showInfo={false} percent={percent} status={percent >= 90 ? 'exception' : 'normal'} />
          </Flex>
        );
      },
    },
    {
      title: t('teamUi.settings.functions'),
      dataIndex: 'functions',
      render: (functions: AdminTeam['functions']) => (
        <Flex wrap gap={4}>
          {functions
            .filter((item) => item.status !== 'not_activated')
            .map((item) => (
              <Tag key={item.code} color={item.status === 'active' ? 'success' : 'error'}>
                {t(`teamFunction.name.${item.code}`)}
              </Tag>
            ))}
        </Flex>
      ),
    },
    {
      title: t('teamUi.admin.lastUpgrade'),
      key: 'upgraded',
      width: 150,
      render: (_value, team) =>
        team.upgradedAt ? (
          <Flex vertical>
            <span>{dayjs(team.upgradedAt).format('YYYY-MM-DD')}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {team.upgradedBy?.name ?? ''}
            </Typography.Text>
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      title: t('teamUi.members.actions'),
      key: 'actions',
      width: 110,
      render: (_value, team) => (
        <Button
          size="small"
          type="link"
          icon={<RocketOutlined />}
          onClick={() => setUpgrading(team)}
          data-testid="team-upgrade"
        >
          {t('teamUi.admin.upgrade')}
        </Button>
      ),
    },
  ];

  if (teams.isError) {
    return <LoadFailed onRetry={() => void teams.refetch()} />;
  }

  return (
    <Flex vertical gap={16} data-testid="upgrade-page">
      <Flex align="center" justify="space-between" wrap gap={12}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {translate(titleKey)}
          </Typography.Title>
          <Typography.Text type="secondary">{t('teamUi.admin.description')}</Typography.Text>
        </div>
        <Input.Search
          allowClear
          placeholder={t('teamUi.admin.search')}
          style={{ width: 280 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageNum(1);
          }}
        />
      </Flex>
      <Card>
        <PagedTable<AdminTeam>
          rowKey="teamId"
          columns={columns}
          page={teams}
          pageNum={pageNum}
          onPageChange={setPageNum}
          emptyText={keyword ? t('teamUi.members.noMatch') : t('teamUi.common.empty')}
        />
      </Card>
      {upgrading && <UpgradeDialog team={upgrading} onClose={() => setUpgrading(null)} />}
    </Flex>
  );
}
