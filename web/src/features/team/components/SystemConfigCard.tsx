import { App as AntdApp, Button, Card, Col, Flex, Form, Input, Row, Typography, Upload, theme } from 'antd';
import { UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, systemConfigUpdateBodySchema } from '@sightline/shared';
import { applyServerIssues, requiredRule } from '../../../lib/form-rules';
import { formatBytes, tooLarge } from '../../../lib/sizes';
import { useSystemConfig } from '../../../api/branding';
import { useUpdateSystemConfig, useUploadSystemImage } from '../api';
import { DEFAULT_BRANDING, SYSTEM_IMAGE_ACCEPT, type Branding } from '../../../lib/branding';

type ImageEntry = 'logo' | 'icon';

function ImageSetting({ entry, branding }: { entry: ImageEntry; branding: Branding }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = AntdApp.useApp();
  const upload = useUploadSystemImage();
  const update = useUpdateSystemConfig();
  const current = branding[entry];

  const handleFile = async (file: File) => {
    const large = tooLarge(file.size, LIMITS.systemImageMaxBytes);
    if (large) {
      void message.error(t('validation.fileTooLarge', large));
      return;
    }
    try {
      await upload.mutateAsync({ entry, file });
      void message.success(t('teamUi.system.imageSaved'));
    } catch {
      // The client showed why (file type, size).
    }
  };

  const handleReset = async () => {
    try {
      await update.mutateAsync({ entries: [{ key: entry, value: DEFAULT_BRANDING[entry] }] });
      void message.success(t('teamUi.system.imageReset'));
    } catch {
      // The client showed why.
    }
  };

  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t(`teamUi.system.${entry}`)}</Typography.Text>
      <Flex align="center" gap={16}>
        <Flex
          align="center"
          justify="center"
          style={{
            width: 72,
            height: 72,
            borderRadius: 8,
            border: `1px dashed ${token.colorBorder}`,
            background: token.colorFillQuaternary,
          }}
        >
          <img src={current} alt="" style={{ maxWidth: 56, maxHeight: 56 }} data-testid={`system-${entry}-preview`} />
        </Flex>
        <Flex vertical gap={8}>
          <Flex gap={8} wrap>
            <Upload
              accept={SYSTEM_IMAGE_ACCEPT}
              showUploadList={false}
              beforeUpload={(file) => {
                void handleFile(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={upload.isPending && upload.variables?.entry === entry}>
                {t('teamUi.system.upload')}
              </Button>
            </Upload>
            <Button
              icon={<UndoOutlined />}
              disabled={current === DEFAULT_BRANDING[entry]}
              loading={update.isPending}
              onClick={() => void handleReset()}
            >
              {t('teamUi.system.useDefault')}
            </Button>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('teamUi.system.imageHint', { max: formatBytes(LIMITS.systemImageMaxBytes) })}
          </Typography.Text>
        </Flex>
      </Flex>
    </Flex>
  );
}

function NameForm({ branding }: { branding: Branding }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<{ companyName: string }>();
  const update = useUpdateSystemConfig();

  const handleFinish = async ({ companyName }: { companyName: string }) => {
    try {
      await update.mutateAsync(
        systemConfigUpdateBodySchema.parse({ entries: [{ key: 'companyName', value: companyName }] }),
      );
      void message.success(t('teamUi.system.nameSaved'));
    } catch (error) {
      applyServerIssues(form, error, { 'entries.0.value': 'companyName' });
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ companyName: branding.companyName }}
      onFinish={(values) => void handleFinish(values)}
      data-testid="system-config-form"
    >
      <Form.Item
        name="companyName"
        label={t('teamUi.system.companyName')}
        rules={[
          requiredRule(),
          { max: LIMITS.generalInputMax, message: t('validation.tooLong', { max: LIMITS.generalInputMax }) },
        ]}
        extra={t('teamUi.system.companyNameHint')}
      >
        <Input maxLength={LIMITS.generalInputMax} showCount data-testid="system-company-name" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="system-config-save">
        {t('ui.common.save')}
      </Button>
    </Form>
  );
}

/** Company name, logo and icon of the deployment, for holders of `system:config`. */
export function SystemConfigCard() {
  const { t } = useTranslation();
  const config = useSystemConfig();
  const branding = config.data ?? DEFAULT_BRANDING;
  return (
    <Card title={t('teamUi.system.title')} loading={config.isPending} data-testid="system-config">
      <Typography.Paragraph type="secondary">{t('teamUi.system.description')}</Typography.Paragraph>
      <Row gutter={[32, 24]}>
        <Col xs={24} lg={10}>
          <NameForm key={branding.companyName} branding={branding} />
        </Col>
        <Col xs={24} sm={12} lg={7}>
          <ImageSetting entry="logo" branding={branding} />
        </Col>
        <Col xs={24} sm={12} lg={7}>
          <ImageSetting entry="icon" branding={branding} />
        </Col>
      </Row>
    </Card>
  );
}
