import { useEffect } from 'react';
import { Alert, Descriptions, Drawer, Flex, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useNotice, useReadNotice } from '../api';
import { useNoticeText } from '../hooks/useNoticeText';

/** One notice in full; opening an unread one marks it read. */
export function NoticeDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const notice = useNotice(id);
  const read = useReadNotice();
  const textOf = useNoticeText();
  const { mutate } = read;
  const unreadId = notice.data && !notice.data.read ? notice.data.id : null;

  useEffect(() => {
    if (unreadId !== null) mutate(unreadId);
  }, [unreadId, mutate]);

  let body;
  if (notice.isPending) {
    body = (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin />
      </Flex>
    );
  } else if (notice.isError) {
    body = <Alert type="error" showIcon title={t('teamUi.notice.notFound')} />;
  } else {
    const text = textOf(notice.data);
    body = (
      <Flex vertical gap={16} data-testid="notice-detail">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {text.title}
        </Typography.Title>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('teamUi.notice.typeLabel')}>
            <Tag>{t(`teamUi.notice.type.${notice.data.type}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('teamUi.notice.time')}>
            {dayjs(notice.data.createdAt).format('YYYY-MM-DD HH:mm:ss')}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{text.content}</Typography.Paragraph>
      </Flex>
    );
  }

  return (
    <Drawer open={id !== null} onClose={onClose} size={480} title={t('teamUi.notice.detail')} destroyOnHidden>
      {body}
    </Drawer>
  );
}
