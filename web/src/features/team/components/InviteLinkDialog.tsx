import { useState } from 'react';
import {
  Alert,
  App as AntdApp,
  Button,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { CopyOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  INVITATION_PASSWORD_MODES,
  INVITATION_SCOPES,
  INVITATION_VALIDITY_MAX_DAYS,
  invitationLinkBodySchema,
  type InvitationLink,
  type InvitationLinkBody,
  type RoleCode,
  type TeamDetails,
} from '@sightline/shared';
import { useTeamProjects } from '../../../api/team';
import { RoleTag } from '../../../components/RoleTag';
import { copyText } from '../../../lib/copy-text';
import { applyServerIssues, zodRule } from '../../../lib/form-rules';
import { useCreateInvitationLink, useInvitationLink } from '../api';
import { VALIDITY_SHORTCUTS, inviteMessage, inviteUrl, isLinkExpired } from '../invitation-link';
import { inviteRoles } from '../member-rules';

type LinkValues = Omit<InvitationLinkBody, 'validityDays'> & { validityDays: number };

function LinkView({ link, onRenew }: { link: InvitationLink; onRenew: () => void }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const url = inviteUrl(window.location.origin, link.url);

  const handleCopy = async (text: string) => {
    // The dialog may stay open past the link's end: an expired link is never handed out.
    if (isLinkExpired(link.expiresAt, Date.now())) {
      void message.error(t('teamUi.invite.copyExpired'));
      return;
    }
    if (await copyText(text)) void message.success(t('ui.common.copied'));
    else void message.error(t('teamUi.invite.copyFailed'));
  };

  return (
    <Flex vertical gap={16} data-testid="invite-link-view">
      <Descriptions column={1} bordered size="small" styles={{ label: { whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label={t('teamUi.invite.url')}>
          <Typography.Text style={{ wordBreak: 'break-all' }} data-testid="invite-url">
            {url}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('teamUi.invite.password')}>
          <Typography.Text strong code data-testid="invite-password">
            {link.password}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('teamUi.invite.role')}>
          <RoleTag roleId={link.roleId} />
        </Descriptions.Item>
        <Descriptions.Item label={t('teamUi.invite.scope')}>
          {link.scope === 'projects'
            ? t('teamUi.invite.scopeProjectsCount', { count: link.projectIds.length })
            : t('teamUi.invite.scopeTeam')}
        </Descriptions.Item>
        <Descriptions.Item label={t('teamUi.invite.expiresAt')}>
          <span data-testid="invite-expires">{dayjs(link.expiresAt).format('YYYY-MM-DD HH:mm')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('teamUi.invite.inviter')}>{link.inviter.name}</Descriptions.Item>
      </Descriptions>
      <Flex gap={8} wrap>
        <Button
          type="primary"
          icon={<CopyOutlined />}
          onClick={() =>
            void handleCopy(
              inviteMessage(
                { link: t('teamUi.invite.url'), password: t('teamUi.invite.password') },
                url,
                link.password,
              ),
            )
          }
          data-testid="invite-copy-all"
        >
          {t('teamUi.invite.copyAll')}
        </Button>
        <Button icon={<LinkOutlined />} onClick={() => void handleCopy(url)} data-testid="invite-copy-url">
          {t('teamUi.invite.copyUrl')}
        </Button>
        <Button
          icon={<CopyOutlined />}
          onClick={() => void handleCopy(link.password)}
          data-testid="invite-copy-password"
        >
          {t('teamUi.invite.copyPassword')}
        </Button>
        <Button icon={<PlusOutlined />} onClick={onRenew} data-testid="invite-renew">
          {t('teamUi.invite.newLink')}
        </Button>
      </Flex>
      <Typography.Text type="secondary">{t('teamUi.invite.replaceHint')}</Typography.Text>
    </Flex>
  );
}

function LinkForm({
  roles,
  full,
  onCreated,
  onCancel,
}: {
  roles: RoleCode[];
  full: boolean;
  onCreated: () => void;
  onCancel: (() => void) | null;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LinkValues>();
  const create = useCreateInvitationLink();
  const passwordMode = Form.useWatch('passwordMode', form) ?? 'random';
  const scope = Form.useWatch('scope', form) ?? 'team';
  const projects = useTeamProjects(scope === 'projects');

  const handleSubmit = async () => {
    let values: LinkValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await create.mutateAsync(invitationLinkBodySchema.parse(values));
      onCreated();
    } catch (error) {
      applyServerIssues(form, error);
    }
  };

  return (
    <Form<LinkValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ passwordMode: 'random', validityDays: 7, roleId: roles.at(-1), scope: 'team' }}
      data-testid="invite-form"
    >
      <Form.Item name="passwordMode" label={t('teamUi.invite.passwordMode')}>
        <Radio.Group
          optionType="button"
          options={INVITATION_PASSWORD_MODES.map((mode) => ({ value: mode, label: t(`teamUi.invite.mode.${mode}`) }))}
        />
      </Form.Item>
      {passwordMode === 'custom' && (
        <Form.Item
          name="password"
          label={t('teamUi.invite.customPassword')}
          rules={[zodRule(invitationLinkBodySchema, 'password')]}
          dependencies={['passwordMode']}
        >
          <Input
            placeholder={t('teamUi.invite.customPasswordPlaceholder')}
            maxLength={20}
            data-testid="invite-custom-password"
          />
        </Form.Item>
      )}
      <Form.Item label={t('teamUi.invite.validity')} required>
        <Space wrap>
          <Form.Item name="validityDays" noStyle rules={[zodRule(invitationLinkBodySchema, 'validityDays')]}>
            <InputNumber
              min={1}
              max={INVITATION_VALIDITY_MAX_DAYS}
              precision={0}
              suffix={t('teamUi.invite.days')}
              style={{ width: 140 }}
              data-testid="invite-validity"
            />
          </Form.Item>
          {VALIDITY_SHORTCUTS.map((days) => (
            <Button key={days} size="small" onClick={() => form.setFieldValue('validityDays', days)}>
              {t('teamUi.invite.daysShortcut', { days })}
            </Button>
          ))}
        </Space>
      </Form.Item>
      <Form.Item name="roleId" label={t('teamUi.invite.role')} rules={[zodRule(invitationLinkBodySchema, 'roleId')]}>
        <Select data-testid="invite-role" options={roles.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
      </Form.Item>
      <Form.Item name="scope" label={t('teamUi.invite.scope')}>
        <Radio.Group
          options={INVITATION_SCOPES.map((value) => ({
            value,
            label: value === 'team' ? t('teamUi.invite.scopeTeam') : t('teamUi.invite.scopeProjects'),
          }))}
        />
      </Form.Item>
      {scope === 'projects' && (
        <Form.Item
          name="projectIds"
          label={t('teamUi.invite.projects')}
          dependencies={['scope']}
          rules={[zodRule(invitationLinkBodySchema, 'projectIds')]}
        >
          <Select
            mode="multiple"
            loading={projects.isPending}
            placeholder={t('teamUi.invite.projectsPlaceholder')}
            optionFilterProp="label"
            notFoundContent={t('teamUi.projects.noProjects')}
            options={(projects.data ?? []).map((project) => ({ value: project.id, label: project.name }))}
          />
        </Form.Item>
      )}
      <Flex justify="flex-end" gap={8}>
        {onCancel && <Button onClick={onCancel}>{t('ui.common.cancel')}</Button>}
        <Button
          type="primary"
          onClick={() => void handleSubmit()}
          loading={create.isPending}
          disabled={full}
          data-testid="invite-create"
        >
          {t('teamUi.invite.create')}
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * The invitation link of the team: the live one with copy buttons, or a form for a new one
 * (password random or custom, validity in days, role, team only or with projects).
 */
export function InviteLinkDialog({
  open,
  onClose,
  team,
  myRole,
}: {
  open: boolean;
  onClose: () => void;
  team: TeamDetails;
  myRole: RoleCode | null;
}) {
  const { t } = useTranslation();
  const link = useInvitationLink(open);
  const [renewing, setRenewing] = useState(false);
  const full = team.memberCount >= team.memberMax;
  const roles = inviteRoles(myRole, team.kind);

  const handleClose = () => {
    setRenewing(false);
    onClose();
  };

  let body;
  if (link.isPending) {
    body = (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin />
      </Flex>
    );
  } else if (link.isError) {
    body = <Alert type="error" showIcon title={t('errors.serviceError')} />;
  } else if (link.data && !renewing) {
    body = <LinkView link={link.data} onRenew={() => setRenewing(true)} />;
  } else {
    body = (
      <LinkForm
        roles={roles}
        full={full}
        onCreated={() => setRenewing(false)}
        onCancel={link.data ? () => setRenewing(false) : null}
      />
    );
  }

  return (
    <Modal
      open={open}
      width={640}
      title={t('teamUi.invite.title')}
      footer={null}
      onCancel={handleClose}
      destroyOnHidden
    >
      <Flex vertical gap={16} style={{ marginTop: 8 }}>
        {full && (
          <Alert
            type="warning"
            showIcon
            title={t('teamUi.invite.teamFull', { count: team.memberCount, max: team.memberMax })}
            data-testid="invite-team-full"
          />
        )}
        {body}
      </Flex>
    </Modal>
  );
}
