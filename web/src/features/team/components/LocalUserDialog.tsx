import { Form, Input, Radio, Select, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  LIMITS,
  USER_STATUSES,
  localUserCreateBodySchema,
  localUserEditBodySchema,
  type LocalUser,
  type RoleCode,
  type UserStatus,
} from '@sightline/shared';
import { FormDialog } from '../../../components/FormDialog';
import { PasswordFields } from '../../../components/PasswordFields';
import { zodRule } from '../../../lib/form-rules';
import { useCreateLocalUser, useEditLocalUser, useRoleCounts } from '../api';
import { localUserRoleOptions } from '../member-rules';

interface LocalUserValues {
  account: string;
  password: string;
  confirmPassword: string;
  name: string;
  roleId: RoleCode;
  phone: string;
  email: string;
  status: UserStatus;
}

/** The edit body: a blank password leaves it unchanged, so it is left out with its confirmation. */
export function toEditBody(values: Partial<LocalUserValues>) {
  const password = values.password ?? '';
  return {
    name: values.name,
    roleId: values.roleId,
    phone: values.phone ?? '',
    email: values.email ?? '',
    status: values.status,
    ...(password ? { password, confirmPassword: values.confirmPassword ?? '' } : {}),
  };
}

export function toCreateBody(values: Partial<LocalUserValues>) {
  return {
    account: values.account,
    password: values.password,
    confirmPassword: values.confirmPassword ?? '',
    name: values.name,
    roleId: values.roleId,
    phone: values.phone || undefined,
    email: values.email || undefined,
  };
}

/** Create or edit a local user (account 8-16 letters and digits, password 8-20, blank on edit keeps it). */
export function LocalUserDialog({
  user,
  me,
  onClose,
}: {
  /** null to create. */
  user: LocalUser | null;
  /** The caller. */
  me: { userId: number; roleId: RoleCode | null };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LocalUserValues>();
  const create = useCreateLocalUser();
  const edit = useEditLocalUser();
  const editing = user !== null;
  const schema = editing ? localUserEditBodySchema : localUserCreateBodySchema;
  const toInput = (values: Record<string, unknown>) =>
    editing ? toEditBody(values as Partial<LocalUserValues>) : toCreateBody(values as Partial<LocalUserValues>);
  const counts = useRoleCounts();
  const holders = new Map((counts.data ?? []).map((entry) => [entry.roleId, entry.memberCount]));
  const roleChoices = localUserRoleOptions(user, me, holders);
  const ownAccount = user !== null && user.id === me.userId;

  const handleSubmit = async (values: LocalUserValues) => {
    if (user) {
      await edit.mutateAsync({ id: user.id, body: localUserEditBodySchema.parse(toEditBody(values)) });
      return t('teamUi.localUsers.saved', { name: values.name });
    }
    await create.mutateAsync(localUserCreateBodySchema.parse(toCreateBody(values)));
    return t('teamUi.localUsers.created', { name: values.name });
  };

  return (
    <FormDialog<LocalUserValues>
      title={editing ? t('teamUi.localUsers.editTitle') : t('teamUi.localUsers.createTitle')}
      form={form}
      initialValues={{
        account: user?.account ?? '',
        password: '',
        confirmPassword: '',
        name: user?.name ?? '',
        roleId: user?.roleId ?? roleChoices.filter((choice) => !choice.disabled).at(-1)?.roleId,
        phone: user?.phone ?? '',
        email: user?.email ?? '',
        status: user?.status ?? 'active',
      }}
      testId="local-user-form"
      saving={create.isPending || edit.isPending}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <Form.Item
        name="account"
        label={t('teamUi.localUsers.account')}
        rules={editing ? [] : [zodRule(localUserCreateBodySchema, 'account')]}
      >
        <Input
          prefix={<UserOutlined />}
          disabled={editing}
          maxLength={LIMITS.account.max}
          placeholder={t('teamUi.localUsers.accountPlaceholder')}
          autoComplete="off"
        />
      </Form.Item>
      <PasswordFields
        passwordRule={zodRule(schema, 'password', { toInput })}
        labels={{ password: t('teamUi.localUsers.password'), confirm: t('teamUi.localUsers.confirmPassword') }}
        optional={editing}
        extra={editing ? t('teamUi.localUsers.passwordKeep') : undefined}
      />
      <Form.Item name="name" label={t('teamUi.localUsers.name')} rules={[zodRule(schema, 'name', { toInput })]}>
        <Input maxLength={LIMITS.nameMax} />
      </Form.Item>
      <Form.Item
        name="roleId"
        label={t('teamUi.localUsers.role')}
        rules={[zodRule(schema, 'roleId', { toInput })]}
        extra={
          roleChoices.some((choice) => choice.disabled) ? (
            <Typography.Text type="secondary">{t('teamUi.members.adminByHandover')}</Typography.Text>
          ) : undefined
        }
      >
        <Select
          data-testid="local-user-role"
          disabled={ownAccount || roleChoices.length === 0}
          options={roleChoices.map((choice) => ({
            value: choice.roleId,
            label: t(`role.${choice.roleId}`),
            disabled: choice.disabled,
          }))}
        />
      </Form.Item>
      <Form.Item name="phone" label={t('teamUi.localUsers.phone')} rules={[zodRule(schema, 'phone', { toInput })]}>
        <Input placeholder={t('teamUi.common.optional')} />
      </Form.Item>
      <Form.Item name="email" label={t('teamUi.localUsers.email')} rules={[zodRule(schema, 'email', { toInput })]}>
        <Input placeholder={t('teamUi.common.optional')} />
      </Form.Item>
      {editing && (
        <Form.Item name="status" label={t('teamUi.localUsers.status')}>
          <Radio.Group
            optionType="button"
            options={USER_STATUSES.map((status) => ({
              value: status,
              label: t(`teamUi.localUsers.state.${status}`),
            }))}
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}
