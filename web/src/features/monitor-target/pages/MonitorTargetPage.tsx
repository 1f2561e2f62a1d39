import { useState } from 'react';
import {
  App as AntdApp,
  Button,
  type ButtonProps,
  Card,
  Empty,
  Flex,
  Popconfirm,
  Progress,
  Tag,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { FileWordOutlined, PlusOutlined } from '@ant-design/icons';
import type { AnalysisState, Target, TargetState } from '@sightline/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { MenuPageProps } from '../../../session/menu-routes';
import { usePermission } from '../../../session/permissions';
import { LoadFailed } from '../../../components/LoadFailed';
import { MonitoringPageFrame } from '../../../components/monitoring/MonitoringPageFrame';
import { ThresholdDialog } from '../../../components/monitoring/ThresholdDialog';
import { PagedTable } from '../../../components/PagedTable';
import { projectIdParam } from '../../../lib/project-paths';
import {
  TARGET_PAGE_SIZE,
  useEveryTarget,
  useRemoveTargets,
  useSetTargetThresholds,
  useTargetEvents,
  useTargetPage,
} from '../api';
import { BaselineCard } from '../components/BaselineCard';
import { MonitorReportCard } from '../components/MonitorReportCard';
import { MonitorReportDialog } from '../components/MonitorReportDialog';
import { NewTargetDialog } from '../components/NewTargetDialog';
import { TargetDetail } from '../components/TargetDetail';

const STATE_COLORS: Record<TargetState, string> = {
  unidentified: 'default',
  identifying: 'processing',
  identified: 'success',
  failure: 'error',
};

const ANALYSIS_COLORS: Record<AnalysisState, string> = {
  notStarted: 'default',
  queued: 'default',
  analysing: 'processing',
  cancelling: 'warning',
  analysed: 'success',
  error: 'error',
};

function TargetStateTag({ target }: { target: Target }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={STATE_COLORS[target.state]} data-testid="target-state" data-state={target.state}>
      {t(`targetUi.state.${target.state}`)}
    </Tag>
  );
  if (target.state === 'identifying') {
    return (
      <Flex gap={8} align="center">
        {tag}
        <Progress percent={Math.round(target.progress * 100)} size="small" style={{ width: 80, margin: 0 }} />
      </Flex>
    );
  }
  if (target.state === 'failure' && target.errorKey) {
    return <Tooltip title={t(`errors.${target.errorKey}`, { defaultValue: target.errorKey })}>{tag}</Tooltip>;
  }
  return tag;
}

/**
 * Drone-target monitoring of a project (SPEC sections 3 and 4): its targets with their identification and latest
 * displacement, a new target picked on a baseline photo, and the chosen target's rounds, positions and chart.
 */
