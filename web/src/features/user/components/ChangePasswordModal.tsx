import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changePasswordBodySchema, type ChangePasswordBody } from '@sightline/shared';
import { FormDialog } from '../../../components/FormDialog';
import { matchesRule, requiredRule, zodRule } from '../../../lib/form-rules';
import { useChangePassword } from '../api';

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordBody>();
  const changePassword = useChangePassword();

  const handleSubmit = async (values: ChangePasswordBody) => {
    await changePassword.mutateAsync(changePasswordBodySchema.parse(values));
    return t('ui.personal.passwordChanged');
  };

  return (
    <FormDialog<ChangePasswordBody>
      title={t('ui.personal.changePassword')}
      form={form}
      saving={changePassword.isPending}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
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
    </FormDialog>
  );
}

export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <ChangePasswordForm onClose={onClose} /> : null;
}
