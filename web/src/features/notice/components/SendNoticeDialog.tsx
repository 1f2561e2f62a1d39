import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, NOTICE_TYPES, noticeSendBodySchema, type NoticeType } from '@sightline/shared';
import { FormDialog } from '../../../components/FormDialog';
import { zodRule } from '../../../lib/form-rules';
import { useTeamMembers } from '../../../api/team';
import { useSendNotice } from '../api';

interface SendValues {
  title: string;
  content: string;
  type: NoticeType;
  audience: 'all' | 'some';
  userIds?: number[];
}

function toBody(values: Partial<SendValues>) {
  return {
    title: values.title,
    content: values.content,
    type: values.type,
    userIds: values.audience === 'some' ? (values.userIds ?? []) : undefined,
  };
}

/** A notice to the team's members (all, or those picked), for holders of `notice:send`. */
export function SendNoticeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SendValues>();
  const send = useSendNotice();
  const audience = Form.useWatch('audience', form) ?? 'all';
  const members = useTeamMembers(audience === 'some');
  const toInput = (values: Record<string, unknown>) => toBody(values as Partial<SendValues>);

  const handleSubmit = async (values: SendValues) => {
    const result = await send.mutateAsync(noticeSendBodySchema.parse(toBody(values)));
    return t('teamUi.notice.sent', { count: result.count });
  };

  return (
    <FormDialog<SendValues>
      width={600}
      title={t('teamUi.notice.sendTitle')}
      okText={t('teamUi.notice.send')}
      form={form}
      initialValues={{ type: 'team', audience: 'all' }}
      testId="send-notice-form"
      saving={send.isPending}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <Form.Item name="type" label={t('teamUi.notice.typeLabel')}>
        <Select options={NOTICE_TYPES.map((type) => ({ value: type, label: t(`teamUi.notice.type.${type}`) }))} />
      </Form.Item>
      <Form.Item
        name="title"
        label={t('teamUi.notice.titleLabel')}
        rules={[zodRule(noticeSendBodySchema, 'title', { toInput })]}
      >
        <Input maxLength={LIMITS.generalInputMax} showCount />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('teamUi.notice.content')}
        rules={[zodRule(noticeSendBodySchema, 'content', { toInput })]}
      >
        <Input.TextArea rows={5} maxLength={LIMITS.noticeContentMax} showCount />
      </Form.Item>
      <Form.Item name="audience" label={t('teamUi.notice.recipients')}>
        <Radio.Group
          options={[
            { value: 'all', label: t('teamUi.notice.allMembers') },
            { value: 'some', label: t('teamUi.notice.someMembers') },
          ]}
        />
      </Form.Item>
      {audience === 'some' && (
        <Form.Item
          name="userIds"
          dependencies={['audience']}
          rules={[zodRule(noticeSendBodySchema, 'userIds', { toInput })]}
        >
          <Select
            mode="multiple"
            loading={members.isPending}
            optionFilterProp="label"
            placeholder={t('teamUi.notice.pickMembers')}
            options={(members.data ?? []).map((member) => ({ value: member.userId, label: member.name }))}
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}
