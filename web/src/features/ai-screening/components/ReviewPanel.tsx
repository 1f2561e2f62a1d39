import { useState } from 'react';
import {
  App as AntdApp,
  Badge,
  Button,
  Empty,
  Flex,
  Space,
  Table,
  Tabs,
  Tag,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { CheckOutlined, EditOutlined, EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AI_REVIEW_TABS, type AiImage, type AiReviewTab, type DefectType } from '@sightline/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { PAGE_SIZE, usePagination } from '../../../components/PagedTable';
import { projectPaths } from '../../../lib/project-paths';
import { useReviewActions, useReviewPage } from '../api';
import { AiStateTag } from './AiStateTag';
import { ResultDrawer } from './ResultDrawer';

/** A photo the AI has screened (damage or none found) can be reviewed. */
const reviewable = (image: AiImage) => image.aiState === 'damage' || image.aiState === 'clean';

/**
 * The review of a screening (SPEC section 2): the tabs with their counts, a page of the tab's photos; review one,
 * the selection or all (confirmed with how many), revoke a review; a photo's AI result and the image editor where
 * its AI defects are edited or deleted. `canReview` false (a viewer): no actions; `locked` while a run holds the
 * inspection (the server refuses reviews then).
 */
export function ReviewPanel({
  inspectionId,
  types,
  canReview,
  locked,
}: {
  inspectionId: number;
  types: readonly DefectType[];
  canReview: boolean;
  locked: boolean;
}) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const navigate = useNavigate();
  const [tab, setTab] = useState<AiReviewTab>('all');
  const [pageNum, setPageNum] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [viewing, setViewing] = useState<number | null>(null);
  const page = useReviewPage(inspectionId, tab, pageNum, PAGE_SIZE);
  const pagination = usePagination({ page, pageNum, onPageChange: setPageNum });
  const { review, revoke, reviewAll } = useReviewActions(inspectionId);
  const counts = page.data?.counts;

  const openEditor = (imageId: number) => void navigate(`${projectPaths.inspectionPhoto(inspectionId, imageId)}/edit`);
  const doReview = async (ids: number[]) => {
    const { num } = await review.mutateAsync(ids);
    setSelected([]);
    void message.success(t('aiUi.reviewedMessage', { num }));
  };
  const doRevoke = async (ids: number[]) => {
    const { num } = await revoke.mutateAsync(ids);
    void message.success(t('aiUi.revokedMessage', { num }));
  };
  const confirmAll = () =>
    modal.confirm({
      title: t('aiUi.reviewAll'),
      content: t('aiUi.reviewAllConfirm', { num: counts?.toReview ?? 0 }),
      okText: t('aiUi.reviewAll'),
      okButtonProps: { 'data-testid': 'ai-confirm-ok' },
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        const { num } = await reviewAll.mutateAsync();
        setSelected([]);
        void message.success(t('aiUi.reviewedMessage', { num }));
      },
    });

  const columns: TableColumnsType<AiImage> = [
    { title: t('aiUi.column.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('aiUi.column.aiState'),
      key: 'aiState',
      render: (_value, image) => <AiStateTag state={image.aiState} />,
    },
    {
      title: t('aiUi.column.review'),
      key: 'review',
      render: (_value, image) =>
        image.reviewed ? (
          <Tag color="success" data-testid="ai-reviewed">
            {t('aiUi.reviewedTag')}
          </Tag>
        ) : reviewable(image) ? (
          <Tag>{t('aiUi.toReviewTag')}</Tag>
        ) : (
          '—'
        ),
    },
    { title: t('aiUi.column.aiDefects'), dataIndex: 'aiDefectCount', align: 'right' },
    { title: t('aiUi.column.defects'), dataIndex: 'defectCount', align: 'right' },
    {
      title: t('aiUi.column.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_value, image) => (
        <Flex gap={2}>
          <Tooltip title={t('aiUi.result')}>
            <Button
              type="text"
              size="small"
              icon={<EyeOutlined />}
              aria-label={t('aiUi.result')}
              onClick={() => setViewing(image.id)}
              data-testid="ai-row-result"
            />
          </Tooltip>
          {canReview && (
            <>
              <Tooltip title={t('aiUi.openEditor')}>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('aiUi.openEditor')}
                  disabled={locked}
                  onClick={() => openEditor(image.id)}
                  data-testid="ai-row-edit"
                />
              </Tooltip>
              {image.reviewed ? (
                <Tooltip title={t('aiUi.revoke')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<RollbackOutlined />}
                    aria-label={t('aiUi.revoke')}
                    disabled={locked}
                    onClick={() => void doRevoke([image.id])}
                    data-testid="ai-row-revoke"
                  />
                </Tooltip>
              ) : (
                reviewable(image) && (
                  <Tooltip title={t('aiUi.review')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<CheckOutlined />}
                      aria-label={t('aiUi.review')}
                      disabled={locked}
                      onClick={() => void doReview([image.id])}
                      data-testid="ai-row-review"
                    />
                  </Tooltip>
                )
              )}
            </>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={8} data-testid="ai-review">
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as AiReviewTab);
          setPageNum(1);
          setSelected([]);
        }}
        items={AI_REVIEW_TABS.map((key) => ({
          key,
          label: (
            <Space size={6} data-testid="ai-tab" data-tab={key} data-count={counts?.[key] ?? ''}>
              {t(`aiUi.tabs.${key}`)}
              <Badge count={counts?.[key] ?? 0} showZero overflowCount={9999} color="gray" />
            </Space>
          ),
        }))}
      />
      {canReview && (
        <Space wrap>
          <Button
            icon={<CheckOutlined />}
            disabled={locked || selected.length === 0}
            loading={review.isPending}
            onClick={() => void doReview(selected)}
            data-testid="ai-review-selected"
          >
            {t('aiUi.reviewSelected', { count: selected.length })}
          </Button>
          <Button
            type="primary"
            disabled={locked || !counts?.toReview}
            onClick={confirmAll}
            data-testid="ai-review-all"
          >
            {t('aiUi.reviewAll')}
          </Button>
        </Space>
      )}
      {page.isError && !page.data ? (
        <LoadFailed onRetry={() => void page.refetch()} />
      ) : (
        <Table<AiImage>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={page.data?.records ?? []}
          loading={page.isFetching && !page.data}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          rowSelection={
            canReview
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  getCheckboxProps: (image) => ({ disabled: !reviewable(image) || image.reviewed }),
                }
              : undefined
          }
          onRow={(image) =>
            ({
              'data-testid': 'ai-row',
              'data-image-id': image.id,
              'data-name': image.name,
              'data-defects': image.defectCount,
            }) as object
          }
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={tab === 'all' ? t('aiUi.empty') : t('aiUi.emptyTab')}
                data-testid="ai-empty"
              />
            ),
          }}
        />
      )}
      {viewing !== null && (
        <ResultDrawer
          inspectionId={inspectionId}
          imageId={viewing}
          types={types}
          canReview={canReview && !locked}
          onOpenEditor={() => openEditor(viewing)}
          onClose={() => setViewing(null)}
        />
      )}
    </Flex>
  );
}
