import { useCallback, useState } from 'react';
import { Badge, Button, Empty, Flex, Popover, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import type { Notice } from '@sightline/shared';
import { useNoticeTipCard, useNoticeTypeStatus } from '../api';
import { useNoticeLive } from '../hooks/useNoticeLive';
import { useNoticeText } from '../hooks/useNoticeText';
import { unreadTotal } from '../notice-text';

function TipItem({ notice, onOpen }: { notice: Notice; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const text = useNoticeText()(notice);
  return (
    <button
      type="button"
      onClick={() => onOpen(notice.id)}
      style={{
        all: 'unset',
        cursor: 'pointer',
        display: 'block',
        padding: '10px 12px',
        borderRadius: token.borderRadius,
        background: token.colorFillQuaternary,
      }}
      data-testid="notice-tip-item"
    >
      <Flex justify="space-between" gap={8}>
        <Typography.Text strong ellipsis style={{ maxWidth: 220 }}>
          {text.title}
        </Typography.Text>
        <Tag style={{ marginInlineEnd: 0 }}>{t(`teamUi.notice.type.${notice.type}`)}</Tag>
      </Flex>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0', fontSize: 12 }}>
        {text.content}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {dayjs(notice.createdAt).format('YYYY-MM-DD HH:mm')}
      </Typography.Text>
    </button>
  );
}

/**
 * The header's bell: the unread total, a card of the latest unread notices, and live updates from
 * the event stream. `noticePath` is the notice page of the menu, when the user has one.
 */
export function NoticeBell({ noticePath }: { noticePath: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const status = useNoticeTypeStatus();
  const tips = useNoticeTipCard(open);
  const total = unreadTotal(status.data);

  const handleOpen = useCallback(
    (id: number) => {
      setOpen(false);
      if (noticePath) void navigate(`${noticePath}?id=${id}`);
    },
    [navigate, noticePath],
  );
  useNoticeLive(handleOpen);

  const content = (
    <Flex vertical gap={8} style={{ width: 340 }} data-testid="notice-tip-card">
      {tips.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : (tips.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('teamUi.notice.noUnread')} />
      ) : (
        (tips.data ?? []).map((notice) => <TipItem key={notice.id} notice={notice} onOpen={handleOpen} />)
      )}
      {noticePath && (
        <Button
          type="link"
          block
          onClick={() => {
            setOpen(false);
            void navigate(noticePath);
          }}
        >
          {t('teamUi.notice.viewAll')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title={t('teamUi.notice.unreadTitle', { count: total })}
      content={content}
    >
      <Tooltip title={open ? '' : t('ui.header.notifications')}>
        <Button type="text" aria-label={t('ui.header.notifications')} data-testid="notice-bell">
          <Badge count={total} size="small" overflowCount={99} data-testid="notice-badge">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Tooltip>
    </Popover>
  );
}
