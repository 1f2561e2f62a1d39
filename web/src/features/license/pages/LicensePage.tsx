import { useState } from 'react';
import { Alert, App as AntdApp, Button, Card, Descriptions, Flex, Result, Table, Tag, Typography, Upload } from 'antd';
import { CheckCircleOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { LoadFailed } from '../../../components/LoadFailed';
import { isApiError } from '../../../api/client';
import { PageSpinner } from '../../../components/PageSpinner';
import { useActivateLicense, useLicenseInfo, type LicenseFunction, type LicenseStatus } from '../api';
import { ACTIVATION_ERROR_KEYS, LICENCE_FILE_MAX_BYTES } from '../license-info';

const STATUS_COLORS: Record<LicenseStatus, string> = {
  unauthorized: 'default',
  authorized: 'success',
  expired: 'error',
};

const formatTime = (time: string | null) => (time ? dayjs(time).format('YYYY-MM-DD HH:mm') : '—');

/**
 * /license and /authorization: the local deployment's licence (status, machine code, holder,
 * expiry, licensed functions) and the upload of a licence file. Both clear the session on arrival
 * (their route guard does). The hosted service needs no licence and says so.
 */
export default function LicensePage({ variant }: { variant: 'license' | 'authorization' }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const navigate = useNavigate();
  const license = useLicenseInfo();
  const activate = useActivateLicense();
  const [failure, setFailure] = useState<string | null>(null);

  const statusLabel: Record<LicenseStatus, string> = {
    unauthorized: t('ui.license.statusUnauthorized'),
    authorized: t('ui.license.statusAuthorized'),
    expired: t('ui.license.statusExpired'),
  };

  const handleUpload = async (file: File) => {
    setFailure(null);
    if (file.size > LICENCE_FILE_MAX_BYTES) {
      setFailure(t('errors.LICENSE_INFO_EXCEPTION'));
      return;
    }
    try {
      await activate.mutateAsync(file);
      void message.success(t('ui.license.activated'));
    } catch (error) {
      const key = isApiError(error) ? error.key : '';
      setFailure(
        (ACTIVATION_ERROR_KEYS as readonly string[]).includes(key)
          ? t(`errors.${key as (typeof ACTIVATION_ERROR_KEYS)[number]}`)
          : t('ui.license.activateFailed'),
      );
    }
  };

  let body;
  if (license.isPending) body = <PageSpinner />;
  else if (license.isError) {
    body = <LoadFailed onRetry={() => void license.refetch()} />;
  } else if (!license.data.available) {
    body = (
      <Result
        icon={<CheckCircleOutlined />}
        status="success"
        title={t('teamUi.license.notNeeded')}
        subTitle={t('teamUi.license.notNeededHint')}
        data-testid="license-unavailable"
      />
    );
  } else {
    const { info } = license.data;
    body = (
      <Flex vertical gap={24}>
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label={t('ui.license.status')}>
            <Tag color={STATUS_COLORS[info.status]} data-testid="license-status">
              {statusLabel[info.status]}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('ui.license.machineCode')}>
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="license-machine-code">
              {info.machineCode}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('teamUi.license.issuedTo')}>{info.issuedTo ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('teamUi.license.issuedAt')}>{formatTime(info.issuedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('ui.license.expiresAt')}>{formatTime(info.expiresAt)}</Descriptions.Item>
        </Descriptions>
        {info.functions.length > 0 && (
          <Table<LicenseFunction>
            size="small"
            pagination={false}
            rowKey="code"
            title={() => t('ui.license.functions')}
            dataSource={info.functions}
            columns={[
              {
                dataIndex: 'code',
                title: t('teamUi.settings.functionName'),
                render: (_value, item) => t(`teamFunction.name.${item.code}`),
              },
              {
                dataIndex: 'validityDays',
                title: t('teamUi.settings.functionValidity'),
                render: (days: number) => t('ui.license.functionDays', { days }),
              },
              { dataIndex: 'expiresAt', title: t('ui.license.expiresAt'), render: (time: string) => formatTime(time) },
              {
                dataIndex: 'active',
                title: t('teamUi.settings.functionState'),
                render: (active: boolean) =>
                  active ? (
                    <Tag color="success">{t('teamFunction.status.active')}</Tag>
                  ) : (
                    <Tag color="error">{t('teamFunction.status.expired')}</Tag>
                  ),
              },
            ]}
          />
        )}
        {failure && (
          <Alert
            type="error"
            showIcon
            title={failure}
            closable={{ onClose: () => setFailure(null) }}
            data-testid="license-error"
          />
        )}
        <Flex vertical gap={8}>
          <Upload
            accept=".lic,.txt,text/plain"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              void handleUpload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={activate.isPending} data-testid="license-upload">
              {info.status === 'unauthorized' ? t('ui.license.upload') : t('teamUi.license.replace')}
            </Button>
          </Upload>
          <Typography.Text type="secondary">{t('ui.license.uploadHint')}</Typography.Text>
        </Flex>
      </Flex>
    );
  }

  return (
    <Flex justify="center" style={{ paddingTop: 24 }}>
      <Card style={{ width: '100%', maxWidth: 760 }} data-testid="license-page">
        <Flex vertical gap={24}>
          <Flex align="center" gap={12}>
            <SafetyCertificateOutlined style={{ fontSize: 32 }} />
            <div>
              <Typography.Title level={3} style={{ margin: 0 }}>
                {variant === 'authorization' ? t('ui.license.authorizationTitle') : t('ui.license.title')}
              </Typography.Title>
              {license.data?.available !== false && (
                <Typography.Text type="secondary">{t('ui.license.description')}</Typography.Text>
              )}
            </div>
          </Flex>
          {body}
          <Flex justify="flex-end">
            <Button
              type={license.data?.available && license.data.info.status === 'authorized' ? 'primary' : 'link'}
              onClick={() => void navigate('/login')}
              data-testid="license-go-login"
            >
              {t('ui.license.goLogin')}
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
