import { Button, Flex, Form, Input } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { smsCodeField } from '@sightline/shared';
import { valueRule } from '../../lib/form-rules';
import { useCountdown } from './useCountdown';

/**
 * The SMS code input and its send button. `onSend` returns whether the code went out; only then
 * does the 60 s countdown start.
 */
export function SmsCodeField({
  scope,
  onSend,
  sending,
  name = 'smsCode',
}: {
  scope: string;
  onSend: () => Promise<boolean>;
  sending: boolean;
  name?: string;
}) {
  const { t } = useTranslation();
  const countdown = useCountdown(scope);

  const handleSend = async () => {
    if (await onSend()) countdown.start();
  };

  return (
    <Form.Item label={t('ui.auth.smsCode')} required>
      <Flex gap={8}>
        <Form.Item name={name} rules={[valueRule(smsCodeField)]} noStyle>
          <Input
            prefix={<MessageOutlined />}
            placeholder={t('ui.auth.smsCodePlaceholder')}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            data-testid="sms-code-input"
          />
        </Form.Item>
        <Button
          onClick={() => void handleSend()}
          loading={sending}
          disabled={countdown.running}
          style={{ flex: '0 0 auto', minWidth: 120 }}
          data-testid="sms-send"
        >
          {countdown.running ? t('ui.auth.resendIn', { seconds: countdown.secondsLeft }) : t('ui.auth.sendCode')}
        </Button>
      </Flex>
    </Form.Item>
  );
}
