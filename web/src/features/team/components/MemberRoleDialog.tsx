import { DatePicker, Form, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { MEMBER_TYPES, memberRoleBodySchema, type MemberType, type RoleCode, type TeamMember } from '@sightline/shared';
import { FormDialog } from '../../../components/FormDialog';
import { zodRule } from '../../../lib/form-rules';
import { useChangeMemberRole, useRoleCounts } from '../api';
import { roleOptions, type MemberContext } from '../member-rules';

interface RoleValues {
  roleId: RoleCode;
  memberType: MemberType;
  expiresAt: Dayjs | null;
}

function toBody(userId: number, values: Partial<RoleValues>) {
  return {
    userId,
    roleId: values.roleId,
    memberType: values.memberType,
    expiresAt: values.memberType === 'temporary' && values.expiresAt ? values.expiresAt.toISOString() : null,
  };
}

/** Role, member type and (for temporary members) expiry of one member. */
export function MemberRoleDialog({
  member,
  context,
  onClose,
}: {
  member: TeamMember;
  context: MemberContext;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleValues>();
  const change = useChangeMemberRole();
  const counts = useRoleCounts();
  const holders = new Map((counts.data ?? []).map((entry) => [entry.roleId, entry.memberCount]));
  const options = roleOptions(member, context, holders);
  const memberType = Form.useWatch('memberType', form) ?? member.memberType;
  const toInput = (values: Record<string, unknown>) => toBody(member.userId, values as Partial<RoleValues>);

  const handleSubmit = async (values: RoleValues) => {
    await change.mutateAsync(memberRoleBodySchema.parse(toBody(member.userId, values)));
    return t('teamUi.members.roleChanged', { name: member.name });
  };

  return (
    <FormDialog<RoleValues>
      title={t('teamUi.members.changeRoleTitle', { name: member.name })}
      form={form}
      initialValues={{
        roleId: member.roleId,
        memberType: member.memberType,
        expiresAt: member.expiresAt ? dayjs(member.expiresAt) : null,
      }}
      testId="member-role-form"
      saving={change.isPending}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <Form.Item
        name="roleId"
        label={t('teamUi.members.role')}
        rules={[zodRule(memberRoleBodySchema, 'roleId', { toInput })]}
        extra={
          options.some((option) => option.disabled) ? (
            <Typography.Text type="secondary">{t('teamUi.members.adminByHandover')}</Typography.Text>
          ) : undefined
        }
      >
        <Select
          data-testid="member-role-select"
          options={options.map((option) => ({
            value: option.roleId,
            label: t(`role.${option.roleId}`),
            disabled: option.disabled,
          }))}
        />
      </Form.Item>
      <Form.Item name="memberType" label={t('teamUi.members.memberType')}>
        <Radio.Group
          optionType="button"
          options={MEMBER_TYPES.map((type) => ({ value: type, label: t(`memberType.${type}`) }))}
        />
      </Form.Item>
      {memberType === 'temporary' && (
        <Form.Item
          name="expiresAt"
          label={t('teamUi.members.expiresAt')}
          dependencies={['memberType']}
          rules={[zodRule(memberRoleBodySchema, 'expiresAt', { toInput })]}
          extra={t('teamUi.members.expiryHint')}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            disabledDate={(date) => date.isBefore(dayjs(), 'day')}
            data-testid="member-expiry"
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}
