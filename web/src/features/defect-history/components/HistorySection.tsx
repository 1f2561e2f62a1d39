import { useState } from 'react';
import {
  Alert,
  App as AntdApp,
  Button,
  Card,
  Empty,
  Flex,
  Progress,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { BranchesOutlined, DeploymentUnitOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  HISTORY_CHANGE_KINDS,
  type HistoryChangeKind,
  type HistoryDefect,
  type HistoryRelation,
} from '@sightline/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { RowAction } from '../../../components/RowAction';
import { PAGE_SIZE, usePagination } from '../../../components/PagedTable';
import { translate } from '../../../i18n';
import { SIZE_DIMENSIONS, formatSize, type SizeDimension } from '../../../lib/defect-sizes';
import { usePermission } from '../../../session/permissions';
import { LIVE_STATES, useHistoryPage, useHistoryTotal, useMatchingActions, useMatchingStatus } from '../api';
import { KIND_COLOURS, SIZE_LABEL, formatDelta } from '../history-display';
import { ChainDrawer } from './ChainDrawer';
import { HistoryCompare3d } from './HistoryCompare3d';
import { RebindDialog } from './RebindDialog';

/** A pair's size: the earlier value, the current one and the signed change. */
function SizeCell({ entry, dimension }: { entry: HistoryRelation; dimension: SizeDimension }) {
  const before = entry.previous?.size[dimension] ?? null;
  const now = entry.defect?.size[dimension] ?? null;
  if (before === null && now === null) return <span>—</span>;
  return (
    <span data-testid={`history-${dimension}`}>
      {formatSize(before, dimension)} → {formatSize(now, dimension)}
      {entry.delta?.[dimension] ? (
        <Typography.Text type="secondary"> ({formatDelta(entry.delta[dimension], dimension)})</Typography.Text>
      ) : null}
    </span>
  );
}

/**
 * Historical defect matching of an inspection with its previous inspection (issue 15, SPEC sections 2 and 4): the
 * matching's state and progress kept live by the event stream, start (continue), all again and cancel; the entries
 * per change kind; a page of the evolution table filtered by change kind, each row opening its defect's chain or
 * binding it again by hand; the 3D comparison of both inspections. Viewers see no actions.
 */
export default function HistorySection({
  inspectionId,
  projectId,
  previousInspection,
}: {
  inspectionId: number;
  projectId: number;
  previousInspection: { id: number; name: string };
}) {
  const { t } = useTranslation();
  const canEdit = usePermission('defect:edit');
  const { modal } = AntdApp.useApp();
  const [kinds, setKinds] = useState<HistoryChangeKind[]>([]);
  const [pageNum, setPageNum] = useState(1);
  const [chainOf, setChainOf] = useState<HistoryDefect | null>(null);
  const [rebinding, setRebinding] = useState<HistoryRelation | null>(null);
  const [comparing, setComparing] = useState(false);
  const status = useMatchingStatus(inspectionId);
  const total = useHistoryTotal(inspectionId);
  const page = useHistoryPage(inspectionId, kinds, pageNum, PAGE_SIZE);
  const pagination = usePagination({ page, pageNum, onPageChange: setPageNum });
  const run = useMatchingActions(inspectionId);

  const state = status.data?.state ?? 'uncalculated';
  const live = LIVE_STATES.includes(state);
  const done = status.data?.done ?? 0;
  const count = status.data?.total ?? 0;
  const percent = count > 0 ? Math.floor((done / count) * 100) : state === 'done' ? 100 : 0;

  const confirmAll = () =>
    modal.confirm({
      title: t('historyUi.title'),
      content: t('historyUi.allConfirm'),
      okText: t('historyUi.all'),
      cancelText: t('ui.common.cancel'),
      onOk: () => run.mutate('all'),
    });

  const columns: TableColumnsType<HistoryRelation> = [
    {
      title: t('historyUi.column.current'),
      key: 'current',
      render: (_value, entry) => entry.defect?.code ?? '—',
    },
    {
      title: t('historyUi.column.previous'),
      key: 'previous',
      render: (_value, entry) => entry.previous?.code ?? '—',
    },
    {
      title: t('historyUi.column.kind'),
      key: 'kind',
      render: (_value, entry) => (
        <Space size={4}>
          <Tag color={KIND_COLOURS[entry.changeKind]} data-testid="history-kind" data-kind={entry.changeKind}>
            {t(`historyUi.kind.${entry.changeKind}`)}
          </Tag>
          {entry.manual && <Tag>{t('historyUi.manualTag')}</Tag>}
        </Space>
      ),
    },
    ...SIZE_DIMENSIONS.map((dimension) => ({
      title: t(SIZE_LABEL[dimension]),
      key: dimension,
      render: (_value: unknown, entry: HistoryRelation) => <SizeCell entry={entry} dimension={dimension} />,
    })),
    {
      title: t('historyUi.column.distance'),
      dataIndex: 'distanceM',
      align: 'right',
      render: (distance: number | null) => (distance === null ? '—' : distance.toFixed(3)),
    },
    {
      title: t('historyUi.column.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_value, entry) => {
        const defect = entry.defect ?? entry.previous;
        return (
          <Flex gap={2}>
            {defect && (
              <RowAction
                label={t('historyUi.action.chain')}
                icon={<BranchesOutlined />}
                onClick={() => setChainOf(defect)}
                testId="history-chain"
              />
            )}
            {canEdit && entry.defect && (
              <RowAction
                label={t('historyUi.action.rebind')}
                icon={<LinkOutlined />}
                disabled={live}
                onClick={() => setRebinding(entry)}
                testId="history-rebind"
              />
            )}
          </Flex>
        );
      },
    },
  ];

  return (
    <Card
      title={t('historyUi.title')}
      style={{ width: '100%' }}
      data-testid="history-section"
      extra={
        <Button
          size="small"
          icon={<DeploymentUnitOutlined />}
          onClick={() => setComparing(true)}
          data-testid="history-compare-open"
        >
          {t('historyUi.compare3d')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {t('historyUi.intro', { previous: previousInspection.name })}
        </Typography.Text>
        <Flex align="center" gap={16} wrap>
          <Space size={6}>
            <Typography.Text>{t('historyUi.state')}:</Typography.Text>
            <Tag
              color={state === 'failed' ? 'error' : state === 'done' ? 'success' : live ? 'processing' : undefined}
              data-testid="history-state"
              data-state={state}
            >
              {t(`historyUi.states.${state}`)}
            </Tag>
          </Space>
          <Progress
            percent={percent}
            size="small"
            style={{ width: 200, margin: 0 }}
            status={state === 'failed' ? 'exception' : live ? 'active' : 'normal'}
            data-testid="history-progress"
          />
          <Typography.Text type="secondary" data-testid="history-counts">
            {t('historyUi.progress', { done, total: count })}
          </Typography.Text>
          {status.data && (
            <Typography.Text type="secondary">
              {t('historyUi.distance', { distance: status.data.distanceM })}
            </Typography.Text>
          )}
          {canEdit && (
            <Space wrap>
              {live ? (
                <Button
                  danger
                  size="small"
                  loading={run.isPending}
                  onClick={() => run.mutate('cancel')}
                  data-testid="history-cancel"
                >
                  {t('historyUi.cancel')}
                </Button>
              ) : (
                <>
                  <Button
                    type="primary"
                    size="small"
                    loading={run.isPending}
                    onClick={() => run.mutate('continue')}
                    data-testid="history-continue"
                  >
                    {t('historyUi.continue')}
                  </Button>
                  <Button size="small" onClick={confirmAll} data-testid="history-all">
                    {t('historyUi.all')}
                  </Button>
                </>
              )}
            </Space>
          )}
        </Flex>
        {state === 'failed' && status.data?.errorKey && (
          <Alert type="error" showIcon title={translate(`errors.${status.data.errorKey}`)} />
        )}
        {state === 'cancelled' && <Alert type="warning" showIcon title={t('historyUi.notComplete')} />}
        {total.isError ? (
          <LoadFailed onRetry={() => void total.refetch()} />
        ) : (
          <Flex gap={24} wrap data-testid="history-totals">
            <Statistic title={t('historyUi.totals.defects')} value={total.data?.defects ?? '—'} />
            <Statistic title={t('historyUi.totals.previousDefects')} value={total.data?.previousDefects ?? '—'} />
            <Statistic title={t('historyUi.totals.matched')} value={total.data?.matched ?? '—'} />
            {HISTORY_CHANGE_KINDS.map((kind) => (
              <Statistic
                key={kind}
                title={t(`historyUi.kind.${kind}`)}
                value={total.data?.[kind] ?? '—'}
                styles={{ content: { color: KIND_COLOURS[kind] } }}
                data-testid="history-total"
                data-kind={kind}
              />
            ))}
            <Statistic title={t('historyUi.totals.manual')} value={total.data?.manual ?? '—'} />
          </Flex>
        )}
        <Select
          mode="multiple"
          allowClear
          placeholder={t('historyUi.filter')}
          aria-label={t('historyUi.filter')}
          style={{ minWidth: 240, alignSelf: 'flex-start' }}
          value={kinds}
          options={HISTORY_CHANGE_KINDS.map((kind) => ({ value: kind, label: t(`historyUi.kind.${kind}`) }))}
          onChange={(chosen: HistoryChangeKind[]) => {
            setKinds(chosen);
            setPageNum(1);
          }}
          data-testid="history-filter"
        />
        {page.isError && !page.data ? (
          <LoadFailed onRetry={() => void page.refetch()} />
        ) : (
          <Table<HistoryRelation>
            rowKey={(entry) => `${entry.defect?.id ?? 0}-${entry.previous?.id ?? 0}`}
            size="small"
            columns={columns}
            dataSource={page.data?.records ?? []}
            loading={page.isFetching}
            pagination={pagination}
            scroll={{ x: 'max-content' }}
            onRow={(entry) =>
              ({
                'data-testid': 'history-row',
                'data-defect-id': entry.defect?.id ?? '',
                'data-previous-id': entry.previous?.id ?? '',
                'data-kind': entry.changeKind,
              }) as object
            }
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={kinds.length > 0 ? t('historyUi.emptyFiltered') : t('historyUi.empty')}
                  data-testid="history-empty"
                />
              ),
            }}
          />
        )}
      </Flex>
      {chainOf && <ChainDrawer defectId={chainOf.id} code={chainOf.code} onClose={() => setChainOf(null)} />}
      {rebinding?.defect && (
        <RebindDialog
          defect={rebinding.defect}
          previousDefectId={rebinding.previous?.id ?? null}
          previousInspectionId={previousInspection.id}
          onClose={() => setRebinding(null)}
        />
      )}
      {comparing && (
        <HistoryCompare3d
          inspectionId={inspectionId}
          projectId={projectId}
          previousName={previousInspection.name}
          onClose={() => setComparing(false)}
        />
      )}
    </Card>
  );
}
