import {
  Alert,
  App as AntdApp,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Progress,
  Row,
  Statistic,
  Switch,
  Table,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  teamRenameBodySchema,
  type ProjectType,
  type TeamDetails,
  type TeamFunction,
  type TeamFunctionState,
} from '@sightline/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import type { MenuPageProps } from '../../../session/menu-routes';
import { usePermission } from '../../../session/permissions';
import { PageSpinner } from '../../../components/PageSpinner';
import { translate } from '../../../i18n';
import { applyServerIssues, zodRule } from '../../../lib/form-rules';
import { formatGigabytes, storagePercent } from '../../../lib/sizes';
import { SystemConfigCard } from '../components/SystemConfigCard';
import { useProjectTypes, useTeamDetails } from '../../../api/team';
import { useTeamFunctions } from '../../../api/team';
import { useRenameTeam, useToggleProjectType } from '../api';

const FUNCTION_STATE_COLORS: Record<TeamFunctionState, string> = {
  not_activated: 'default',
  active: 'success',
  expired: 'error',
};

function RenameForm({ team }: { team: TeamDetails }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenameTeam();

  const handleFinish = async (values: { name: string }) => {
    try {
      await rename.mutateAsync(teamRenameBodySchema.parse(values).name);
      void message.success(t('teamUi.settings.renamed'));
    } catch (error) {
      applyServerIssues(form, error);
    }
  };

  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ name: team.name }}
      onFinish={(values) => void handleFinish(values)}
      style={{ rowGap: 8 }}
      data-testid="team-rename-form"
    >
      <Form.Item name="name" rules={[zodRule(teamRenameBodySchema, 'name')]} style={{ minWidth: 260, flex: 1 }}>
        <Input maxLength={50} showCount data-testid="team-name-input" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={rename.isPending} data-testid="team-rename-save">
        {t('ui.common.save')}
      </Button>
    </Form>
  );
}

function TeamCard({ team }: { team: TeamDetails }) {
  const { t } = useTranslation();
  const canEdit = usePermission('team:edit');
  const memberPercent = team.memberMax > 0 ? Math.round((team.memberCount / team.memberMax) * 100) : 100;
  return (
    <Card title={t('teamUi.settings.teamInfo')} style={{ height: '100%' }}>
      <Flex vertical gap={16}>
        {canEdit ? (
          <div>
            <Typography.Text type="secondary">{t('teamUi.settings.name')}</Typography.Text>
            <div style={{ marginTop: 6 }}>
              <RenameForm key={team.name} team={team} />
            </div>
          </div>
        ) : null}
        <Descriptions column={1} size="small" colon={false} styles={{ label: { width: 120 } }}>
          {!canEdit && <Descriptions.Item label={t('teamUi.settings.name')}>{team.name}</Descriptions.Item>}
          <Descriptions.Item label={t('teamUi.settings.owner')}>
            <span data-testid="team-owner">{team.owner.name}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('teamUi.settings.kind')}>{t(`teamUi.kind.${team.kind}`)}</Descriptions.Item>
          <Descriptions.Item label={t('teamUi.settings.createdAt')}>
            {dayjs(team.createdAt).format('YYYY-MM-DD')}
          </Descriptions.Item>
        </Descriptions>
        <div>
          <Flex justify="space-between">
            <Typography.Text type="secondary">{t('teamUi.settings.members')}</Typography.Text>
            <Typography.Text data-testid="team-member-usage">
              {t('teamUi.members.count', { count: team.memberCount, max: team.memberMax })}
            </Typography.Text>
          </Flex>
          <Progress percent={memberPercent} showInfo={false} status={memberPercent >= 100 ? 'exception' : 'normal'} />
          {memberPercent >= 100 && <Typography.Text type="warning">{t('teamUi.settings.membersFull')}</Typography.Text>}
        </div>
      </Flex>
    </Card>
  );
}

