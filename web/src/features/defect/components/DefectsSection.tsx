import { useMemo, useState } from 'react';
import {
  Alert,
  App as AntdApp,
  Button,
  Card,
  Empty,
  Flex,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, EditOutlined, ProfileOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFECT_SOURCES, type Defect, type DefectType } from '@sightline/shared';
import { PAGE_SIZE, usePagination } from '../../../components/PagedTable';
import { LoadFailed } from '../../../components/LoadFailed';
import { RowAction } from '../../../components/RowAction';
import { defectTypeLabel } from '../../../lib/defect-type-label';
import { projectPaths } from '../../../lib/project-paths';
import { usePermission } from '../../../session/permissions';
import {
  type DefectListFilter,
  useDefectPage,
  useDeleteDefects,
  useProjectDefectTypes,
  useProjectMarkers,
  useStarDefects,
} from '../api';
import { SIZE_DIMENSIONS, cappedCount, formatSize, levelKey, shownSize, type SizeDimension } from '../defect-display';
import { useDefectChoices } from '../hooks/useDefectChoices';
import { DefectBatchEditDialog, DefectEditDialog } from './DefectEditDialog';
import { DefectDetailsDrawer } from './DefectDetailsDrawer';
import { DefectExportButton } from './DefectExportButton';
import { CalibrationButton } from './CalibrationButton';
import { DefectPhotoThumbnail } from '../../../components/DefectPhoto';
import { DefectStatistics } from './DefectStatistics';
import { DefectToolbar } from './DefectToolbar';
import { MergeDefectsButton } from './MergeDefectsButton';
import { RepeatedDefectsDialog } from './RepeatedDefectsDialog';
import { TypeDot } from './TypeDot';

const SIZE_COLUMNS = {
  lengthM: 'defectList.column.length',
  widthMm: 'defectList.column.width',
  areaM2: 'defectList.column.area',
} as const;

/** One size cell: the shown value, marked and with the computed one in a tooltip when a user typed over it. */
function SizeCell({ defect, dimension }: { defect: Defect; dimension: SizeDimension }) {
  const { t } = useTranslation();
  const size = shownSize(defect, dimension);
  const text = formatSize(size.value, dimension);
  if (!size.edited) return <span data-testid={`defect-${dimension}`}>{text}</span>;
  return (
    <Tooltip title={t('defectList.computedValue', { value: formatSize(size.computed, dimension) })}>
      <span data-testid={`defect-${dimension}`} data-edited="true" style={{ textDecoration: 'underline dotted' }}>
        {text}
      </span>
    </Tooltip>
  );
}

/**
 * An inspection's defects (SPEC section 2, defect list and info): a page of them with their sizes, filtered by
 * type, level, component, star and source, the damage filter range's hidden ones counted with a switch to show
 * them; details, edit (one or the selected), star, delete. Viewers see no edit actions (the server checks anyway).
 */
