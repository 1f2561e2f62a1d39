import { useMemo, useState } from 'react';
import {
  App as AntdApp,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Popconfirm,
  Result,
  Row,
  Spin,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  ImportOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import Papa from 'papaparse';
import type { MonitorPoint } from '@sightline/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { MenuPageProps } from '../../../session/menu-routes';
import { usePermission } from '../../../session/permissions';
import { useProjectDetail } from '../../../api/project';
import { LoadFailed } from '../../../components/LoadFailed';
import { projectIdParam, projectPaths } from '../../../lib/project-paths';
import { useDisplacementRecords, useMonitorPoints, useRemovePoints } from '../api';
import { DisplacementChart } from '../components/DisplacementChart';
import { ImportDialog } from '../components/ImportDialog';
import { PointDialog } from '../components/PointDialog';
import { RecordsTable } from '../components/RecordsTable';
import { ThresholdDialog } from '../components/ThresholdDialog';
import { downloadText } from '../download';

type Dialog = { kind: 'point'; point: MonitorPoint | null } | { kind: 'threshold' } | { kind: 'import' } | null;

/**
 * Total-station monitoring of a project (SPEC sections 1 to 3): its monitoring points with their baseline and
 * threshold, and for the chosen point its surveys (entered inline or imported), displacements and chart.
 */
export default function TotalStationPage(_props: MenuPageProps) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const navigate = useNavigate();
  const projectId = projectIdParam(useParams().id) ?? 0;
  const project = useProjectDetail(projectId || null);
  const points = useMonitorPoints(projectId);
  const canEdit = usePermission('monitor:edit');
  const removePoints = useRemovePoints(projectId);
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

  if (project.isError) {
    return (
      <Result
        status="warning"
        title={t('errors.PROJECT_NO_ERROR')}
        extra={<Button onClick={() => void navigate(projectPaths.home)}>{t('ui.common.backHome')}</Button>}
      />
    );
  }
  if (points.isError) return <LoadFailed onRetry={() => void points.refetch()} />;
  if (points.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
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

  return (
    <Flex vertical gap={16} data-testid="total-station-page">
      <Flex align="center" gap={12}>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          onClick={() => void navigate(projectPaths.view(projectId))}
          aria-label={t('monitorUi.back')}
        />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('monitorUi.title')}
          {project.data ? ` · ${project.data.name}` : ''}
        </Typography.Title>
      </Flex>

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
        <ThresholdDialog projectId={projectId} ids={selectedIds} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'import' && chosen && (
        <ImportDialog
          projectId={projectId}
          pointId={chosen.id}
          takenTimes={takenTimes}
          onClose={() => setDialog(null)}
        />
      )}
    </Flex>
  );
}
