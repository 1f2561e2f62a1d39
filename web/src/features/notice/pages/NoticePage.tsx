import { useState } from 'react';
import {
  App as AntdApp,
  Badge,
  Button,
  Card,
  Flex,
  Segmented,
  Tabs,
  Typography,
  theme,
  type TableColumnsType,
} from 'antd';
import { CheckOutlined, DeleteOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { NOTICE_TYPES, type Notice, type NoticeType } from '@sightline/shared';
import type { MenuPageProps } from '../../../session/menu-routes';
import { usePermission } from '../../../session/permissions';
import { LoadFailed } from '../../../components/LoadFailed';
import { PAGE_SIZE, PagedTable } from '../../../components/PagedTable';
import { translate } from '../../../i18n';
import { useDeleteNoticeType, useNoticePage, useNoticeTypeStatus, useReadNoticeType } from '../api';
import { NoticeDetailDrawer } from '../components/NoticeDetailDrawer';
import { SendNoticeDialog } from '../components/SendNoticeDialog';
import { useNoticeText } from '../hooks/useNoticeText';

type ReadFilter = 'all' | 'unread';

/** Notices by type with unread counts: read one, read or delete a type, detail, and sending for senders. */
export default function NoticePage({ titleKey }: MenuPageProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message, modal } = AntdApp.useApp();
  const [params, setParams] = useSearchParams();
  const [chosenType, setType] = useState<NoticeType | null>(null);
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [pageNum, setPageNum] = useState(1);
  const [sending, setSending] = useState(false);
  const canSend = usePermission('notice:send');
  const status = useNoticeTypeStatus();
  // The page opens on the first type with unread notices, then stays where the user puts it.
  const firstUnread = status.data ? (status.data.find((entry) => entry.unread > 0)?.type ?? 'system') : null;
  if (chosenType === null && firstUnread !== null) setType(firstUnread);
  const type: NoticeType = chosenType ?? firstUnread ?? 'system';
  const notices = useNoticePage({
    pageNum,
    pageSize: PAGE_SIZE,
    type,
    ...(filter === 'unread' ? { read: 'false' as const } : {}),
  });
  const readType = useReadNoticeType();
  const deleteType = useDeleteNoticeType();
  const textOf = useNoticeText();
  const unreadOf = (value: NoticeType) => status.data?.find((entry) => entry.type === value)?.unread ?? 0;
  const openId = Number(params.get('id')) || null;

  const openNotice = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('id');
    else next.set('id', String(id));
    setParams(next, { replace: true });
  };

  const handleReadAll = async () => {
    try {
      const result = await readType.mutateAsync(type);
      void message.success(t('teamUi.notice.readAllDone', { count: result.count }));
    } catch {
      // The client showed why.
    }
  };

  const handleDeleteType = () => {
    const typeName = t(`teamUi.notice.type.${type}`);
    modal.confirm({
      title: t('teamUi.notice.deleteTypeTitle', { type: typeName }),
      content: t('teamUi.notice.deleteTypeContent'),
      okText: t('teamUi.notice.deleteType'),
      okButtonProps: { danger: true },
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        try {
          const result = await deleteType.mutateAsync(type);
          setPageNum(1);
          void message.success(t('teamUi.notice.deleteTypeDone', { count: result.count }));
        } catch {
          // The client showed why.
        }
      },
    });
  };

  const columns: TableColumnsType<Notice> = [
    {
      title: t('teamUi.notice.titleLabel'),
      dataIndex: 'title',
      render: (_value, notice) => {
        const text = textOf(notice);
        return (
          <Flex vertical style={{ minWidth: 0 }}>
            <Flex align="center" gap={8}>
              {!notice.read && <Badge status="processing" data-testid="notice-unread-dot" />}
              <Typography.Text strong={!notice.read} ellipsis>
                {text.title}
              </Typography.Text>
            </Flex>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
              {text.content}
            </Typography.Text>
          </Flex>
        );
      },
    },
    {
      title: t('teamUi.notice.time'),
      dataIndex: 'createdAt',
      width: 170,
      render: (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('teamUi.notice.state'),
      dataIndex: 'read',
      width: 100,
      render: (read: boolean) => (
        <Typography.Text type={read ? 'secondary' : undefined} style={read ? undefined : { color: token.colorPrimary }}>
          {read ? t('teamUi.notice.read') : t('teamUi.notice.unread')}
        </Typography.Text>
      ),
    },
  ];

  if (notices.isError) {
    return <LoadFailed onRetry={() => void notices.refetch()} />;
  }

  const hasAny = (notices.data?.total ?? 0) > 0;

  return (
    <Flex vertical gap={16} data-testid="notice-page">
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {translate(titleKey)}
        </Typography.Title>
        {canSend && (
          <Button
            type="primary"
            icon={<SendOutlined />}
            onClick={() => setSending(true)}
            data-testid="notice-send-open"
          >
            {t('teamUi.notice.sendTitle')}
          </Button>
        )}
      </Flex>
      <Card>
        <Tabs
          activeKey={type}
          onChange={(key) => {
            setType(key as NoticeType);
            setPageNum(1);
          }}
          items={NOTICE_TYPES.map((value) => ({
            key: value,
            label: (
              <Flex align="center" gap={6} data-testid={`notice-tab-${value}`}>
                {t(`teamUi.notice.type.${value}`)}
                <Badge count={unreadOf(value)} size="small" overflowCount={99} />
              </Flex>
            ),
          }))}
        />
        <Flex align="center" justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
          <Segmented<ReadFilter>
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPageNum(1);
            }}
            options={[
              { value: 'all', label: t('teamUi.notice.filterAll') },
              { value: 'unread', label: t('teamUi.notice.filterUnread') },
            ]}
          />
          <Flex gap={8}>
            <Button
              icon={<CheckOutlined />}
              disabled={unreadOf(type) === 0}
              loading={readType.isPending}
              onClick={() => void handleReadAll()}
              data-testid="notice-read-all"
            >
              {t('teamUi.notice.readAll')}
            </Button>
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={!hasAny && filter === 'all'}
              onClick={handleDeleteType}
              data-testid="notice-delete-type"
            >
              {t('teamUi.notice.deleteType')}
            </Button>
          </Flex>
        </Flex>
        <PagedTable<Notice>
          rowKey="id"
          columns={columns}
          page={notices}
          pageNum={pageNum}
          onPageChange={setPageNum}
          onRow={(notice) => ({ onClick: () => openNotice(notice.id), style: { cursor: 'pointer' } })}
          emptyText={filter === 'unread' ? t('teamUi.notice.noUnread') : t('teamUi.notice.empty')}
          data-testid="notice-table"
        />
      </Card>
      <NoticeDetailDrawer id={openId} onClose={() => openNotice(null)} />
      {sending && <SendNoticeDialog onClose={() => setSending(false)} />}
    </Flex>
  );
}
