import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Flex, List, Pagination, Segmented, Tag, Typography } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import type { TargetBaseline } from '@sightline/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { PhotoThumbnail } from '../../../components/photo-viewer/PhotoThumbnail';
import { projectPaths } from '../../../lib/project-paths';
import { useInspectionPhotos, useTargetBaselines } from '../api';

/** Baseline photos a page of the list shows. */
const PHOTO_PAGE_SIZE = 12;

/** The later inspections of a baseline: each a round, or skipped with its reason (SPEC section 5's photo count). */
function Rounds({ baseline }: { baseline: TargetBaseline }) {
  const { t } = useTranslation();
  if (baseline.rounds.length === 0)
    return <Typography.Text type="secondary">{t('targetUi.baseline.noRounds')}</Typography.Text>;
  return (
    <List
      size="small"
      dataSource={baseline.rounds}
      renderItem={(round) => (
        <List.Item data-testid="baseline-round" data-skipped={round.skipped ?? ''}>
          <Flex gap={8} align="center" wrap>
            <span>{`${round.name} (${round.inspectionDate})`}</span>
            {round.skipped === null ? (
              <Tag color="success">{t('targetUi.baseline.round')}</Tag>
            ) : (
              <Tag color="warning" data-testid="baseline-round-skipped">
                {t('targetUi.baseline.photoCountDiffers', { count: round.photoCount, baseline: baseline.photoCount })}
              </Tag>
            )}
          </Flex>
        </List.Item>
      )}
    />
  );
}

/** A baseline's photos, a page at a time, as thumbnails named by their file, each opening the photo viewer. */
function BaselinePhotos({ inspectionId }: { inspectionId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pageNum, setPageNum] = useState(1);
  const page = useInspectionPhotos(inspectionId, pageNum, PHOTO_PAGE_SIZE);
  if (page.isError) return <LoadFailed onRetry={() => void page.refetch()} />;
  const photos = page.data?.records ?? [];
  return (
    <Flex vertical gap={8}>
      {page.data && photos.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('targetUi.baseline.noPhotos')} />
      ) : (
        <Flex gap={8} wrap data-testid="baseline-photos">
          {photos.map((photo) => (
            <button
              key={photo.id}
              type="button"
              onClick={() => void navigate(projectPaths.inspectionPhoto(inspectionId, photo.id))}
              aria-label={t('targetUi.baseline.openPhoto', { name: photo.name })}
              style={{ all: 'unset', cursor: 'pointer', width: 120 }}
              data-testid="baseline-photo"
            >
              <Flex vertical gap={2}>
                <PhotoThumbnail image={photo} width={120} />
                <Typography.Text ellipsis={{ tooltip: photo.name }} style={{ fontSize: 12 }}>
                  {photo.name}
                </Typography.Text>
              </Flex>
            </button>
          ))}
        </Flex>
      )}
      {(page.data?.total ?? 0) > PHOTO_PAGE_SIZE && (
        <Pagination
          size="small"
          current={pageNum}
          pageSize={PHOTO_PAGE_SIZE}
          total={page.data?.total ?? 0}
          showSizeChanger={false}
          onChange={setPageNum}
        />
      )}
    </Flex>
  );
}

/**
 * The project's baselines (benchmarks, SPEC section 3): the inspections its targets were picked on, one shown at a
 * time with its name, date, description, photo count and photos, a way to the 3D view with its photos' frustums, and
 * its later inspections, rounds or skipped because their photo count differs.
 */
export function BaselineCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const baselines = useTargetBaselines(projectId);
  const [chosenId, setChosenId] = useState<number | null>(null);
  if (baselines.isError) return <LoadFailed onRetry={() => void baselines.refetch()} />;
  const list = baselines.data ?? [];
  const baseline = list.find((candidate) => candidate.inspectionId === chosenId) ?? list[0];
  if (baselines.data && !baseline) return null;
  return (
    <Card
      title={t('targetUi.baseline.title')}
      loading={!baseline}
      data-testid="baseline-card"
      extra={
        baseline && (
          <Button
            icon={<GlobalOutlined />}
            onClick={() => void navigate(projectPaths.viewPhotos(projectId, baseline.inspectionId))}
            data-testid="baseline-view-3d"
          >
            {t('targetUi.baseline.view3d')}
          </Button>
        )
      }
    >
      {baseline && (
        <Flex vertical gap={12}>
          {list.length > 1 && (
            <Segmented
              value={baseline.inspectionId}
              options={list.map((item) => ({ value: item.inspectionId, label: item.name }))}
              onChange={(value) => setChosenId(value)}
              data-testid="baseline-choice"
            />
          )}
          <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="baseline-details">
            <Descriptions.Item label={t('targetUi.baseline.name')}>{baseline.name}</Descriptions.Item>
            <Descriptions.Item label={t('targetUi.baseline.date')}>{baseline.inspectionDate}</Descriptions.Item>
            <Descriptions.Item label={t('targetUi.baseline.photoCount')}>{baseline.photoCount}</Descriptions.Item>
            <Descriptions.Item label={t('targetUi.baseline.description')} span={3}>
              {baseline.description || '—'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text strong>{t('targetUi.baseline.rounds')}</Typography.Text>
          <Rounds baseline={baseline} />
          <Typography.Text strong>{t('targetUi.baseline.photos')}</Typography.Text>
          <BaselinePhotos key={baseline.inspectionId} inspectionId={baseline.inspectionId} />
        </Flex>
      )}
    </Card>
  );
}
