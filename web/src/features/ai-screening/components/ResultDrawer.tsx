import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Flex, List, Skeleton, Space, Tag, Typography } from 'antd';
import { EditOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DefectType } from '@sightline/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { translate } from '../../../i18n';
import { SIZE_DIMENSIONS, formatSize } from '../../../lib/defect-sizes';
import { defectTypeLabel } from '../../../lib/defect-type-label';
import { useAiImage, useFeedbacks } from '../api';
import { detectorIds, detectorLabel } from '../detector';
import { AiStateTag } from './AiStateTag';
import { FeedbackDialog } from './FeedbackDialog';

const SIZE_UNITS = { lengthM: 'm', widthMm: 'mm', areaM2: 'm²' } as const;

/**
 * A screened photo's AI result: its state and the AI defects on it with their sizes; a reviewer opens the photo in
 * the image editor to edit or delete them, or reports one recognised wrongly.
 */
export function ResultDrawer({
  inspectionId,
  imageId,
  types,
  canReview,
  onOpenEditor,
  onClose,
}: {
  inspectionId: number;
  imageId: number;
  types: readonly DefectType[];
  canReview: boolean;
  onOpenEditor: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const info = useAiImage(imageId);
  const feedbacks = useFeedbacks(inspectionId);
  const given = (feedbacks.data ?? []).filter((feedback) => feedback.imageId === imageId);
  const [reporting, setReporting] = useState<{ id: number; typeId: number } | null>(null);
  const typeOf = new Map(types.map((type) => [type.id, type]));
  const typeName = (typeId: number) => {
    const type = typeOf.get(typeId);
    return type ? defectTypeLabel(type) : '—';
  };

  return (
    <Drawer
      open
      width={520}
      title={t('aiUi.resultDrawer.title', { name: info.data?.name ?? '' })}
      onClose={onClose}
      data-testid="ai-result"
      extra={
        canReview && (
          <Button icon={<EditOutlined />} onClick={onOpenEditor} data-testid="ai-result-edit">
            {t('aiUi.openEditor')}
          </Button>
        )
      }
    >
      {info.isPending ? (
        <Skeleton active />
      ) : info.isError ? (
        <LoadFailed onRetry={() => void info.refetch()} />
      ) : (
        <Flex vertical gap={12}>
          <Space>
            <AiStateTag state={info.data.aiState} />
            {info.data.reviewed && <Tag color="success">{t('aiUi.reviewedTag')}</Tag>}
          </Space>
          {info.data.errorKey && (
            <Alert
              type={info.data.aiState === 'abnormal' ? 'error' : 'info'}
              showIcon
              title={translate(`errors.${info.data.errorKey}`)}
            />
          )}
          {info.data.defects.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                // The AI's verdict stays "damage" when review deleted what it found: say so, not "found none".
                info.data.aiState === 'damage' ? t('aiUi.resultDrawer.allDeleted') : t('aiUi.resultDrawer.noDefects')
              }
            />
          ) : (
            <List
              size="small"
              bordered
              dataSource={info.data.defects}
              renderItem={(defect) => {
                return (
                  <List.Item
                    data-testid="ai-result-defect"
                    data-defect-id={defect.id}
                    actions={
                      canReview
                        ? [
                            <Button
                              key="feedback"
                              size="small"
                              icon={<ExclamationCircleOutlined />}
                              onClick={() => setReporting({ id: defect.id, typeId: defect.typeId })}
                              data-testid="ai-result-feedback"
                            >
                              {t('aiUi.resultDrawer.feedback')}
                            </Button>,
                          ]
                        : []
                    }
                  >
                    <Flex vertical gap={2}>
                      <Typography.Text strong>{typeName(defect.typeId)}</Typography.Text>
                      <Typography.Text type="secondary">
                        {SIZE_DIMENSIONS.filter((dimension) => defect.size[dimension] !== null)
                          .map(
                            (dimension) => `${formatSize(defect.size[dimension], dimension)} ${SIZE_UNITS[dimension]}`,
                          )
                          .join(' · ') || '—'}
                      </Typography.Text>
                      <Typography.Text
                        type="secondary"
                        data-testid="ai-result-detector"
                        data-model={detectorIds([defect.detector])}
                      >
                        {t('aiUi.foundBy', { names: detectorLabel(t, defect.detector) })}
                      </Typography.Text>
                    </Flex>
                  </List.Item>
                );
              }}
            />
          )}
          {given.length > 0 && (
            <List
              size="small"
              header={t('aiUi.feedback.list', { count: given.length })}
              dataSource={given}
              renderItem={(feedback) => (
                <List.Item data-testid="ai-result-feedback-entry" data-defect-id={feedback.defectId}>
                  <Flex vertical gap={2}>
                    <Typography.Text>
                      {t('aiUi.feedback.aiType')}: {typeName(feedback.aiTypeId)} → {t('aiUi.feedback.correction')}:{' '}
                      {feedback.correctTypeId === null
                        ? t('aiUi.feedback.notDamageShort')
                        : typeName(feedback.correctTypeId)}
                    </Typography.Text>
                    {feedback.content && <Typography.Text type="secondary">{feedback.content}</Typography.Text>}
                    <Typography.Text type="secondary">
                      {feedback.createdByName ?? '—'} · {dayjs(feedback.createdAt).format('YYYY-MM-DD HH:mm')}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          )}
        </Flex>
      )}
      {reporting && <FeedbackDialog defect={reporting} types={types} onClose={() => setReporting(null)} />}
    </Drawer>
  );
}
