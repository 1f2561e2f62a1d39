import { Alert, App as AntdApp, Button, Card, Descriptions, Flex, Result, Table, Tag, Typography, Upload } from 'antd';
import { SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../../app/Spinner';
import { useActivateLicense, useLicenseInfo, type LicenseStatus } from '../api';

const STATUS_COLORS: Record<LicenseStatus, string> = {
  unauthorized: 'default',
  authorized: 'success',
  expired: 'error',
};

/**
 * /license and /authorization: the licence status with the machine code, and the upload of a
 * licence file. Both clear the session on arrival (their route guard does).
 */
export default function LicensePage({ variant }: { variant: 'license' | 'authorization' }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const navigate = useNavigate();
  const license = useLicenseInfo();
  const activate = useActivateLicense();

  const statusLabel: Record<LicenseStatus, string> = {
    unauthorized: t('ui.license.statusUnauthorized'),
    authorized: t('ui.license.statusAuthorized'),
    expired: t('ui.license.statusExpired'),
  };

  const handleUpload = async (file: File) => {
    try {
      await activate.mutateAsync(file);
      void message.success(t('ui.license.activated'));
    } catch {
      // The client showed the server's reason.
    }
  };

  let body;
  if (license.isPending) body = <PageSpinner />;
  else if (license.isError) {
    body = (
      <Result
        status="error"
        title={t('errors.serviceError')}
        extra={<Button onClick={() => void license.refetch()}>{t('ui.common.refresh')}</Button>}
      />
    );
  } else if (!license.data.available) {
    body = <Alert type="info" showIcon title={t('ui.license.unavailable')} data-testid="license-unavailable" />;
  } else {
    const { info } = license.data;
    body = (
      <Flex vertical gap={24}>
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label={t('ui.license.status')}>
            <Tag color={STATUS_COLORS[info.status]}>{statusLabel[info.status] ?? info.status}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('ui.license.machineCode')}>
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
              {info.machineCode}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('ui.license.expiresAt')}>
            {info.expiresAt ?? t('ui.common.notSet')}
          </Descriptions.Item>
        </Descriptions>
        {info.functions.length > 0 && (
          <Table
            size="small"
            pagination={false}
            rowKey="name"
            title={() => t('ui.license.functions')}
            dataSource={info.functions}
            columns={[
              { dataIndex: 'name', title: t('ui.license.functions') },
              {
                dataIndex: 'days',
                title: t('ui.license.expiresAt'),
                render: (days: number | null) => (days === null ? '—' : t('ui.license.functionDays', { days })),
              },
            ]}
          />
        )}
        <Flex vertical gap={8}>
          <Upload
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              void handleUpload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={activate.isPending}>
              {t('ui.license.upload')}
            </Button>
          </Upload>
          <Typography.Text type="secondary">{t('ui.license.uploadHint')}</Typography.Text>
        </Flex>
      </Flex>
    );
  }

  return (
    <Flex justify="center" style={{ paddingTop: 24 }}>
      <Card style={{ width: '100%', maxWidth: 720 }} data-testid="license-page">
        <Flex vertical gap={24}>
          <Flex align="center" gap={12}>
            <SafetyCertificateOutlined style={{ fontSize: 32 }} />
            <div>
              <Typography.Title level={3} style={{ margin: 0 }}>
                {variant === 'authorization' ? t('ui.license.authorizationTitle') : t('ui.license.title')}
              </Typography.Title>
              <Typography.Text type="secondary">{t('ui.license.description')}</Typography.Text>
            </div>
          </Flex>
          {body}
          <Flex justify="flex-end">
            <Button type="link" onClick={() => void navigate('/login')}>
              {t('ui.license.goLogin')}
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
