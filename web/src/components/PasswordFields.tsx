import type { ReactNode } from 'react';
import { Col, Form, Input, Row, type FormRule } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { matchesRule, requiredRule } from '../lib/form-rules';

/**
 * A new password and its confirmation, as fields `password` and `confirmPassword` of the surrounding form
 * (register, retrieve, change password, a local user). No `maxLength`: a longer password pasted in would be cut
 * short without a word, so the schema's rule says it is too long instead.
 */
export function PasswordFields({
  passwordRule,
  labels,
  optional = false,
  extra,
  columns = false,
}: {
  /** The shared schema's rule for the new password. */
  passwordRule: FormRule;
  labels: { password: string; confirm: string };
  /** Blank keeps the current password (editing a local user): the confirmation is asked only for a new one. */
  optional?: boolean;
  /** Under the password field. */
  extra?: ReactNode;
  /** Side by side where the form is wide enough. */
  columns?: boolean;
}) {
  const { t } = useTranslation();
  const confirmRequired: FormRule = optional
    ? (form) => ({
        validator: async (_rule, value: unknown) => {
          if (!value && form.getFieldValue('password')) throw new Error(t('validation.required'));
        },
      })
    : requiredRule();

  const password = (
    <Form.Item name="password" label={labels.password} rules={[passwordRule]} extra={extra}>
      <Input.Password
        prefix={<LockOutlined />}
        placeholder={t('ui.auth.newPasswordPlaceholder')}
        autoComplete="new-password"
      />
    </Form.Item>
  );
  const confirm = (
    <Form.Item
      name="confirmPassword"
      label={labels.confirm}
      dependencies={['password']}
      rules={[confirmRequired, matchesRule('password')]}
    >
      <Input.Password
        prefix={<LockOutlined />}
        placeholder={t('ui.auth.confirmPasswordPlaceholder')}
        autoComplete="new-password"
      />
    </Form.Item>
  );

  if (!columns) {
    return (
      <>
        {password}
        {confirm}
      </>
    );
  }
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        {password}
      </Col>
      <Col xs={24} sm={12}>
        {confirm}
      </Col>
    </Row>
  );
}
