import { Flex, Form, Input, Skeleton, Tooltip, Typography, theme } from 'antd';
import { ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../../api/sms';

/** The image code input with its picture; clicking the picture fetches a new one. */
export function CaptchaField({
  captcha,
  loading,
  onRefresh,
  name = 'captchaCode',
}: {
  captcha: Captcha | undefined;
  loading: boolean;
  onRefresh: () => void;
  name?: string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Form.Item label={t('ui.auth.captcha')}>
      <Flex gap={8}>
        {/* Needed to send an SMS code, not to submit the form: useSmsSender checks it. */}
        <Form.Item name={name} noStyle>
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t('ui.auth.captchaPlaceholder')}
            autoComplete="off"
            maxLength={8}
            data-testid="captcha-input"
          />
        </Form.Item>
        <Tooltip title={captcha ? t('ui.auth.captchaRefresh') : t('ui.auth.captchaUnavailable')}>
          <button
            type="button"
            onClick={onRefresh}
            aria-label={t('ui.auth.captchaRefresh')}
            data-testid="captcha-image"
            style={{
              flex: '0 0 120px',
              height: 32,
              padding: 0,
              border: `1px solid ${token.colorBorder}`,
              borderRadius: token.borderRadius,
              // The picture is dark text on light ground: keep it readable in the dark theme.
              background: '#f5f5f5',
              cursor: 'pointer',
              overflow: 'hidden',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {loading ? (
              <Skeleton.Button active size="small" block />
            ) : captcha ? (
              <img src={captcha.image} alt={t('ui.auth.captcha')} style={{ width: '100%', height: '100%' }} />
            ) : (
              <Typography.Text type="secondary" style={{ color: '#595959' }}>
                <ReloadOutlined />
              </Typography.Text>
            )}
          </button>
        </Tooltip>
      </Flex>
    </Form.Item>
  );
}
