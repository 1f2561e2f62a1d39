import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changePasswordBodySchema, type ChangePasswordBody } from '@sightline/shared';
import { FormDialog } from '../../../components/FormDialog';
import { PasswordFields } from '../../../components/PasswordFields';
import { zodRule } from '../../../lib/form-rules';
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
      <PasswordFields
        passwordRule={zodRule(changePasswordBodySchema, 'password')}
        labels={{ password: t('ui.personal.newPassword'), confirm: t('ui.personal.confirmPassword') }}
      />
    </FormDialog>
  );
}

export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <ChangePasswordForm onClose={onClose} /> : null;
}