export default function DefectsSection({ inspectionId, projectId }: { inspectionId: number; projectId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal, message } = AntdApp.useApp();
  const canEdit = usePermission('defect:edit');
  const [filter, setFilter] = useState<DefectListFilter>({ filterRange: true });
  const [pageNum, setPageNum] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [details, setDetails] = useState<number | null>(null);
  const [editing, setEditing] = useState<Defect | null>(null);
  const [batchEditing, setBatchEditing] = useState(false);
  const page = useDefectPage(inspectionId, filter, pageNum, PAGE_SIZE);
  const pagination = usePagination({ page, pageNum, onPageChange: setPageNum });
  const types = useProjectDefectTypes(projectId);
  const markers = useProjectMarkers(projectId);
  const choices = useDefectChoices(projectId);
  const star = useStarDefects();
  const remove = useDeleteDefects();

  const typeById = useMemo(() => new Map((types.data ?? []).map((type) => [type.id, type])), [types.data]);
  const markerById = useMemo(() => new Map((markers.data ?? []).map((marker) => [marker.id, marker])), [markers.data]);
  const changeFilter = (change: Partial<DefectListFilter>) => {
    setFilter((current) => {
      const next = { ...current, ...change };
      for (const key of Object.keys(change) as (keyof DefectListFilter)[])
        if (next[key] === undefined) delete next[key];
      return next;
    });
    setPageNum(1);
    setSelected([]);
  };
  const filtered = Object.keys(filter).some((key) => key !== 'filterRange');

  const toggleStar = (ids: number[], starred: boolean) =>
    star.mutate(
      { ids, star: starred },
      {
        onSuccess: ({ count }) =>
          void message.success(t(starred ? 'defectList.starred' : 'defectList.unstarred', { count })),
      },
    );
  const confirmDelete = (ids: number[], code?: string) =>
    modal.confirm({
      title: code ? t('defectList.deleteTitle', { code }) : t('defectList.deleteManyTitle', { count: ids.length }),
      content: t('defectList.deleteContent'),
      okText: t('defectList.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        // A refusal is the server's translated toast; the dialog then closes.
        await remove.mutateAsync(ids).then(
          ({ count }) => {
            setSelected((current) => current.filter((id) => !ids.includes(id)));
            void message.success(t('defectList.deleted', { count }));
          },
          () => undefined,
        );
      },
    });

  const typeOf = (defect: Defect): DefectType | undefined => typeById.get(defect.typeId);
  const columns: TableColumnsType<Defect> = [
    { title: t('defectList.column.code'), dataIndex: 'code', width: 90, fixed: 'left' },
    {
      title: t('defectList.column.type'),
      key: 'type',
      render: (_value, defect) => {
        const type = typeOf(defect);
        return (
          <Space size={6} data-testid="defect-type">
            <TypeDot color={type?.color} />
            {type ? defectTypeLabel(type) : '—'}
          </Space>
        );
      },
    },
    {
      title: t('defectList.column.level'),
      dataIndex: 'level',
      render: (level: number) => <span data-testid="defect-level">{t(levelKey(level))}</span>,
    },
    ...SIZE_DIMENSIONS.map((dimension) => ({
      title: t(SIZE_COLUMNS[dimension]),
      key: dimension,
      align: 'right' as const,
      render: (_value: unknown, defect: Defect) => <SizeCell defect={defect} dimension={dimension} />,
    })),
    {
      title: t('defectList.column.component'),
      key: 'component',
      render: (_value, defect) => {
        const marker = defect.markerId === null ? undefined : markerById.get(defect.markerId);
        return marker ? `${marker.code ?? ''} ${marker.name}`.trim() : '—';
      },
    },
    {
      title: t('defectList.column.photo'),
      key: 'photo',
      render: (_value, defect) => (
        <Tooltip title={`${defect.imageName} · ${t('defectList.action.openPhoto')}`}>
          <button
            type="button"
            onClick={() => void navigate(projectPaths.inspectionPhoto(inspectionId, defect.imageId))}
            aria-label={`${t('defectList.action.openPhoto')} ${defect.imageName}`}
            style={{ padding: 0, border: 0, background: 'none', cursor: 'pointer' }}
            data-testid="defect-photo"
          >
            <DefectPhotoThumbnail defect={defect} width={64} />
          </button>
        </Tooltip>
      ),
    },
    {
      title: t('defectList.column.source'),
      dataIndex: 'source',
      render: (source: Defect['source']) => <Tag>{t(`defectList.source.${source}`)}</Tag>,
    },
    {
      title: t('defectList.column.createdBy'),
      dataIndex: 'createdByName',
      render: (name: string | null) => name ?? '—',
    },
    {
      title: t('defectList.column.updatedAt'),
      dataIndex: 'updatedAt',
      render: (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('defectList.column.star'),
      dataIndex: 'star',
      align: 'center',
      // Beside the actions, so a list wider than the page keeps it in sight.
      fixed: 'right',
      render: (starred: boolean, defect) => {
        const icon = starred ? <StarFilled style={{ color: '#fadb14' }} /> : <StarOutlined />;
        const label = t(starred ? 'defectList.action.unstar' : 'defectList.action.star');
        return canEdit ? (
          <RowAction
            label={label}
            icon={icon}
            pressed={starred}
            onClick={() => toggleStar([defect.id], !starred)}
            testId="defect-star"
          />
        ) : (
          <span data-testid="defect-star" aria-label={starred ? label : undefined}>
            {starred ? icon : null}
          </span>
        );
      },
    },
    {
      title: t('defectList.column.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_value, defect) => (
        <Flex gap={2}>
          <RowAction
            label={t('defectList.action.details')}
            icon={<ProfileOutlined />}
            onClick={() => setDetails(defect.id)}
            testId="defect-details"
          />
          {canEdit && (
            <>
              <RowAction
                label={t('defectList.action.edit')}
                icon={<EditOutlined />}
                onClick={() => setEditing(defect)}
                testId="defect-edit"
              />
              <RowAction
                label={t('defectList.action.delete')}
                icon={<DeleteOutlined />}
                danger
                onClick={() => confirmDelete([defect.id], defect.code)}
                testId="defect-delete"
              />
            </>
          )}
        </Flex>
      ),
    },
  ];

  const hidden = page.data?.hiddenCount ?? 0;

  return (
    <Card
      title={t('defectList.title')}
      style={{ width: '100%' }}
      data-testid="defects-section"
      extra={
        page.data && (
          <Typography.Text type="secondary" data-testid="defects-total">
            {t('teamUi.common.total', { total: cappedCount(page.data.total, page.data.totalCapped) })}
          </Typography.Text>
        )
      }
    >
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <Select
            mode="multiple"
            allowClear
            placeholder={t('defectList.filter.type')}
            aria-label={t('defectList.filter.type')}
            style={{ minWidth: 180 }}
            value={filter.typeIds ?? []}
            options={choices.types}
            optionFilterProp="search"
            onChange={(ids: number[]) => changeFilter({ typeIds: ids.length ? ids : undefined })}
            data-testid="defect-filter-type"
          />
          <Select
            mode="multiple"
            allowClear
            placeholder={t('defectList.filter.level')}
            aria-label={t('defectList.filter.level')}
            style={{ minWidth: 140 }}
            value={filter.levels ?? []}
            options={choices.levels}
            onChange={(levels: number[]) => changeFilter({ levels: levels.length ? levels : undefined })}
            data-testid="defect-filter-level"
          />
          <Select
            allowClear
            showSearch
            placeholder={t('defectList.filter.component')}
            aria-label={t('defectList.filter.component')}
            style={{ minWidth: 160 }}
            value={filter.markerId}
            optionFilterProp="label"
            options={choices.markers}
            onChange={(markerId?: number) => changeFilter({ markerId })}
            data-testid="defect-filter-component"
          />
          <Select
            allowClear
            placeholder={t('defectList.filter.star')}
            aria-label={t('defectList.filter.star')}
            style={{ minWidth: 120 }}
            value={filter.star === undefined ? undefined : String(filter.star)}
            options={[
              { value: 'true', label: t('defectList.filter.starred') },
              { value: 'false', label: t('defectList.filter.unstarred') },
            ]}
            onChange={(value?: string) => changeFilter({ star: value === undefined ? undefined : value === 'true' })}
            data-testid="defect-filter-star"
          />
          <Select
            allowClear
            placeholder={t('defectList.filter.source')}
            aria-label={t('defectList.filter.source')}
            style={{ minWidth: 120 }}
            value={filter.source}
            options={DEFECT_SOURCES.map((source) => ({ value: source, label: t(`defectList.source.${source}`) }))}
            onChange={(source?: Defect['source']) => changeFilter({ source })}
            data-testid="defect-filter-source"
          />
          <Flex align="center" gap={6}>
            <Switch
              size="small"
              checked={!filter.filterRange}
              onChange={(showAll) => changeFilter({ filterRange: !showAll })}
              aria-label={t('defectList.showHidden')}
              data-testid="defect-show-hidden"
            />
            <Typography.Text>{t('defectList.showHidden')}</Typography.Text>
          </Flex>
          {filtered && (
            <Button
              type="link"
              onClick={() => {
                setFilter({ filterRange: filter.filterRange });
                setPageNum(1);
                setSelected([]);
              }}
              data-testid="defect-filter-clear"
            >
              {t('defectList.filter.clear')}
            </Button>
          )}
        </Flex>
        {filter.filterRange && hidden > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('defectList.hiddenWarning', { count: cappedCount(hidden, page.data?.hiddenCapped) })}
            data-testid="defect-hidden-warning"
          />
        )}
        <DefectToolbar>
          {canEdit && selected.length > 0 && (
            <>
              <Typography.Text type="secondary">{t('defectList.selected', { count: selected.length })}</Typography.Text>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setBatchEditing(true)}
                data-testid="defect-batch-edit"
              >
                {t('defectList.action.editSelected')}
              </Button>
              <Button size="small" icon={<StarOutlined />} onClick={() => toggleStar(selected, true)}>
                {t('defectList.action.star')}
              </Button>
              <Button size="small" onClick={() => toggleStar(selected, false)}>
                {t('defectList.action.unstar')}
              </Button>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => confirmDelete(selected)}
                data-testid="defect-batch-delete"
              >
                {t('defectList.action.deleteSelected')}
              </Button>
            </>
          )}
          <MergeDefectsButton ids={selected} onMerged={() => setSelected([])} />
          <RepeatedDefectsDialog inspectionId={inspectionId} projectId={projectId} />
          <DefectStatistics filter={{ ...filter, inspectionId }} />
          <CalibrationButton inspectionId={inspectionId} />
          <DefectExportButton
            inspectionId={inspectionId}
            projectId={projectId}
            filter={filter}
            total={page.data?.total}
            totalCapped={page.data?.totalCapped}
          />
        </DefectToolbar>
        {page.isError && !page.data ? (
          <LoadFailed onRetry={() => void page.refetch()} />
        ) : (
          <Table<Defect>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={page.data?.records ?? []}
            loading={page.isFetching}
            pagination={pagination}
            scroll={{ x: 'max-content' }}
            rowSelection={
              canEdit
                ? {
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys as number[]),
                    preserveSelectedRowKeys: true,
                  }
                : undefined
            }
            onRow={(defect) => ({ 'data-testid': 'defect-row', 'data-defect-id': defect.id }) as object}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={filtered ? t('defectList.emptyFiltered') : t('defectList.empty')}
                  data-testid="defects-empty"
                />
              ),
            }}
          />
        )}
      </Flex>
      {details !== null && (
        <DefectDetailsDrawer
          id={details}
          onClose={() => setDetails(null)}
          onEdit={canEdit ? (defect) => setEditing(defect) : undefined}
        />
      )}
      {editing && <DefectEditDialog defect={editing} onClose={() => setEditing(null)} />}
      {batchEditing && (
        <DefectBatchEditDialog
          ids={selected}
          projectId={projectId}
          onClose={(saved) => {
            setBatchEditing(false);
            if (saved) setSelected([]);
          }}
        />
      )}
    </Card>
  );
}
