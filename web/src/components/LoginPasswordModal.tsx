import { useState, type ReactNode } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client';
import { requiredRule } from '../lib/form-rules';

interface PasswordValues {
  password: string;
}

function LoginPasswordForm({
  title,
  description,
  okText,
  onSubmit,
  onClose,
}: {
  title: string;
  description: ReactNode;
  okText: string;
  onSubmit: (password: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const [busy, setBusy] = useState(false);

  const handleOk = async () => {
    let values: PasswordValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await onSubmit(values.password);
      onClose();
    } catch (error) {
      // A wrong password is explained on the field; anything else the client already showed.
      if (isApiError(error) && error.key === 'USER_PASSWORD_CHECK') {
        form.setFields([{ name: 'password', errors: [t('errors.USER_PASSWORD_CHECK')] }]);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={{ danger: true }}
      cancelText={t('ui.common.cancel')}
      confirmLoading={busy}
      onOk={() => void handleOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {description}
      </Typography.Paragraph>
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={() => void handleOk()}
        data-testid="password-confirm-form"
      >
        <Form.Item name="password" label={t('teamUi.password.label')} rules={[requiredRule()]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('teamUi.password.placeholder')}
            autoComplete="current-password"
            autoFocus
            data-testid="password-confirm-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Asks for the caller's login password before a destructive call the server guards with it
 * (permanent deletion, emptying the bin, deleting local users). USER_PASSWORD_CHECK shows on the field.
 */
export function LoginPasswordModal(props: {
  open: boolean;
  title: string;
  description: ReactNode;
  okText: string;
  onSubmit: (password: string) => Promise<void>;
  onClose: () => void;
}) {
  const { open, ...rest } = props;
  return open ? <LoginPasswordForm {...rest} /> : null;
}
