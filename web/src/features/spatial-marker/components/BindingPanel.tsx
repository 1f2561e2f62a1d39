import { useMemo, useState } from 'react';
import {
  App as AntdApp,
  Button,
  Divider,
  Empty,
  Flex,
  Modal,
  Pagination,
  Select,
  Space,
  Statistic,
  Typography,
} from 'antd';
import { DiffOutlined, HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS, type SpatialMarkerNode } from '@sightline/shared';
import { useInspectionOptions } from '../../../api/inspection-options';
import { photoComparePath } from '../../../lib/photo-compare-paths';
import {
  useBindImages,
  useBindingCounts,
  useMarkerHistory,
  useMarkerImages,
  useMoveImages,
  useUnbindImages,
  useUnboundImages,
} from '../api';
import { AutoBindForm } from './AutoBindForm';
import { PhotoTiles } from './PhotoTiles';

const UNBOUND_PAGE_SIZE = 24;

const markerLabel = (marker: SpatialMarkerNode) => `${marker.code ?? ''} ${marker.name}`.trim();

/**
 * Binding an inspection's photos to markers (SPEC section 2): the counts, automatic binding by distance, the unbound
 * photos bound by hand to the chosen marker, and that marker's photos (unbind, move to another marker, history
 * across inspections).
 */
