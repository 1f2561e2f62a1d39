import { useState } from 'react';
import { App as AntdApp, Card, Flex, Segmented, Select, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { FEEDBACK_TYPES, type FeedbackItem, type FeedbackType } from '@sightline/shared';
import type { MenuPageProps } from '../../../session/menu-routes';
import { LoadFailed } from '../../../components/LoadFailed';
import { PAGE_SIZE, PagedTable } from '../../../components/PagedTable';
import { translate } from '../../../i18n';
import { useFeedbackPage, useSetFeedbackHandled } from '../api';

const TYPE_COLORS: Record<FeedbackType, string> = { suggestion: 'blue', bug: 'red' };
type HandledFilter = 'unhandled' | 'handled' | 'all';
const HANDLED_QUERY = { unhandled: 'false', handled: 'true', all: undefined } as const;

/** Corporate management's inbox of what users send through Feedback, to mark handled once dealt with. */
export default function FeedbackInboxPage({ titleKey }: MenuPageProps) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [type, setType] = useState<FeedbackType | undefined>(undefined);
  // What still needs an answer comes first; handled feedback is one click away.
  const [handledFilter, setHandledFilter] = useState<HandledFilter>('unhandled');
  const handled = HANDLED_QUERY[handledFilter];
  const feedback = useFeedbackPage({
    pageNum,
    pageSize: PAGE_SIZE,
    ...(type ? { type } : {}),
    ...(handled ? { handled } : {}),
  });
  const setHandled = useSetFeedbackHandled();

  const handleToggle = async (id: number, checked: boolean) => {
    try {
      await setHandled.mutateAsync({ id, handled: checked });
      // Under a handled filter the row leaves the list: say where it went.
      void message.success(
        t(checked ? 'teamUi.feedback.inbox.markedHandled' : 'teamUi.feedback.inbox.markedUnhandled'),
      );
    } catch {
      // The client showed why.
    }
  };

  const columns: TableColumnsType<FeedbackItem> = [
    {
      title: t('teamUi.feedback.type'),
      dataIndex: 'type',
      width: 130,
      render: (value: FeedbackType) => <Tag color={TYPE_COLORS[value]}>{t(`teamUi.feedback.types.${value}`)}</Tag>,
    },
    {
      title: t('teamUi.feedback.inbox.content'),
      dataIndex: 'content',
      render: (_value, item) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Paragraph
            ellipsis={{ rows: 2, expandable: 'collapsible' }}
            style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}
            data-testid="feedback-inbox-content"
          >
            {item.content}
          </Typography.Paragraph>
          {item.contact && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('teamUi.feedback.inbox.contact', { contact: item.contact })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('teamUi.feedback.inbox.sender'),
      dataIndex: 'sender',
      width: 220,
      render: (_value, item) => (
        <Flex vertical>
          <span>{item.sender.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[item.sender.account, item.sender.phone].filter(Boolean).join(' · ')}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {item.team?.name ?? t('teamUi.feedback.inbox.noTeam')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('teamUi.feedback.inbox.time'),
      dataIndex: 'createdAt',
      width: 170,
      render: (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('teamUi.feedback.inbox.handled'),
      dataIndex: 'handled',
      width: 170,
      render: (_value, item) => (
        <Flex vertical align="start" gap={4}>
          <Switch
            size="small"
            checked={item.handled}
            loading={setHandled.isPending && setHandled.variables?.id === item.id}
            aria-label={t('teamUi.feedback.inbox.handled')}
            onChange={(checked) => void handleToggle(item.id, checked)}
            data-testid="feedback-handled"
          />
          {item.handledAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[item.handledBy?.name, dayjs(item.handledAt).format('YYYY-MM-DD HH:mm')].filter(Boolean).join(' · ')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
  ];

  if (feedback.isError) {
    return <LoadFailed onRetry={() => void feedback.refetch()} />;
  }

  const emptyText = type
    ? t('teamUi.members.noMatch')
    : {
        unhandled: t('teamUi.feedback.inbox.noUnhandled'),
        handled: t('teamUi.members.noMatch'),
        all: t('teamUi.feedback.inbox.empty'),
      }[handledFilter];

  return (
    <Flex vertical gap={16} data-testid="feedback-inbox-page">
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {translate(titleKey)}
        </Typography.Title>
        <Typography.Text type="secondary">{t('teamUi.feedback.inbox.description')}</Typography.Text>
      </div>
      <Card>
        <Flex align="center" justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
          <Segmented<HandledFilter>
            value={handledFilter}
            onChange={(value) => {
              setHandledFilter(value);
              setPageNum(1);
            }}
            options={[
              { value: 'unhandled', label: t('teamUi.feedback.inbox.filterUnhandled') },
              { value: 'handled', label: t('teamUi.feedback.inbox.filterHandled') },
              { value: 'all', label: t('teamUi.feedback.inbox.filterAll') },
            ]}
            data-testid="feedback-handled-filter"
          />
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('teamUi.feedback.inbox.allTypes')}
            value={type}
            onChange={(value?: FeedbackType) => {
              setType(value);
              setPageNum(1);
            }}
            options={FEEDBACK_TYPES.map((value) => ({ value, label: t(`teamUi.feedback.types.${value}`) }))}
            data-testid="feedback-type-filter"
          />
        </Flex>
        <PagedTable<FeedbackItem>
          rowKey="id"
          columns={columns}
          page={feedback}
          pageNum={pageNum}
          onPageChange={setPageNum}
          emptyText={emptyText}
          data-testid="feedback-inbox-table"
        />
      </Card>
    </Flex>
  );
}
