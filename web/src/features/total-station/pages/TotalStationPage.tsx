import { useMemo, useState } from 'react';
import {
  App as AntdApp,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Popconfirm,
  Row,
  Spin,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, EditOutlined, ExportOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import Papa from 'papaparse';
import type { MonitorPoint } from '@sightline/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { MenuPageProps } from '../../../session/menu-routes';
import { usePermission } from '../../../session/permissions';
import { LoadFailed } from '../../../components/LoadFailed';
import { MonitoringPageFrame } from '../../../components/monitoring/MonitoringPageFrame';
import { ThresholdDialog } from '../../../components/monitoring/ThresholdDialog';
import { projectIdParam } from '../../../lib/project-paths';
import { useDisplacementRecords, useMonitorPoints, useRemovePoints, useSetThresholds } from '../api';
import { DisplacementChart } from '../components/DisplacementChart';
import { ImportDialog } from '../components/ImportDialog';
import { PointDialog } from '../components/PointDialog';
import { RecordsTable } from '../components/RecordsTable';
import { downloadText } from '../download';

type Dialog = { kind: 'point'; point: MonitorPoint | null } | { kind: 'threshold' } | { kind: 'import' } | null;

/**
 * Total-station monitoring of a project (SPEC sections 1 to 3): its monitoring points with their baseline and
 * threshold, and for the chosen point its surveys (entered inline or imported), displacements and chart.
 */
export default function TotalStationPage(_props: MenuPageProps) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const projectId = projectIdParam(useParams().id) ?? 0;
  const points = useMonitorPoints(projectId);
  const canEdit = usePermission('monitor:edit');
  const removePoints = useRemovePoints(projectId);
  const setThresholds = useSetThresholds(projectId);
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const chosen = points.data?.find((point) => point.id === chosenId) ?? points.data?.[0] ?? null;
  const records = useDisplacementRecords(projectId, chosen?.id ?? null);
  const takenTimes = useMemo(() => new Set((records.data ?? []).map((record) => record.monitorTime)), [records.data]);

  const handleRemove = async (ids: number[]) => {
    const { count } = await removePoints.mutateAsync(ids);
    setSelectedIds((current) => current.filter((id) => !ids.includes(id)));
    void message.success(t('monitorUi.points.deleted', { count }));
  };

  const handleExport = () => {
    if (!chosen || !records.data) return;
    const rows = records.data.map((record) => [
      record.monitorTime,
      record.temperature,
      record.x,
      record.y,
      record.currentMm,
      record.cumulativeMm,
      record.alarm ? 1 : 0,
    ]);
    const header = ['monitorTime', 'temperature', 'x', 'y', 'currentMm', 'cumulativeMm', 'alarm'];
    downloadText(`${chosen.name}.csv`, Papa.unparse([header, ...rows]));
  };

  const frame = (children: React.ReactNode) => (
    <MonitoringPageFrame
      projectId={projectId}
      title={t('monitorUi.title')}
      backLabel={t('monitorUi.back')}
      testId="total-station-page"
    >
      {children}
    </MonitoringPageFrame>
  );
  if (points.isError) return frame(<LoadFailed onRetry={() => void points.refetch()} />);
  if (points.isPending) {
    return frame(
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>,
    );
  }

  const columns: TableColumnsType<MonitorPoint> = [
    { title: t('monitorUi.points.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('monitorUi.points.gps'),
      key: 'gps',
      render: (_, point) => `${point.lon.toFixed(7)}, ${point.lat.toFixed(7)}`,
    },
    {
      title: t('monitorUi.points.baseline'),
      key: 'baseline',
      render: (_, point) => [point.baseX, point.baseY, point.baseZ].filter((value) => value !== null).join(', '),
    },
    { title: t('monitorUi.points.threshold'), dataIndex: 'thresholdMm', key: 'thresholdMm' },
    { title: t('monitorUi.points.temperature'), dataIndex: 'temperature', key: 'temperature' },
    { title: t('monitorUi.points.records'), dataIndex: 'recordCount', key: 'recordCount' },
    { title: t('monitorUi.points.latest'), key: 'latest', render: (_, point) => point.latestCumulativeMm ?? '-' },
    {
      title: t('monitorUi.points.state'),
      key: 'state',
      render: (_, point) =>
        point.alarm ? (
          <Tag color="error" data-testid="point-alarm">
            {t('monitorUi.points.alarm')}
          </Tag>
        ) : (
          <Tag color="success">{t('monitorUi.points.normal')}</Tag>
        ),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('monitorUi.points.actions'),
      key: 'actions',
      render: (_, point) => (
        <Flex gap={4} onClick={(event) => event.stopPropagation()}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setDialog({ kind: 'point', point })}
            data-testid="point-edit"
          >
            {t('monitorUi.records.edit')}
          </Button>
          <Popconfirm
            title={t('monitorUi.points.deleteTitle', { name: point.name })}
            description={t('monitorUi.points.deleteContent')}
            onConfirm={() => handleRemove([point.id])}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="point-delete">
              {t('monitorUi.points.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    });
  }

  return frame(
    <>
      <Card
        title={t('monitorUi.points.title')}
        extra={
          canEdit && (
            <Flex gap={8}>
              <Button
                disabled={selectedIds.length === 0}
                onClick={() => setDialog({ kind: 'threshold' })}
                data-testid="points-threshold"
              >
                {t('monitorUi.points.batchThreshold')}
              </Button>
              <Popconfirm
                title={t('monitorUi.points.deleteSelectedTitle', { count: selectedIds.length })}
                description={t('monitorUi.points.deleteContent')}
                disabled={selectedIds.length === 0}
                onConfirm={() => handleRemove(selectedIds)}
              >
                <Button danger disabled={selectedIds.length === 0} data-testid="points-delete">
                  {t('monitorUi.points.deleteSelected')}
                </Button>
              </Popconfirm>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ kind: 'point', point: null })}
                data-testid="point-add"
              >
                {t('monitorUi.points.add')}
              </Button>
            </Flex>
          )
        }
      >
        {points.data.length === 0 ? (
          <Empty description={t('monitorUi.points.empty')} data-testid="points-empty" />
        ) : (
          <Table<MonitorPoint>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={points.data}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            rowSelection={
              canEdit
                ? { selectedRowKeys: selectedIds, onChange: (keys) => setSelectedIds(keys.map(Number)) }
                : undefined
            }
            onRow={(point) =>
              ({
                onClick: () => setChosenId(point.id),
                style: { cursor: 'pointer' },
                'data-testid': `point-row-${point.name}`,
                'data-chosen': point.id === chosen?.id,
              }) as React.HTMLAttributes<HTMLElement>
            }
            rowClassName={(point) => (point.id === chosen?.id ? 'ant-table-row-selected' : '')}
            data-testid="points-table"
          />
        )}
      </Card>

      {chosen && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <Card title={t('monitorUi.records.title', { name: chosen.name })} data-testid="records-card">
              {records.isPending ? (
                <Spin />
              ) : (
                <RecordsTable
                  key={chosen.id}
                  projectId={projectId}
                  pointId={chosen.id}
                  records={records.data ?? []}
                  canEdit={canEdit}
                  toolbar={
                    <>
                      {canEdit && (
                        <Button
                          icon={<ImportOutlined />}
                          onClick={() => setDialog({ kind: 'import' })}
                          data-testid="records-import"
                        >
                          {t('monitorUi.import.open')}
                        </Button>
                      )}
                      <Button
                        icon={<ExportOutlined />}
                        disabled={(records.data ?? []).length === 0}
                        onClick={handleExport}
                        data-testid="records-export"
                      >
                        {t('monitorUi.records.exportCsv')}
                      </Button>
                    </>
                  }
                />
              )}
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card title={t('monitorUi.chart.title')}>
              <DisplacementChart records={records.data ?? []} thresholdMm={chosen.thresholdMm} />
            </Card>
          </Col>
        </Row>
      )}

      {dialog?.kind === 'point' && (
        <PointDialog projectId={projectId} point={dialog.point} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'threshold' && (
        <ThresholdDialog
          title={t('monitorUi.points.batchThresholdTitle', { count: selectedIds.length })}
          label={t('monitorUi.points.threshold')}
          ids={selectedIds}
          saving={setThresholds.isPending}
          testId="monitor-threshold-form"
          onSave={async (thresholdMm) => {
            const saved = await setThresholds.mutateAsync({ ids: selectedIds, thresholdMm });
            return t('monitorUi.points.thresholdsSaved', { count: saved.length });
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'import' && chosen && (
        <ImportDialog
          projectId={projectId}
          pointId={chosen.id}
          takenTimes={takenTimes}
          onClose={() => setDialog(null)}
        />
      )}
    </>,
  );
}