export default function MonitorTargetPage(_props: MenuPageProps) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const projectId = projectIdParam(useParams().id) ?? 0;
  const [pageNum, setPageNum] = useState(1);
  const page = useTargetPage(projectId, pageNum);
  const canEdit = usePermission('monitor:edit');
  const remove = useRemoveTargets(projectId);
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [settingThreshold, setSettingThreshold] = useState(false);
  const setThresholds = useSetTargetThresholds(projectId);
  const canReport = usePermission('report:generate');
  const everyTarget = useEveryTarget(projectId);
  const [reporting, setReporting] = useState(false);
  const [reportId, setReportId] = useState<number | null>(null);
  useTargetEvents(projectId);

  const records = page.data?.records ?? [];
  const chosen = records.find((target) => target.id === chosenId) ?? null;

  const handleRemove = async () => {
    const { count } = await remove.mutateAsync(selectedIds);
    if (chosenId !== null && selectedIds.includes(chosenId)) setChosenId(null);
    setSelectedIds([]);
    void message.success(t('targetUi.list.deleted', { count }));
  };

  const frame = (children: React.ReactNode) => (
    <MonitoringPageFrame
      projectId={projectId}
      title={t('targetUi.title')}
      backLabel={t('targetUi.back')}
      testId="monitor-target-page"
    >
      {children}
    </MonitoringPageFrame>
  );
  if (page.isError) return frame(<LoadFailed onRetry={() => void page.refetch()} />);

  const columns: TableColumnsType<Target> = [
    { title: t('targetUi.list.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('targetUi.list.kind'),
      key: 'kind',
      render: (_, target) =>
        target.type === 'virtual'
          ? t('targetUi.type.virtual')
          : target.marker === 'circle'
            ? t('targetUi.marker.circle')
            : `${t('targetUi.marker.aruco')} ${target.dictionary ?? ''} #${target.markerId ?? ''}`,
    },
    { title: t('targetUi.list.photo'), dataIndex: 'imageName', key: 'photo' },
    { title: t('targetUi.list.state'), key: 'state', render: (_, target) => <TargetStateTag target={target} /> },
    {
      title: t('targetUi.list.analysis'),
      key: 'analysis',
      render: (_, target) => (
        <Tag color={ANALYSIS_COLORS[target.analysis]} data-testid="target-analysis" data-state={target.analysis}>
          {t(`targetUi.analysis.${target.analysis}`)}
        </Tag>
      ),
    },
    { title: t('targetUi.list.threshold'), dataIndex: 'thresholdMm', key: 'threshold' },
    {
      title: t('targetUi.list.latest'),
      key: 'latest',
      render: (_, target) => (
        <Flex gap={8} align="center">
          <span data-testid="target-latest">
            {target.latestDisplacementMm === null ? '-' : target.latestDisplacementMm.toFixed(2)}
          </span>
          {target.alarm && (
            <Tag color="error" data-testid="target-alarm">
              {t('targetUi.list.alarm')}
            </Tag>
          )}
        </Flex>
      ),
    },
  ];

  return frame(
    <>
      <BaselineCard projectId={projectId} />

      <Card
        title={t('targetUi.list.title')}
        extra={
          <Flex gap={8}>
            {canReport && (
              <Button
                icon={<FileWordOutlined />}
                disabled={!everyTarget.data?.records.length}
                onClick={() => setReporting(true)}
                data-testid="monitor-report-open"
              >
                {t('targetUi.report.action')}
              </Button>
            )}
            {canEdit && (
              <>
                <Button
                  disabled={selectedIds.length === 0}
                  onClick={() => setSettingThreshold(true)}
                  data-testid="targets-threshold"
                >
                  {t('targetUi.list.setThreshold')}
                </Button>
                <Popconfirm
                  title={t('targetUi.list.deleteTitle', { count: selectedIds.length })}
                  description={t('targetUi.list.deleteContent')}
                  disabled={selectedIds.length === 0}
                  okButtonProps={{ 'data-testid': 'targets-delete-confirm' } as ButtonProps}
                  onConfirm={handleRemove}
                >
                  <Button danger disabled={selectedIds.length === 0} data-testid="targets-delete">
                    {t('targetUi.list.delete')}
                  </Button>
                </Popconfirm>
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setCreating(true)}
                  data-testid="target-add"
                >
                  {t('targetUi.create.open')}
                </Button>
              </>
            )}
          </Flex>
        }
      >
        <PagedTable<Target>
          size="small"
          rowKey="id"
          columns={columns}
          page={page}
          pageNum={pageNum}
          onPageChange={setPageNum}
          pageSize={TARGET_PAGE_SIZE}
          emptyText={<Empty description={t('targetUi.list.empty')} data-testid="targets-empty" />}
          rowSelection={
            canEdit ? { selectedRowKeys: selectedIds, onChange: (keys) => setSelectedIds(keys.map(Number)) } : undefined
          }
          onRow={(target) =>
            ({
              onClick: () => setChosenId(target.id),
              style: { cursor: 'pointer' },
              'data-testid': `target-row-${target.name}`,
            }) as React.HTMLAttributes<HTMLElement>
          }
          rowClassName={(target) => (target.id === chosen?.id ? 'ant-table-row-selected' : '')}
          data-testid="targets-table"
        />
      </Card>

      {reportId !== null && (
        <MonitorReportCard
          reportId={reportId}
          canRegenerate={canReport}
          onShow={(report) => setReportId(report.id)}
          onClose={() => setReportId(null)}
        />
      )}
      {chosen && <TargetDetail key={chosen.id} projectId={projectId} target={chosen} canEdit={canEdit} />}
      {settingThreshold && (
        <ThresholdDialog
          title={t('targetUi.list.thresholdTitle', { count: selectedIds.length })}
          label={t('targetUi.list.threshold')}
          ids={selectedIds}
          initialValue={
            selectedIds.length === 1 ? records.find((target) => target.id === selectedIds[0])?.thresholdMm : undefined
          }
          saving={setThresholds.isPending}
          testId="target-threshold-form"
          onSave={async (thresholdMm) => {
            const saved = await setThresholds.mutateAsync({ ids: selectedIds, thresholdMm });
            return t('targetUi.list.thresholdsSaved', { count: saved.length });
          }}
          onClose={() => setSettingThreshold(false)}
        />
      )}
      {creating && <NewTargetDialog projectId={projectId} onClose={() => setCreating(false)} />}
      {reporting && (
        <MonitorReportDialog
          projectId={projectId}
          targets={everyTarget.data?.records ?? []}
          onCreated={(report) => setReportId(report.id)}
          onClose={() => setReporting(false)}
        />
      )}
    </>,
  );
}
