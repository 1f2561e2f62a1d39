import { useState, type ReactNode } from 'react';
import { Alert, Avatar, Button, Card, Descriptions, Flex, Form, Input, Result, Typography } from 'antd';
import { LockOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import dayjs from 'dayjs';
import type { JoinResult } from '@sightline/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { isApiError } from '../../../api/client';
import { StoredAvatar } from '../../../components/StoredImage';
import { firstMenuPath } from '../../../session/menu-routes';
import { logout, switchTeam } from '../../../session/session';
import { PageSpinner } from '../../../components/PageSpinner';
import { requiredRule } from '../../../lib/form-rules';
import { useSessionStore } from '../../../stores/session-store';
import { RoleTag } from '../../../components/RoleTag';
import { useUserDetails } from '../../../api/user';
import { useJoinTeam, useLinkAnalysis } from '../api';
import { sidOf } from '../invite-link';

/** Why joining cannot go on, from the server's answer; null for a wrong password (shown on the field). */
type Blocked = 'expired' | 'full' | 'member' | 'limit';

const BLOCKING_KEYS: Record<string, Blocked> = {
  TEAM_INVITATION_LINK_INVALID: 'expired',
  TEAM_USER_COUNT_UPPER_LIMIT: 'full',
  USER_COUNT_MAXIMUM: 'full',
  TEAM_USER_IN_TEAM: 'member',
  TEAM_USER_JOIN_COUNT_LIMIT: 'limit',
};

function Frame({ children }: { children: ReactNode }) {
  return (
    <Flex justify="center" style={{ paddingTop: 24 }}>
      <Card style={{ width: '100%', maxWidth: 560 }} data-testid="invite-page">
        {children}
      </Card>
    </Flex>
  );
}

/**
 * /invite?sid=...: what the link offers (team, inviter, role), the invite password, and joining.
 * A wrong password says how many tries are left; the fifth blocks joining for an hour.
 */
export default function InvitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const sid = sidOf(search);
  const [form] = Form.useForm<{ password: string }>();
  const analysis = useLinkAnalysis(sid);
  const join = useJoinTeam();
  const { data: user } = useUserDetails();
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const [joined, setJoined] = useState<JoinResult | null>(null);

  const enterTeam = () => void navigate(firstMenuPath(useSessionStore.getState().menus), { replace: true });

  /** Another account may hold the invitation: sign out and come back here after signing in. */
  const handleSwitchAccount = async () => {
    await logout();
    void navigate(`/login${search}`, { replace: true });
  };

  const handleJoin = async ({ password }: { password: string }) => {
    try {
      const result = await join.mutateAsync({ sid, password: password.trim() });
      // The new team becomes the current one, with its own menu.
      try {
        await switchTeam(result.teamId);
      } catch {
        // Joined all the same; the switcher in the header offers the team.
      }
      setJoined(result);
    } catch (error) {
      if (!isApiError(error)) return;
      if (error.key === 'TEAM_INVITATION_CODE_INVALID') {
        form.setFields([
          {
            name: 'password',
            errors: [t('errors.TEAM_INVITATION_CODE_INVALID', { count: error.params?.count ?? 0 })],
          },
        ]);
        return;
      }
      const reason = BLOCKING_KEYS[error.key];
      if (reason) setBlocked(reason);
      else form.setFields([{ name: 'password', errors: [t(`errors.serviceError`)] }]);
    }
  };

  if (!sid) {
    return (
      <Frame>
        <Result
          status="warning"
          title={t('teamUi.join.noSid')}
          extra={<Button onClick={enterTeam}>{t('ui.common.backHome')}</Button>}
        />
      </Frame>
    );
  }
  if (analysis.isPending) return <PageSpinner />;

  if (joined) {
    return (
      <Frame>
        <Result
          status="success"
          title={t('teamUi.join.joined', { team: joined.teamName })}
          subTitle={<RoleTag roleId={joined.roleId} />}
          extra={
            <Button type="primary" onClick={enterTeam} data-testid="invite-enter">
              {t('teamUi.join.enter')}
            </Button>
          }
          data-testid="invite-joined"
        />
      </Frame>
    );
  }

  const invalid =
    analysis.isError && isApiError(analysis.error) && analysis.error.key === 'TEAM_INVITATION_LINK_INVALID';
  if (invalid || blocked === 'expired') {
    return (
      <Frame>
        <Result
          status="warning"
          title={t('errors.TEAM_INVITATION_LINK_INVALID')}
          subTitle={t('teamUi.join.expiredHint')}
          extra={<Button onClick={enterTeam}>{t('ui.common.backHome')}</Button>}
          data-testid="invite-expired"
        />
      </Frame>
    );
  }
  if (analysis.isError) {
    return (
      <Frame>
        <LoadFailed onRetry={() => void analysis.refetch()} />
      </Frame>
    );
  }

  const offer = analysis.data;
  const member = offer.joined || blocked === 'member';
  const full = !offer.valid || blocked === 'full';
  const limited = blocked === 'limit';

  return (
    <Frame>
      <Flex vertical gap={20}>
        <Flex align="center" gap={16}>
          <Avatar size={56} icon={<TeamOutlined />} />
          <div style={{ minWidth: 0 }}>
            <Typography.Text type="secondary">{t('teamUi.join.invitedTo')}</Typography.Text>
            <Typography.Title level={3} style={{ margin: 0 }} ellipsis data-testid="invite-team-name">
              {offer.teamName}
            </Typography.Title>
          </div>
        </Flex>
        <Descriptions column={1} size="small" bordered styles={{ label: { whiteSpace: 'nowrap' } }}>
          <Descriptions.Item label={t('teamUi.invite.inviter')}>
            <Flex align="center" gap={8}>
              <StoredAvatar size={24} url={offer.inviter.headImgUrl} />
              <span data-testid="invite-inviter">{offer.inviter.name}</span>
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label={t('teamUi.invite.role')}>
            <RoleTag roleId={offer.roleId} />
          </Descriptions.Item>
          <Descriptions.Item label={t('teamUi.invite.scope')}>
            {offer.scope === 'projects' ? t('teamUi.invite.scopeProjects') : t('teamUi.invite.scopeTeam')}
          </Descriptions.Item>
          <Descriptions.Item label={t('teamUi.invite.expiresAt')}>
            {dayjs(offer.expiresAt).format('YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
        </Descriptions>

        {member ? (
          <Alert
            type="success"
            showIcon
            title={t('errors.TEAM_USER_IN_TEAM')}
            action={
              <Button size="small" onClick={enterTeam}>
                {t('teamUi.join.enter')}
              </Button>
            }
            data-testid="invite-already-member"
          />
        ) : full ? (
          <Alert
            type="error"
            showIcon
            title={t('errors.TEAM_USER_COUNT_UPPER_LIMIT')}
            description={t('teamUi.join.fullHint')}
            data-testid="invite-full"
          />
        ) : (
          <>
            {limited && (
              <Alert
                type="error"
                showIcon
                title={t('errors.TEAM_USER_JOIN_COUNT_LIMIT')}
                data-testid="invite-blocked"
              />
            )}
            <Form<{ password: string }>
              form={form}
              layout="vertical"
              requiredMark={false}
              disabled={limited}
              onFinish={(values) => void handleJoin(values)}
              data-testid="invite-join-form"
            >
              <Form.Item name="password" label={t('teamUi.join.password')} rules={[requiredRule()]}>
                <Input.Password
                  size="large"
                  prefix={<LockOutlined />}
                  placeholder={t('teamUi.join.passwordPlaceholder')}
                  autoComplete="off"
                  data-testid="invite-join-password"
                />
              </Form.Item>
              <Button
                type="primary"
                size="large"
                htmlType="submit"
                block
                loading={join.isPending}
                data-testid="invite-join"
              >
                {t('teamUi.join.submit')}
              </Button>
            </Form>
          </>
        )}
        {user && (
          <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
            {t('teamUi.join.signedInAs', { name: user.name })}{' '}
            <Typography.Link onClick={() => void handleSwitchAccount()}>
              {t('teamUi.join.switchAccount')}
            </Typography.Link>
          </Typography.Text>
        )}
      </Flex>
    </Frame>
  );
}