function StorageCard({ team }: { team: TeamDetails }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const percent = storagePercent(team.teamVolumeSize, team.teamVolumeMax);
  const full = team.remaining <= 0;
  let status: 'normal' | 'exception' | 'active' = 'normal';
  if (full || team.almostFull) status = 'exception';
  return (
    <Card title={t('teamUi.settings.storage')} style={{ height: '100%' }} data-testid="team-storage">
      <Flex vertical gap={16}>
        <Flex gap={32} wrap>
          <Statistic title={t('teamUi.settings.storageUsed')} value={formatGigabytes(team.teamVolumeSize)} />
          <Statistic title={t('teamUi.settings.storageMax')} value={formatGigabytes(team.teamVolumeMax)} />
          <Statistic title={t('teamUi.settings.storageRemaining')} value={formatGigabytes(team.remaining)} />
        </Flex>
        <Progress
          percent={percent}
          status={status}
          strokeColor={team.almostFull ? token.colorError : undefined}
          data-testid="team-storage-progress"
        />
        {full ? (
          <Alert type="error" showIcon title={t('teamUi.settings.storageFull')} data-testid="storage-full" />
        ) : team.almostFull ? (
          <Alert
            type="warning"
            showIcon
            title={t('teamUi.settings.storageAlmostFull', { percent })}
            data-testid="storage-almost-full"
          />
        ) : (
          <Typography.Text type="secondary">{t('teamUi.settings.storageHint')}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

function FunctionsCard() {
  const { t } = useTranslation();
  const functions = useTeamFunctions();
  return (
    <Card title={t('teamUi.settings.functions')} data-testid="team-functions">
      <Table<TeamFunction>
        rowKey="code"
        size="middle"
        loading={functions.isPending}
        dataSource={functions.data ?? []}
        pagination={false}
        locale={{ emptyText: functions.isError ? t('errors.serviceError') : t('teamUi.common.empty') }}
        columns={[
          {
            title: t('teamUi.settings.functionName'),
            dataIndex: 'code',
            render: (_value, item) => (
              <Flex vertical>
                <Typography.Text strong>{translate(item.nameKey)}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {translate(item.descriptionKey)}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('teamUi.settings.functionState'),
            dataIndex: 'status',
            width: 120,
            render: (status: TeamFunctionState, item) => (
              <Tag color={FUNCTION_STATE_COLORS[status]} data-testid={`function-${item.code}`}>
                {t(`teamFunction.status.${status}`)}
              </Tag>
            ),
          },
          {
            title: t('teamUi.settings.functionValidity'),
            dataIndex: 'validityDays',
            width: 120,
            render: (days: number | null) => (days === null ? '—' : t('teamUi.settings.days', { days })),
          },
          {
            title: t('teamUi.settings.functionExpiry'),
            dataIndex: 'expiresAt',
            width: 160,
            render: (expiresAt: string | null) => (expiresAt ? dayjs(expiresAt).format('YYYY-MM-DD') : '—'),
          },
        ]}
      />
    </Card>
  );
}

/** Project types are managed here and nowhere else: which of them the project wizard offers. */
function ProjectTypesCard() {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const types = useProjectTypes();
  const toggle = useToggleProjectType();
  const canEdit = usePermission('project:edit');

  const handleToggle = async (type: ProjectType, enabled: boolean) => {
    try {
      await toggle.mutateAsync({ id: type.id, enabled });
      void message.success(enabled ? t('teamUi.settings.typeOn') : t('teamUi.settings.typeOff'));
    } catch {
      // The client showed why.
    }
  };

  return (
    <Card title={t('teamUi.settings.projectTypes')} data-testid="team-project-types">
      <Table<ProjectType>
        rowKey="id"
        size="middle"
        loading={types.isPending}
        dataSource={types.data ?? []}
        pagination={false}
        scroll={{ y: 360 }}
        locale={{ emptyText: types.isError ? t('errors.serviceError') : t('teamUi.common.empty') }}
        columns={[
          {
            title: t('teamUi.settings.typeName'),
            dataIndex: 'name',
            render: (_value, type) => (type.nameKey ? translate(type.nameKey) : type.name),
          },
          {
            title: t('teamUi.settings.typeSource'),
            dataIndex: 'builtIn',
            width: 120,
            render: (builtIn: boolean) =>
              builtIn ? (
                <Tag>{t('teamUi.settings.builtIn')}</Tag>
              ) : (
                <Tag color="blue">{t('teamUi.settings.custom')}</Tag>
              ),
          },
          { title: t('teamUi.settings.typeProjects'), dataIndex: 'projectCount', width: 110 },
          {
            title: t('teamUi.settings.typeEnabled'),
            dataIndex: 'enabled',
            width: 110,
            render: (enabled: boolean, type) => (
              <Switch
                size="small"
                checked={enabled}
                disabled={!canEdit}
                loading={toggle.isPending && toggle.variables?.id === type.id}
                onChange={(checked) => void handleToggle(type, checked)}
                aria-label={t('teamUi.settings.typeEnabled')}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

/** Team settings: name, members and maximum, storage, function packages, project types, branding. */
export default function SettingsPage({ titleKey }: MenuPageProps) {
  const team = useTeamDetails();
  const canSeeFunctions = usePermission('team:function:view');
  const canSeeTypes = usePermission('project:view');
  const canConfigure = usePermission('system:config');

  if (team.isPending) return <PageSpinner />;
  if (team.isError) return <LoadFailed onRetry={() => void team.refetch()} />;

  return (
    <Flex vertical gap={16} data-testid="team-settings">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {translate(titleKey)}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <TeamCard team={team.data} />
        </Col>
        <Col xs={24} xl={12}>
          <StorageCard team={team.data} />
        </Col>
      </Row>
      {canSeeFunctions && <FunctionsCard />}
      {canSeeTypes && <ProjectTypesCard />}
      {canConfigure && <SystemConfigCard />}
    </Flex>
  );
}
