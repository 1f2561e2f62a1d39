import { useState } from 'react';
import { App as AntdApp, Button, Card, Flex, Input, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { LocalUser } from '@sightline/shared';
import type { MenuPageProps } from '../../../session/menu-routes';
import { translate } from '../../../i18n';
import { useUserDetails } from '../../../api/user';
import { useDeleteLocalUsers, useLocalUsers } from '../api';
import { LocalUserDialog } from '../components/LocalUserDialog';
import { LoginPasswordModal } from '../../../components/LoginPasswordModal';
import { LoadFailed } from '../../../components/LoadFailed';
import { PAGE_SIZE, PagedTable } from '../../../components/PagedTable';
import { RoleTag } from '../../../components/RoleTag';
import { OWNER_ROLE, localUserRoles } from '../member-rules';

/** Local users of the team (accounts logging in with account and password): create, edit, batch delete. */
export default function LocalUsersPage({ titleKey }: MenuPageProps) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<LocalUser | 'new' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { data: me } = useUserDetails();
  const users = useLocalUsers({ pageNum, pageSize: PAGE_SIZE, keyword });
  const remove = useDeleteLocalUsers();
  const roles = localUserRoles(me?.roleId ?? null);

  /** The owner, the caller and users whose role the caller cannot give stay out of a batch. */
  const deletable = (user: LocalUser) =>
    user.roleId !== OWNER_ROLE && user.id !== me?.userId && roles.includes(user.roleId);
  const editable = (user: LocalUser) => user.id === me?.userId || roles.includes(user.roleId);

  const handleDelete = async (password: string) => {
    const count = selected.length;
    await remove.mutateAsync({ ids: selected, password });
    setSelected([]);
    void message.success(t('teamUi.localUsers.deleted', { count }));
  };

  const columns: TableColumnsType<LocalUser> = [
    {
      title: t('teamUi.localUsers.account'),
      dataIndex: 'account',
      render: (account: string) => <Typography.Text code>{account}</Typography.Text>,
    },
    { title: t('teamUi.localUsers.name'), dataIndex: 'name' },
    { title: t('teamUi.localUsers.phone'), dataIndex: 'phone', render: (phone: string | null) => phone ?? '—' },
    {
      title: t('teamUi.localUsers.role'),
      dataIndex: 'roleId',
      render: (_value, user) => <RoleTag roleId={user.roleId} />,
    },
    {
      title: t('teamUi.localUsers.status'),
      dataIndex: 'status',
      render: (status: LocalUser['status']) => (
        <Tag color={status === 'active' ? 'success' : 'default'}>{t(`teamUi.localUsers.state.${status}`)}</Tag>
      ),
    },
    {
      title: t('teamUi.localUsers.lastLogin'),
      dataIndex: 'lastLoginTime',
      render: (time: string | null) => (time ? dayjs(time).format('YYYY-MM-DD HH:mm') : '—'),
    },
    {
      title: t('teamUi.members.actions'),
      key: 'actions',
      width: 110,
      render: (_value, user) =>
        editable(user) ? (
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            onClick={() => setEditing(user)}
            data-testid="local-user-edit"
          >
            {t('ui.common.edit')}
          </Button>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];

  if (users.isError) {
    return <LoadFailed onRetry={() => void users.refetch()} />;
  }

  return (
    <Flex vertical gap={16} data-testid="local-users-page">
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {translate(titleKey)}
        </Typography.Title>
        <Flex gap={8}>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            onClick={() => setDeleting(true)}
            data-testid="local-users-delete"
          >
            {selected.length > 0
              ? t('teamUi.localUsers.deleteSelected', { count: selected.length })
              : t('teamUi.localUsers.delete')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={roles.length === 0}
            onClick={() => setEditing('new')}
            data-testid="local-user-create"
          >
            {t('teamUi.localUsers.create')}
          </Button>
        </Flex>
      </Flex>
      <Card>
        <Flex justify="flex-end" style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t('teamUi.localUsers.search')}
            style={{ width: 280 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPageNum(1);
            }}
          />
        </Flex>
        <PagedTable<LocalUser>
          rowKey="id"
          columns={columns}
          page={users}
          pageNum={pageNum}
          onPageChange={setPageNum}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
            getCheckboxProps: (user) => ({ disabled: !deletable(user) }),
            preserveSelectedRowKeys: true,
          }}
          emptyText={keyword ? t('teamUi.members.noMatch') : t('teamUi.localUsers.empty')}
          data-testid="local-users-table"
        />
      </Card>
      {editing !== null && me && (
        <LocalUserDialog user={editing === 'new' ? null : editing} me={me} onClose={() => setEditing(null)} />
      )}
      <LoginPasswordModal
        open={deleting}
        title={t('teamUi.localUsers.deleteTitle', { count: selected.length })}
        description={t('teamUi.localUsers.deleteContent')}
        okText={t('teamUi.localUsers.delete')}
        onSubmit={handleDelete}
        onClose={() => setDeleting(false)}
      />
    </Flex>
  );
}
