import { useState } from 'react';
import {
  App as AntdApp,
  Button,
  Card,
  Flex,
  Input,
  Space,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import {
  CrownOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderOpenOutlined,
  InfoCircleOutlined,
  SwapOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { MemberType, TeamMember } from '@sightline/shared';
import type { MenuPageProps } from '../../../session/menu-routes';
import { usePermission } from '../../../session/permissions';
import { StoredAvatar } from '../../../components/StoredImage';
import { translate } from '../../../i18n';
import { useUserDetails } from '../../../api/user';
import { InviteLinkDialog } from '../components/InviteLinkDialog';
import { useTeamDetails } from '../../../api/team';
import { useHandOverAdministrator, useMemberPage, useRemoveMember } from '../api';
import { MemberProjectsDialog } from '../components/MemberProjectsDialog';
import { MemberRoleDialog } from '../components/MemberRoleDialog';
import { LoadFailed } from '../../../components/LoadFailed';
import { PAGE_SIZE, PagedTable } from '../../../components/PagedTable';
import { RoleTag } from '../../../components/RoleTag';
import { canAssignProjects, canChangeRole, canHandOver, canRemove, type MemberContext } from '../member-rules';

type Dialog = { kind: 'role' | 'projects'; member: TeamMember } | null;

/** Team members, full or temporary: roles, expiry, project authorization, handover, removal, invitation. */
export default function MembersPage({ titleKey }: MenuPageProps) {
  const { t } = useTranslation();
  const { message, modal } = AntdApp.useApp();
  const [memberType, setMemberType] = useState<MemberType>('full');
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [inviteOpen, setInviteOpen] = useState(false);

  const { data: user } = useUserDetails();
  const team = useTeamDetails();
  const members = useMemberPage({ pageNum, pageSize: PAGE_SIZE, keyword, memberType });
  const remove = useRemoveMember();
  const handover = useHandOverAdministrator();
  const canInvite = usePermission('team:invite');
  const context: MemberContext = {
    myUserId: user?.userId ?? 0,
    myRole: user?.roleId ?? null,
    teamKind: team.data?.kind ?? 'team',
    canRole: usePermission('team:member:role'),
    canManage: usePermission('team:member:manage'),
    canHandover: usePermission('team:handover'),
  };

  const handleRemove = (member: TeamMember) => {
    modal.confirm({
      title: t('teamUi.members.removeTitle', { name: member.name }),
      content: t('teamUi.members.removeContent'),
      okText: t('teamUi.members.remove'),
      okButtonProps: { danger: true },
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(member.userId);
          void message.success(t('teamUi.members.removed', { name: member.name }));
        } catch {
          // The client showed why.
        }
      },
    });
  };

  const handleHandover = (member: TeamMember) => {
    modal.confirm({
      title: t('teamUi.members.handoverTitle', { name: member.name }),
      content: t('teamUi.members.handoverContent'),
      okText: t('teamUi.members.handover'),
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        try {
          await handover.mutateAsync(member.userId);
          void message.success(t('teamUi.members.handedOver', { name: member.name }));
        } catch {
          // The client showed why.
        }
      },
    });
  };

  const columns: TableColumnsType<TeamMember> = [
    {
      title: t('teamUi.members.name'),
      dataIndex: 'name',
      render: (_value, member) => (
        <Flex align="center" gap={10}>
          <StoredAvatar size={32} url={member.headImgUrl} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis>
              {member.name}
              {member.userId === context.myUserId && (
                <Typography.Text type="secondary"> {t('teamUi.members.you')}</Typography.Text>
              )}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {member.account ?? member.phone ?? ''}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { title: t('teamUi.members.phone'), dataIndex: 'phone', render: (phone: string | null) => phone ?? '—' },
    {
      title: t('teamUi.members.role'),
      dataIndex: 'roleId',
      render: (_value, member) => <RoleTag roleId={member.roleId} />,
    },
    ...(memberType === 'temporary'
      ? [
          {
            title: t('teamUi.members.expiresAt'),
            dataIndex: 'expiresAt',
            render: (_value: unknown, member: TeamMember) => (
              <Space size={6}>
                <span>{member.expiresAt ? dayjs(member.expiresAt).format('YYYY-MM-DD HH:mm') : '—'}</span>
                {member.expired && (
                  <Tag color="error" data-testid="member-expired">
                    {t('memberType.expired')}
                  </Tag>
                )}
              </Space>
            ),
          },
        ]
      : []),
    {
      title: t('teamUi.members.joinedAt'),
      dataIndex: 'joinedAt',
      render: (joinedAt: string) => dayjs(joinedAt).format('YYYY-MM-DD'),
    },
    {
      title: t('teamUi.members.actions'),
      key: 'actions',
      width: 470,
      render: (_value, member) => {
        if (member.roleId === 'ROLE_TEAM_OWNER') {
          return (
            <Tooltip title={t('teamUi.members.ownerFixedHint')}>
              <Typography.Text type="secondary" data-testid="owner-fixed">
                <CrownOutlined /> {t('teamUi.members.ownerFixed')} <InfoCircleOutlined />
              </Typography.Text>
            </Tooltip>
          );
        }
        const role = canChangeRole(member, context);
        const projects = canAssignProjects(member, context);
        const hand = canHandOver(member, context);
        const removal = canRemove(member, context);
        const actions = [
          role.allowed && (
            <Button
              key="role"
              size="small"
              type="link"
              icon={<EditOutlined />}
              onClick={() => setDialog({ kind: 'role', member })}
              data-testid="member-change-role"
            >
              {t('teamUi.members.changeRole')}
            </Button>
          ),
          projects.allowed && (
            <Button
              key="projects"
              size="small"
              type="link"
              icon={<FolderOpenOutlined />}
              onClick={() => setDialog({ kind: 'projects', member })}
              data-testid="member-projects"
            >
              {t('teamUi.members.projects')}
            </Button>
          ),
          hand.allowed && (
            <Button
              key="handover"
              size="small"
              type="link"
              icon={<SwapOutlined />}
              onClick={() => handleHandover(member)}
              data-testid="member-handover"
            >
              {t('teamUi.members.handover')}
            </Button>
          ),
          removal.allowed && (
            <Button
              key="remove"
              size="small"
              type="link"
              danger
              icon={<DeleteOutlined />}
              onClick={() => handleRemove(member)}
              data-testid="member-remove"
            >
              {t('teamUi.members.remove')}
            </Button>
          ),
        ].filter(Boolean);
        if (actions.length > 0) return <Flex wrap>{actions}</Flex>;
        return <Typography.Text type="secondary">—</Typography.Text>;
      },
    },
  ];

  if (team.isError || members.isError) {
    return (
      <LoadFailed
        onRetry={() => {
          void team.refetch();
          void members.refetch();
        }}
      />
    );
  }

  const full = team.data ? team.data.memberCount >= team.data.memberMax : false;

  return (
    <Flex vertical gap={16} data-testid="members-page">
      <Flex align="center" justify="space-between" wrap gap={12}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {translate(titleKey)}
          </Typography.Title>
          {team.data && (
            <Typography.Text type="secondary" data-testid="member-count">
              {t('teamUi.members.count', { count: team.data.memberCount, max: team.data.memberMax })}
            </Typography.Text>
          )}
        </div>
        {canInvite && team.data && (
          <Tooltip
            title={full ? t('teamUi.invite.teamFull', { count: team.data.memberCount, max: team.data.memberMax }) : ''}
          >
            <Button
              type="primary"
              icon={<UserAddOutlined />}
              onClick={() => setInviteOpen(true)}
              data-testid="invite-open"
            >
              {t('teamUi.invite.open')}
            </Button>
          </Tooltip>
        )}
      </Flex>
      <Card>
        <Flex align="center" justify="space-between" wrap gap={12} style={{ marginBottom: 8 }}>
          <Tabs
            activeKey={memberType}
            onChange={(key) => {
              setMemberType(key as MemberType);
              setPageNum(1);
            }}
            items={[
              { key: 'full', label: t('memberType.full') },
              { key: 'temporary', label: t('memberType.temporary') },
            ]}
            style={{ marginBottom: -16 }}
          />
          <Input.Search
            allowClear
            placeholder={t('teamUi.members.search')}
            style={{ width: 280 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPageNum(1);
            }}
            data-testid="member-search"
          />
        </Flex>
        <PagedTable<TeamMember>
          rowKey="userId"
          columns={columns}
          page={members}
          pageNum={pageNum}
          onPageChange={setPageNum}
          emptyText={keyword ? t('teamUi.members.noMatch') : t('teamUi.members.empty')}
          onRow={(member) => (member.expired ? { style: { opacity: 0.65 } } : {})}
          data-testid="members-table"
        />
      </Card>
      {dialog?.kind === 'role' && (
        <MemberRoleDialog member={dialog.member} context={context} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'projects' && <MemberProjectsDialog member={dialog.member} onClose={() => setDialog(null)} />}
      {team.data && (
        <InviteLinkDialog
          open={inviteOpen}
          onClose={() => setInviteOpen(false)}
          team={team.data}
          myRole={user?.roleId ?? null}
        />
      )}
    </Flex>
  );
}
