import { App as AntdApp, Form, Input, Modal } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changePasswordBodySchema, type ChangePasswordBody } from '@sightline/shared';
import { applyServerIssues, matchesRule, requiredRule, zodRule } from '../../../lib/form-rules';
import { useChangePassword } from '../api';

function ChangePasswordForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<ChangePasswordBody>();
  const changePassword = useChangePassword();

  const handleOk = async () => {
    let values: ChangePasswordBody;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await changePassword.mutateAsync(changePasswordBodySchema.parse(values));
      void message.success(t('ui.personal.passwordChanged'));
      onDone();
    } catch (error) {
      applyServerIssues(form, error);
    }
  };

  return (
    <Modal
      open
      title={t('ui.personal.changePassword')}
      okText={t('ui.common.save')}
      cancelText={t('ui.common.cancel')}
      confirmLoading={changePassword.isPending}
      onOk={() => void handleOk()}
      onCancel={onCancel}
    >
      <Form<ChangePasswordBody> form={form} layout="vertical" requiredMark={false} style={{ marginTop: 16 }}>
        <Form.Item
          name="oldPassword"
          label={t('ui.personal.oldPassword')}
          rules={[zodRule(changePasswordBodySchema, 'oldPassword')]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('ui.personal.newPassword')}
          rules={[zodRule(changePasswordBodySchema, 'password')]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('ui.auth.newPasswordPlaceholder')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('ui.personal.confirmPassword')}
          dependencies={['password']}
          rules={[requiredRule(), matchesRule('password')]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <ChangePasswordForm onDone={onClose} onCancel={onClose} /> : null;
}
