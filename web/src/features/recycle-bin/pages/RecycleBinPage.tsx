import { useState } from 'react';
import {
  App as AntdApp,
  Button,
  Card,
  Flex,
  Input,
  Select,
  Statistic,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { ClearOutlined, DeleteOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { RecycleItem } from '@sightline/shared';
import type { MenuPageProps } from '../../../session/menu-routes';
import { usePermission } from '../../../session/permissions';
import { LoadFailed } from '../../../components/LoadFailed';
import { PAGE_SIZE, PagedTable } from '../../../components/PagedTable';
import { translate } from '../../../i18n';
import { formatBytes } from '../../../lib/sizes';
import { LoginPasswordModal } from '../../../components/LoginPasswordModal';
import { useDeleteItems, useEmptyBin, useRecyclePage, useRecycleTotal, useRestoreItems } from '../api';
import { KNOWN_KINDS, kindKey } from '../item-kind';

type PasswordAction = { kind: 'delete'; ids: number[] } | { kind: 'empty' } | null;

/** The team's recycle bin: restore, permanent delete and empty (both with the login password), total size. */
export default function RecycleBinPage({ titleKey }: MenuPageProps) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [kind, setKind] = useState<string | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [passwordAction, setPasswordAction] = useState<PasswordAction>(null);
  const canManage = usePermission('recycle:manage');
  const items = useRecyclePage({ pageNum, pageSize: PAGE_SIZE, kind, keyword });
  const total = useRecycleTotal();
  const restore = useRestoreItems();
  const remove = useDeleteItems();
  const empty = useEmptyBin();

  const kindLabel = (value: string) => {
    const key = kindKey(value);
    return key ? t(`teamUi.recycle.kind.${key}`) : value;
  };

  const handleRestore = async (ids: number[]) => {
    try {
      const result = await restore.mutateAsync(ids);
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      void message.success(t('teamUi.recycle.restored', { count: result.count }));
    } catch {
      // The client showed why.
    }
  };

  const handlePassword = async (password: string) => {
    if (!passwordAction) return;
    if (passwordAction.kind === 'delete') {
      const result = await remove.mutateAsync({ ids: passwordAction.ids, password });
      setSelected((current) => current.filter((id) => !passwordAction.ids.includes(id)));
      void message.success(t('teamUi.recycle.deleted', { count: result.count, size: formatBytes(result.freedBytes) }));
    } else {
      const result = await empty.mutateAsync(password);
      setSelected([]);
      void message.success(t('teamUi.recycle.emptied', { count: result.count, size: formatBytes(result.freedBytes) }));
    }
    setPageNum(1);
  };

  const columns: TableColumnsType<RecycleItem> = [
    {
      title: t('teamUi.recycle.kindLabel'),
      dataIndex: 'kind',
      width: 120,
      render: (value: string) => <Tag color="blue">{kindLabel(value)}</Tag>,
    },
    {
      title: t('teamUi.recycle.name'),
      dataIndex: 'name',
      render: (name: string) => (
        <Typography.Text strong data-testid="recycle-item-name">
          {name}
        </Typography.Text>
      ),
    },
    {
      title: t('teamUi.recycle.size'),
      dataIndex: 'sizeBytes',
      width: 120,
      render: (size: number) => formatBytes(size),
    },
    {
      title: t('teamUi.recycle.deletedBy'),
      dataIndex: 'deletedBy',
      width: 160,
      render: (by: RecycleItem['deletedBy']) => by.name,
    },
    {
      title: t('teamUi.recycle.deletedAt'),
      dataIndex: 'deletedAt',
      width: 170,
      render: (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm'),
    },
    ...(canManage
      ? [
          {
            title: t('teamUi.members.actions'),
            key: 'actions',
            width: 220,
            render: (_value: unknown, item: RecycleItem) => (
              <Flex>
                <Button
                  size="small"
                  type="link"
                  icon={<RollbackOutlined />}
                  loading={restore.isPending && (restore.variables?.includes(item.id) ?? false)}
                  onClick={() => void handleRestore([item.id])}
                  data-testid="recycle-restore"
                >
                  {t('teamUi.recycle.restore')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => setPasswordAction({ kind: 'delete', ids: [item.id] })}
                  data-testid="recycle-delete"
                >
                  {t('teamUi.recycle.deleteForever')}
                </Button>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  if (items.isError) {
    return <LoadFailed onRetry={() => void items.refetch()} />;
  }

  const passwordCount = passwordAction?.kind === 'delete' ? passwordAction.ids.length : (total.data?.count ?? 0);

  return (
    <Flex vertical gap={16} data-testid="recycle-bin-page">
      <Flex align="center" justify="space-between" wrap gap={12}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {translate(titleKey)}
          </Typography.Title>
          <Typography.Text type="secondary">{t('teamUi.recycle.description')}</Typography.Text>
        </div>
        <Flex gap={32} align="center">
          <Statistic
            title={t('teamUi.recycle.count')}
            value={total.data?.count ?? 0}
            loading={total.isPending}
            data-testid="recycle-count"
          />
          <Statistic
            title={t('teamUi.recycle.totalSize')}
            value={formatBytes(total.data?.totalBytes ?? 0)}
            loading={total.isPending}
            data-testid="recycle-total-size"
          />
        </Flex>
      </Flex>
      <Card>
        <Flex align="center" justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
          <Flex gap={8} wrap>
            {canManage && (
              <>
                <Button
                  icon={<RollbackOutlined />}
                  disabled={selected.length === 0}
                  loading={restore.isPending && selected.length > 1}
                  onClick={() => void handleRestore(selected)}
                  data-testid="recycle-restore-selected"
                >
                  {t('teamUi.recycle.restoreSelected', { count: selected.length })}
                </Button>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  disabled={selected.length === 0}
                  onClick={() => setPasswordAction({ kind: 'delete', ids: selected })}
                  data-testid="recycle-delete-selected"
                >
                  {t('teamUi.recycle.deleteSelected', { count: selected.length })}
                </Button>
                <Button
                  danger
                  type="primary"
                  icon={<ClearOutlined />}
                  disabled={(total.data?.count ?? 0) === 0}
                  onClick={() => setPasswordAction({ kind: 'empty' })}
                  data-testid="recycle-empty"
                >
                  {t('teamUi.recycle.empty')}
                </Button>
              </>
            )}
          </Flex>
          <Flex gap={8} wrap>
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t('teamUi.recycle.allKinds')}
              value={kind}
              onChange={(value?: string) => {
                setKind(value);
                setPageNum(1);
              }}
              options={KNOWN_KINDS.map((value) => ({ value, label: t(`teamUi.recycle.kind.${value}`) }))}
            />
            <Input.Search
              allowClear
              placeholder={t('teamUi.recycle.search')}
              style={{ width: 240 }}
              onSearch={(value) => {
                setKeyword(value.trim());
                setPageNum(1);
              }}
            />
          </Flex>
        </Flex>
        <PagedTable<RecycleItem>
          rowKey="id"
          columns={columns}
          page={items}
          pageNum={pageNum}
          onPageChange={setPageNum}
          rowSelection={
            canManage
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  preserveSelectedRowKeys: true,
                }
              : undefined
          }
          emptyText={keyword || kind ? t('teamUi.members.noMatch') : t('teamUi.recycle.emptyState')}
          data-testid="recycle-table"
        />
      </Card>
      <LoginPasswordModal
        open={passwordAction !== null}
        title={
          passwordAction?.kind === 'empty'
            ? t('teamUi.recycle.emptyTitle')
            : t('teamUi.recycle.deleteTitle', { count: passwordCount })
        }
        description={
          passwordAction?.kind === 'empty'
            ? t('teamUi.recycle.emptyContent', { count: passwordCount })
            : t('teamUi.recycle.deleteContent')
        }
        okText={passwordAction?.kind === 'empty' ? t('teamUi.recycle.empty') : t('teamUi.recycle.deleteForever')}
        onSubmit={handlePassword}
        onClose={() => setPasswordAction(null)}
      />
    </Flex>
  );
}
