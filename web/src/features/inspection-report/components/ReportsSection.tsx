import { useState } from 'react';
import {
  App as AntdApp,
  Button,
  Card,
  Empty,
  Flex,
  Progress,
  Space,
  Table,
  Tag,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined, FileWordOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, type ErrorKey, type InspectionReport, type ReportState } from '@sightline/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { RowAction } from '../../../components/RowAction';
import { PAGE_SIZE, usePagination } from '../../../components/PagedTable';
import { usePermission } from '../../../session/permissions';
import { downloadReport, useDeleteReport, useReportAgain, useReportPage } from '../api';
import { NewReportDialog } from './NewReportDialog';
import { ReportPreview } from './ReportPreview';

const STATE_COLOURS: Record<ReportState, string> = {
  generating: 'processing',
  failed: 'error',
  latest: 'success',
  historical: 'default',
};

function StateCell({ report }: { report: InspectionReport }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={STATE_COLOURS[report.state]} data-testid="report-state" data-state={report.state}>
      {t(`reportUi.state.${report.state}`)}
    </Tag>
  );
  if (report.state === 'generating')
    return (
      <Space size={4}>
        {tag}
        <Progress percent={Math.round(report.progress * 100)} size="small" style={{ width: 90, margin: 0 }} />
      </Space>
    );
  return (
    <Space size={4}>
      {report.state === 'failed' && report.errorKey ? (
        <Tooltip title={t(`errors.${report.errorKey as ErrorKey}`)}>{tag}</Tooltip>
      ) : (
        tag
      )}
      {report.flagged && <Tag color="warning">{t('reportUi.flagged', { num: LIMITS.defectCountFlag })}</Tag>}
    </Space>
  );
}

/**
 * An inspection's reports (issue 16, SPEC sections 2 and 4): name, state (generating with its progress, failed with
 * its error, latest, historical), responsible person and generation time, a page at a time and kept live while one
 * generates; each downloads its Word file and opens its preview, and those who generate reports start one in three
 * steps, generate one again or delete it.
 */
export default function ReportsSection({ inspectionId, projectId }: { inspectionId: number; projectId: number }) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const canGenerate = usePermission('report:generate');
  const [pageNum, setPageNum] = useState(1);
  const [creating, setCreating] = useState(false);
  const [previewing, setPreviewing] = useState<InspectionReport | null>(null);
  const page = useReportPage(inspectionId, pageNum, PAGE_SIZE);
  const pagination = usePagination({ page, pageNum, onPageChange: setPageNum });
  const again = useReportAgain(inspectionId);
  const remove = useDeleteReport(inspectionId);

  const confirmDelete = (report: InspectionReport) =>
    modal.confirm({
      title: t('reportUi.deleteTitle', { name: report.name }),
      content: t('reportUi.deleteContent'),
      okText: t('reportUi.action.delete'),
      okButtonProps: { danger: true, 'data-testid': 'report-delete-confirm' },
      cancelText: t('ui.common.cancel'),
      onOk: () =>
        remove.mutateAsync(report.id).then(
          () => void message.success(t('reportUi.deleted')),
          () => undefined,
        ),
    });

  const columns: TableColumnsType<InspectionReport> = [
    {
      title: t('reportUi.column.name'),
      key: 'name',
      ellipsis: true,
      render: (_value, report) => (
        <Space size={4}>
          {report.name}
          {report.template !== 'inspection' && <Tag>{t(`reportUi.cover.templates.${report.template}`)}</Tag>}
        </Space>
      ),
    },
    { title: t('reportUi.column.state'), key: 'state', render: (_value, report) => <StateCell report={report} /> },
    {
      title: t('reportUi.column.createdBy'),
      key: 'createdBy',
      render: (_value, report) => report.createdBy?.name ?? '—',
    },
    {
      title: t('reportUi.column.finishedAt'),
      key: 'finishedAt',
      render: (_value, report) => (report.finishedAt ? new Date(report.finishedAt).toLocaleString() : '—'),
    },
    {
      title: t('reportUi.column.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_value, report) => (
        <Flex gap={2}>
          <RowAction
            label={t('reportUi.action.download')}
            icon={<DownloadOutlined />}
            disabled={!report.wordUrl}
            onClick={() => void downloadReport(report.wordUrl!)}
            testId="report-download"
          />
          <RowAction
            label={t('reportUi.action.preview')}
            icon={<EyeOutlined />}
            disabled={report.state === 'generating' || report.state === 'failed'}
            onClick={() => setPreviewing(report)}
            testId="report-preview"
          />
          {canGenerate && (
            <>
              <RowAction
                label={t('reportUi.action.again')}
                icon={<RedoOutlined />}
                disabled={report.state === 'generating'}
                onClick={() =>
                  again.mutate(report.id, { onSuccess: () => void message.success(t('reportUi.againStarted')) })
                }
                testId="report-again"
              />
              <RowAction
                label={t('reportUi.action.delete')}
                icon={<DeleteOutlined />}
                danger
                onClick={() => confirmDelete(report)}
                testId="report-delete"
              />
            </>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Card
      title={t('reportUi.title')}
      style={{ width: '100%' }}
      data-testid="report-section"
      extra={
        canGenerate && (
          <Button
            type="primary"
            size="small"
            icon={<FileWordOutlined />}
            onClick={() => setCreating(true)}
            data-testid="report-create"
          >
            {t('reportUi.create')}
          </Button>
        )
      }
    >
      {page.isError && !page.data ? (
        <LoadFailed onRetry={() => void page.refetch()} />
      ) : (
        <Table<InspectionReport>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={page.data?.records ?? []}
          loading={page.isFetching && !page.data}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          onRow={(report) =>
            ({ 'data-testid': 'report-row', 'data-report-id': report.id, 'data-state': report.state }) as object
          }
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('reportUi.empty')}
                data-testid="report-empty"
              />
            ),
          }}
        />
      )}
      {creating && (
        <NewReportDialog inspectionId={inspectionId} projectId={projectId} onClose={() => setCreating(false)} />
      )}
      {previewing && <ReportPreview report={previewing} onClose={() => setPreviewing(null)} />}
    </Card>
  );
}
