import { useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  App as AntdApp,
  Badge,
  Button,
  Card,
  Empty,
  Flex,
  Progress,
  Select,
  Space,
  Spin,
  Tabs,
  Typography,
} from 'antd';
import { CloudUploadOutlined, DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  IMAGE_CATEGORIES,
  INSPECTION_IMAGE_STATES,
  type ImageCategory,
  type ImageGroup,
  type InspectionImage,
  type InspectionImageState,
} from '@sightline/shared';
import { usePermission } from '../../../session/permissions';
import {
  useDeleteImages,
  useImagesWithoutPose,
  useInspectionImageLink,
  useInspectionImages,
  useInspectionImagesLive,
  type PhotoFilters,
} from '../api';
import { usePhotoUpload } from '../hooks/usePhotoUpload';
import { inspectionPaths } from '../inspection-paths';
import { EMPTY_SELECTION, keepListed, selectAll, toggleSelection, type PhotoSelection } from '../photo-selection';
import { PhotoGrid } from './PhotoGrid';
import { PhotoUploadDialog } from './PhotoUploadDialog';
import { UploadRecordsTable } from './UploadRecordsTable';
import { WithoutPoseTable } from './WithoutPoseTable';

type PhotosTab = 'all' | 'withoutPose' | 'records';

/** The grid's height: most of a screen, so thousands of photos scroll inside the card, not the page. */
const GRID_HEIGHT = 'min(70vh, 760px)';

/** What the "adjust pose" slot is given: the photos selected in the grid and a way to clear the selection. */
export interface SelectedPhotos {
  ids: readonly number[];
  images: readonly InspectionImage[];
  clear: () => void;
}

/**
 * The photos of an inspection (SPEC section 2): the upload, the virtualised grid with its filters, selection and
 * batch delete, and the "images without pose" list. `adjustPoseAction` renders an action for the selection (the
 * pose adjustment dialog lives elsewhere).
 */
