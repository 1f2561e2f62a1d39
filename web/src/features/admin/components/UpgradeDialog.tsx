import { App as AntdApp, Alert, Flex, Form, InputNumber, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  TEAM_FUNCTION_VALIDITY_MAX_DAYS,
  TEAM_KINDS,
  TEAM_MEMBER_MAX_LIMIT,
  TEAM_VOLUME_MAX_GB_LIMIT,
  type AdminTeam,
  type TeamFunctionState,
} from '@sightline/shared';
import { FormDialog } from '../../../components/FormDialog';
import { formatGigabytes } from '../../../lib/sizes';
import { useUpgradeTeam } from '../api';
import { isEmptyUpgrade, toUpgradeBody, type UpgradeValues } from '../upgrade-body';

const STATE_COLORS: Record<TeamFunctionState, string> = {
  not_activated: 'default',
  active: 'success',
  expired: 'error',
};

/** A sales manager's upgrade of one team: member and storage maxima, kind, function packages' days. */
export function UpgradeDialog({ team, onClose }: { team: AdminTeam; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<UpgradeValues>();
  const upgrade = useUpgradeTeam();

  const handleSubmit = async (values: UpgradeValues) => {
    const body = toUpgradeBody(team, values);
    if (isEmptyUpgrade(body)) {
      void message.info(t('teamUi.admin.nothingChanged'));
      return null;
    }
    await upgrade.mutateAsync({ teamId: team.teamId, body });
    return t('teamUi.admin.upgraded', { name: team.name });
  };

  return (
    <FormDialog<UpgradeValues>
      width={760}
      title={t('teamUi.admin.upgradeTitle', { name: team.name })}
      okText={t('teamUi.admin.upgrade')}
      form={form}
      initialValues={{ memberMax: team.memberMax, volumeMaxGb: team.teamVolumeMax, kind: team.kind, grants: {} }}
      testId="upgrade-form"
      saving={upgrade.isPending}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <Flex gap={16} wrap>
        <Form.Item
          name="memberMax"
          label={t('teamUi.admin.memberMax')}
          extra={t('teamUi.admin.memberMaxHint', { count: team.memberCount })}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <InputNumber
            min={Math.max(1, team.memberCount)}
            max={TEAM_MEMBER_MAX_LIMIT}
            precision={0}
            style={{ width: 180 }}
          />
        </Form.Item>
        <Form.Item
          name="volumeMaxGb"
          label={t('teamUi.admin.volumeMax')}
          extra={t('teamUi.admin.volumeMaxHint', { used: formatGigabytes(team.teamVolumeSize) })}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <InputNumber
            min={Math.max(1, Math.ceil(team.teamVolumeSize))}
            max={TEAM_VOLUME_MAX_GB_LIMIT}
            precision={0}
            suffix="GB"
            style={{ width: 180 }}
          />
        </Form.Item>
        <Form.Item name="kind" label={t('teamUi.admin.kind')}>
          <Select
            style={{ width: 180 }}
            options={TEAM_KINDS.map((kind) => ({ value: kind, label: t(`teamUi.kind.${kind}`) }))}
          />
        </Form.Item>
      </Flex>
      <Typography.Text strong>{t('teamUi.admin.functions')}</Typography.Text>
      <Alert type="info" showIcon title={t('teamUi.admin.functionsHint')} style={{ margin: '8px 0 12px' }} />
      <Table
        rowKey="code"
        size="small"
        pagination={false}
        dataSource={team.functions}
        columns={[
          {
            title: t('teamUi.settings.functionName'),
            dataIndex: 'code',
            render: (code: AdminTeam['functions'][number]['code']) => t(`teamFunction.name.${code}`),
          },
          {
            title: t('teamUi.settings.functionState'),
            dataIndex: 'status',
            width: 110,
            render: (status: TeamFunctionState) => (
              <Tag color={STATE_COLORS[status]}>{t(`teamFunction.status.${status}`)}</Tag>
            ),
          },
          {
            title: t('teamUi.settings.functionExpiry'),
            dataIndex: 'expiresAt',
            width: 120,
            render: (expiresAt: string | null) => (expiresAt ? dayjs(expiresAt).format('YYYY-MM-DD') : '—'),
          },
          {
            title: t('teamUi.admin.grantDays'),
            key: 'grant',
            width: 170,
            render: (_value, item) => (
              <Form.Item name={['grants', item.code]} noStyle>
                <InputNumber
                  min={0}
                  max={TEAM_FUNCTION_VALIDITY_MAX_DAYS}
                  precision={0}
                  placeholder="0"
                  suffix={t('teamUi.invite.days')}
                  style={{ width: 140 }}
                  data-testid={`grant-${item.code}`}
                />
              </Form.Item>
            ),
          },
        ]}
      />
    </FormDialog>
  );
}