export function BindingPanel({
  projectId,
  markers,
  markerId,
  onMarkerChange,
  canBind,
}: {
  projectId: number;
  markers: readonly SpatialMarkerNode[];
  markerId: number | null;
  onMarkerChange: (id: number | null) => void;
  canBind: boolean;
}) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [chosenInspection, setInspection] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [unboundSelection, setUnboundSelection] = useState<Set<number>>(new Set());
  const [boundSelection, setBoundSelection] = useState<Set<number>>(new Set());
  const [moveTarget, setMoveTarget] = useState<number | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);

  const inspections = useInspectionOptions(projectId);
  const { options } = inspections;
  const inspectionId = chosenInspection ?? options[0]?.value ?? null;
  const counts = useBindingCounts(projectId, inspectionId);
  const unbound = useUnboundImages(projectId, inspectionId, page, UNBOUND_PAGE_SIZE);
  const marker = markers.find((candidate) => candidate.id === markerId) ?? null;
  const bound = useMarkerImages(projectId, marker?.id ?? null, inspectionId);
  const bind = useBindImages(projectId);
  const unbind = useUnbindImages(projectId);
  const moveImages = useMoveImages(projectId);
  const markerOptions = useMemo(
    () => markers.map((candidate) => ({ value: candidate.id, label: markerLabel(candidate) })),
    [markers],
  );

  if (options.length === 0 && !inspections.isLoading) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('projectUi.markers.binding.noInspections')} />;
  }

  const chooseInspection = (id: number) => {
    setInspection(id);
    setPage(1);
    setUnboundSelection(new Set());
    setBoundSelection(new Set());
  };

  const bindSelected = async () => {
    if (!marker || inspectionId === null) return;
    const result = await bind.mutateAsync({ inspectionId, markerId: marker.id, imageIds: [...unboundSelection] });
    setUnboundSelection(new Set());
    void message.success(t('projectUi.markers.binding.boundMessage', { count: result.bound ?? 0 }));
  };

  const boundRecords = bound.data?.records ?? [];
  const unbindSelected = async () => {
    await unbind.mutateAsync([...boundSelection]);
    setBoundSelection(new Set());
    void message.success(t('projectUi.markers.binding.unboundDone'));
  };
  const moveSelected = async () => {
    if (!marker || moveTarget === null || inspectionId === null) return;
    const imageIds = boundRecords
      .filter((record) => boundSelection.has(record.assocId))
      .map((record) => record.image.id);
    const result = await moveImages.mutateAsync({
      inspectionId,
      imageIds,
      fromMarkerId: marker.id,
      toMarkerId: moveTarget,
    });
    setBoundSelection(new Set());
    void message.success(t('projectUi.markers.binding.moved', { count: result.moved }));
  };

  return (
    <Flex vertical gap={12} data-testid="binding-panel">
      <Select
        value={inspectionId}
        options={options}
        loading={inspections.isLoading}
        placeholder={t('projectUi.markers.binding.chooseInspection')}
        aria-label={t('projectUi.markers.binding.inspection')}
        onChange={chooseInspection}
        data-testid="binding-inspection"
      />
      <Flex justify="space-between" data-testid="binding-counts">
        {(['total', 'bound', 'unbound'] as const).map((key) => (
          <Statistic
            key={key}
            title={t(`projectUi.markers.binding.${key}`)}
            value={counts.data?.[key] ?? '–'}
            data-testid={`binding-count-${key}`}
            data-value={counts.data?.[key]}
          />
        ))}
      </Flex>
      {inspectionId !== null && <AutoBindForm projectId={projectId} inspectionId={inspectionId} enabled={canBind} />}
      <Divider style={{ margin: 0 }} />
      <Select
        showSearch
        allowClear
        value={marker?.id ?? null}
        options={markerOptions}
        optionFilterProp="label"
        placeholder={t('projectUi.markers.binding.selectMarker')}
        onChange={(id: number | undefined) => {
          onMarkerChange(id ?? null);
          setBoundSelection(new Set());
        }}
        data-testid="binding-marker"
      />
      <Typography.Text strong>{t('projectUi.markers.binding.unboundList')}</Typography.Text>
      <PhotoTiles
        tiles={(unbound.data?.records ?? []).map((image) => ({ key: image.id, image }))}
        selected={unboundSelection}
        onChange={canBind ? setUnboundSelection : undefined}
        testId="unbound-photos"
      />
      {(unbound.data?.total ?? 0) > UNBOUND_PAGE_SIZE && (
        <Pagination
          size="small"
          current={page}
          pageSize={UNBOUND_PAGE_SIZE}
          total={unbound.data?.total ?? 0}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
      {canBind && (
        <Button
          type="primary"
          disabled={!marker || unboundSelection.size === 0}
          loading={bind.isPending}
          onClick={() => void bindSelected()}
          data-testid="binding-bind"
        >
          {marker
            ? `${t('projectUi.markers.binding.bindTo', { name: markerLabel(marker) })} · ${t('projectUi.markers.binding.selected', { count: unboundSelection.size })}`
            : t('projectUi.markers.binding.selectMarker')}
        </Button>
      )}
      {marker && (
        <>
          <Divider style={{ margin: 0 }} />
          <Flex align="center" justify="space-between">
            <Typography.Text strong>
              {t('projectUi.markers.binding.markerPhotos', { name: markerLabel(marker) })}
            </Typography.Text>
            <Button
              size="small"
              icon={<HistoryOutlined />}
              onClick={() => setHistoryOpen(true)}
              data-testid="binding-history"
            >
              {t('projectUi.markers.binding.history')}
            </Button>
          </Flex>
          <PhotoTiles
            tiles={boundRecords.map((record) => ({
              key: record.assocId,
              image: record.image,
              note: t(
                record.source === 'auto'
                  ? 'projectUi.markers.binding.sourceAuto'
                  : 'projectUi.markers.binding.sourceManual',
              ),
            }))}
            selected={boundSelection}
            onChange={canBind ? setBoundSelection : undefined}
            testId="marker-photos"
          />
          {canBind && boundSelection.size > 0 && (
            <Space wrap>
              <Button
                danger
                onClick={() => void unbindSelected()}
                loading={unbind.isPending}
                data-testid="binding-unbind"
              >
                {t('projectUi.markers.binding.unbind')}
              </Button>
              <Select
                style={{ width: 160 }}
                value={moveTarget}
                options={markerOptions.filter((option) => option.value !== marker.id)}
                placeholder={t('projectUi.markers.binding.moveTarget')}
                onChange={setMoveTarget}
                showSearch
                optionFilterProp="label"
                data-testid="binding-move-target"
              />
              <Button
                disabled={moveTarget === null}
                onClick={() => void moveSelected()}
                loading={moveImages.isPending}
                data-testid="binding-move"
              >
                {t('projectUi.markers.binding.moveTo')}
              </Button>
            </Space>
          )}
          {historyOpen && (
            <MarkerHistoryDialog projectId={projectId} marker={marker} onClose={() => setHistoryOpen(false)} />
          )}
        </>
      )}
    </Flex>
  );
}

/** A marker's bound photos in every inspection, newest inspection first. */
function MarkerHistoryDialog({
  projectId,
  marker,
  onClose,
}: {
  projectId: number;
  marker: SpatialMarkerNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const history = useMarkerHistory(projectId, marker.id);
  const groups = history.data ?? [];
  // The comparison starts with one photo of each of the newest inspections (2 to 4); the page changes the choice.
  const compared = groups.slice(0, LIMITS.compare2dPhotos.max).flatMap(({ images }) => images.slice(0, 1));
  return (
    <Modal
      open
      width={720}
      title={t('projectUi.markers.binding.historyTitle', { name: markerLabel(marker) })}
      footer={
        <Button
          icon={<DiffOutlined />}
          disabled={compared.length < LIMITS.compare2dPhotos.min}
          onClick={() =>
            void navigate(
              photoComparePath(
                '2d',
                compared.map((record) => record.image.id),
              ),
            )
          }
          data-testid="marker-history-compare"
        >
          {t('photoCompare.compare')}
        </Button>
      }
      onCancel={onClose}
    >
      <Flex vertical gap={16} data-testid="marker-history">
        {groups.length === 0 && !history.isLoading && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('projectUi.markers.binding.noPhotos')} />
        )}
        {groups.map(({ inspection, images }) => (
          <Flex vertical gap={6} key={inspection.id}>
            <Typography.Text strong>
              {inspection.name} {inspection.inspectionDate ? `(${inspection.inspectionDate})` : ''}
            </Typography.Text>
            <PhotoTiles
              tiles={images.map((record) => ({ key: record.assocId, image: record.image }))}
              testId="marker-history-photos"
            />
          </Flex>
        ))}
      </Flex>
    </Modal>
  );
}