export function PhotosPanel({
  inspectionId,
  groups,
  adjustPoseAction,
}: {
  inspectionId: number;
  groups: readonly ImageGroup[];
  adjustPoseAction?: (selection: SelectedPhotos) => ReactNode;
}) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const navigate = useNavigate();
  const canUpload = usePermission('image:upload');
  const upload = usePhotoUpload(inspectionId);
  const live = useInspectionImagesLive(inspectionId);
  const link = useInspectionImageLink(inspectionId);
  const removeImages = useDeleteImages(inspectionId);
  const [tab, setTab] = useState<PhotosTab>('all');
  const [uploading, setUploading] = useState(false);
  const [filters, setFilters] = useState<PhotoFilters>({});
  const [selection, setSelection] = useState<PhotoSelection>(EMPTY_SELECTION);

  const grid = useInspectionImages(inspectionId, filters);
  const images = useMemo(() => grid.data?.pages.flatMap((page) => page.records) ?? [], [grid.data]);
  const total = grid.data?.pages[0]?.total ?? 0;
  const withoutPose = useImagesWithoutPose(inspectionId, { pageNum: 1, pageSize: 1 });

  // Photos deleted or filtered away leave the selection, so a batch delete names only what is listed.
  const listedSelection = keepListed(selection, images);
  const selectedIds = [...listedSelection.ids];
  const clearSelection = useCallback(() => setSelection(EMPTY_SELECTION), [setSelection]);

  const onToggle = useCallback(
    (index: number, range: boolean) => setSelection(toggleSelection(listedSelection, images, index, range)),
    [images, listedSelection, setSelection],
  );
  const onOpen = useCallback(
    (image: InspectionImage) => void navigate(inspectionPaths.photo(inspectionId, image.id)),
    [inspectionId, navigate],
  );
  const onEdit = useCallback(
    (image: InspectionImage) => void navigate(inspectionPaths.editor(inspectionId, image.id)),
    [inspectionId, navigate],
  );
  const { fetchNextPage } = grid;
  const onLoadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const changeFilters = (next: PhotoFilters) => {
    setFilters(next);
    clearSelection();
  };

  const confirmDelete = () =>
    modal.confirm({
      title: t('inspectionPhotos.grid.deleteTitle', { count: selectedIds.length }),
      content: t('inspectionPhotos.grid.deleteContent'),
      okText: t('inspectionPhotos.grid.delete'),
      okButtonProps: { danger: true },
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        // A refusal is the server's translated toast; the selection stays for another try.
        await removeImages.mutateAsync(selectedIds).then(
          (result) => {
            void message.success(t('inspectionPhotos.grid.deleted', { count: result.deleted }));
            clearSelection();
          },
          () => undefined,
        );
      },
    });

  const processing =
    live && live.processed + live.failed < live.uploaded
      ? { done: live.processed + live.failed, total: live.uploaded }
      : null;
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const uploadButton = canUpload && (
    <Badge dot={upload.totals.files > upload.totals.finished + upload.totals.failed}>
      <Button
        type="primary"
        icon={<CloudUploadOutlined />}
        onClick={() => setUploading(true)}
        data-testid="photo-upload-open"
      >
        {t('inspectionPhotos.grid.upload')}
      </Button>
    </Badge>
  );

  const groupOptions = [
    { value: 0, label: t('inspectionPhotos.filters.allGroups') },
    ...groups.map((group) => ({ value: group.id, label: group.name })),
  ];

  const gridTab = (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center" data-testid="photo-filters">
        <Select
          style={{ minWidth: 160 }}
          value={filters.imageGroupId ?? 0}
          options={groupOptions}
          aria-label={t('inspectionPhotos.filters.group')}
          onChange={(value: number) => changeFilters({ ...filters, imageGroupId: value || undefined })}
          data-testid="photo-filter-group"
        />
        <Select
          style={{ minWidth: 140 }}
          value={filters.category ?? ''}
          aria-label={t('inspectionPhotos.filters.category')}
          options={[
            { value: '', label: t('inspectionPhotos.filters.allCategories') },
            ...IMAGE_CATEGORIES.map((value) => ({ value, label: t(`inspectionUi.group.category.${value}`) })),
          ]}
          onChange={(value: ImageCategory | '') => changeFilters({ ...filters, category: value || undefined })}
          data-testid="photo-filter-category"
        />
        <Select
          style={{ minWidth: 140 }}
          value={filters.hasPose === undefined ? '' : filters.hasPose ? 'with' : 'without'}
          aria-label={t('inspectionPhotos.filters.pose')}
          options={[
            { value: '', label: t('inspectionPhotos.filters.anyPose') },
            { value: 'with', label: t('inspectionPhotos.filters.withPose') },
            { value: 'without', label: t('inspectionPhotos.filters.withoutPose') },
          ]}
          onChange={(value: string) =>
            changeFilters({ ...filters, hasPose: value === '' ? undefined : value === 'with' })
          }
          data-testid="photo-filter-pose"
        />
        <Select
          style={{ minWidth: 130 }}
          value={filters.state ?? ''}
          aria-label={t('inspectionPhotos.filters.state')}
          options={[
            { value: '', label: t('inspectionPhotos.filters.anyState') },
            ...INSPECTION_IMAGE_STATES.map((value) => ({ value, label: t(`inspectionPhotos.state.${value}`) })),
          ]}
          onChange={(value: InspectionImageState | '') => changeFilters({ ...filters, state: value || undefined })}
          data-testid="photo-filter-state"
        />
        <Typography.Text type="secondary" data-testid="photo-total">
          {t('inspectionPhotos.grid.total', { total })}
        </Typography.Text>
        {processing && (
          <Flex align="center" gap={8} style={{ minWidth: 220 }} data-testid="photo-processing">
            <Typography.Text type="secondary">{t('inspectionPhotos.grid.processing', processing)}</Typography.Text>
            <Progress
              percent={Math.floor((processing.done / Math.max(1, processing.total)) * 100)}
              size="small"
              style={{ width: 100, margin: 0 }}
            />
          </Flex>
        )}
      </Flex>
      {images.length > 0 && (
        <Flex gap={8} wrap align="center" data-testid="photo-selection">
          <Typography.Text data-testid="photo-selected-count">
            {t('inspectionPhotos.grid.selected', { count: selectedIds.length })}
          </Typography.Text>
          <Button
            size="small"
            onClick={() => setSelection(selectAll(listedSelection, images))}
            data-testid="photo-select-all"
          >
            {t('inspectionPhotos.grid.selectPage')}
          </Button>
          {selectedIds.length > 0 && (
            <>
              <Button size="small" onClick={clearSelection} data-testid="photo-clear-selection">
                {t('inspectionPhotos.grid.clearSelection')}
              </Button>
              {canUpload && (
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={confirmDelete}
                  data-testid="photo-delete-selected"
                >
                  {t('inspectionPhotos.grid.delete')}
                </Button>
              )}
              {adjustPoseAction?.({
                ids: selectedIds,
                images: images.filter((image) => listedSelection.ids.has(image.id)),
                clear: clearSelection,
              })}
            </>
          )}
          <Typography.Text type="secondary">{t('inspectionPhotos.grid.selectHint')}</Typography.Text>
        </Flex>
      )}
      {grid.isPending ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin tip={t('inspectionPhotos.grid.loading')}>
            <div style={{ width: 48, height: 48 }} />
          </Spin>
        </Flex>
      ) : images.length === 0 ? (
        <Empty
          image={<PictureOutlined style={{ fontSize: 56, opacity: 0.45 }} />}
          styles={{ image: { height: 64 } }}
          description={
            filtered ? (
              t('inspectionPhotos.grid.noMatch')
            ) : (
              <Flex vertical gap={4}>
                <Typography.Text>{t('inspectionUi.detail.noPhotos')}</Typography.Text>
                <Typography.Text type="secondary">{t('inspectionPhotos.grid.emptyHint')}</Typography.Text>
              </Flex>
            )
          }
          style={{ padding: '32px 0' }}
          data-testid={filtered ? 'photo-no-match' : 'inspection-no-photos'}
        >
          {!filtered && uploadButton}
        </Empty>
      ) : (
        <PhotoGrid
          images={images}
          link={link}
          selected={listedSelection.ids}
          hasMore={grid.hasNextPage}
          loadingMore={grid.isFetchingNextPage}
          onLoadMore={onLoadMore}
          onToggle={onToggle}
          onOpen={onOpen}
          onEdit={onEdit}
          height={GRID_HEIGHT}
        />
      )}
    </Flex>
  );

  const withoutPoseCount = withoutPose.data?.total ?? 0;
  return (
    <Card
      title={t('inspectionUi.detail.photos')}
      style={{ flex: '2 1 480px', minWidth: 0 }}
      extra={<Space>{uploadButton}</Space>}
      data-testid="inspection-photos"
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as PhotosTab)}
        items={[
          { key: 'all', label: t('inspectionPhotos.tabs.all'), children: gridTab },
          {
            key: 'withoutPose',
            label: (
              <span data-testid="photo-tab-without-pose">
                {t('inspectionPhotos.tabs.withoutPose')}{' '}
                {withoutPoseCount > 0 && <Badge count={withoutPoseCount} color="orange" overflowCount={9999} />}
              </span>
            ),
            children: (
              <WithoutPoseTable
                inspectionId={inspectionId}
                groups={groups}
                imageGroupId={filters.imageGroupId}
                onOpen={onOpen}
              />
            ),
          },
          {
            key: 'records',
            label: <span data-testid="photo-tab-records">{t('inspectionPhotos.records.tab')}</span>,
            children: <UploadRecordsTable inspectionId={inspectionId} />,
          },
        ]}
      />
      {canUpload && (
        <PhotoUploadDialog open={uploading} onClose={() => setUploading(false)} upload={upload} groups={groups} />
      )}
    </Card>
  );
}
