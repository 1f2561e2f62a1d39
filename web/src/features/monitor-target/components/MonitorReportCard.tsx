import { App as AntdApp, Button, Card, Descriptions, Flex, Progress, Tag, Typography } from 'antd';
import { CloseOutlined, DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import type { ErrorKey, InspectionReport, ReportState } from '@sightline/shared';
import { useTranslation } from 'react-i18next';
import { downloadReport } from '../../../api/report-files';
import { LoadFailed } from '../../../components/LoadFailed';
import { useMonitorReport, useMonitorReportAgain } from '../api';

const STATE_COLOURS: Record<ReportState, string> = {
  generating: 'processing',
  failed: 'error',
  latest: 'success',
  historical: 'default',
};

/**
 * The monitoring report generated from the page: its state (with progress while generating, its error when it
 * failed), its period and selection, its Word and PDF downloads once written, and, for those who may, a new report
 * written again from the data as it is now (POST /inspection-report/again/monitor/data), shown in its place.
 */
export function MonitorReportCard({
  reportId,
  canRegenerate,
  onShow,
  onClose,
}: {
  reportId: number;
  canRegenerate: boolean;
  onShow: (report: InspectionReport) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const query = useMonitorReport(reportId);
  const again = useMonitorReportAgain();
  const report = query.data;

  if (query.isError && !report) return <LoadFailed onRetry={() => void query.refetch()} />;
  const all = t('targetUi.report.all');
  const open = t('targetUi.report.openEnd');
  return (
    <Card
      title={t('targetUi.report.card', { name: report?.name ?? '' })}
      loading={!report}
      data-testid="monitor-report"
      data-state={report?.state}
      data-report-id={reportId}
      extra={<Button type="text" icon={<CloseOutlined />} aria-label={t('targetUi.report.close')} onClick={onClose} />}
    >
      {report && (
        <Flex vertical gap={12}>
          <Flex gap={8} align="center">
            <Tag color={STATE_COLOURS[report.state]} data-testid="monitor-report-state">
              {t(`reportUi.state.${report.state}`)}
            </Tag>
            {report.state === 'generating' && (
              <Progress percent={Math.round(report.progress * 100)} size="small" style={{ width: 120, margin: 0 }} />
            )}
            {report.state === 'failed' && report.errorKey && (
              <Typography.Text type="danger">{t(`errors.${report.errorKey as ErrorKey}`)}</Typography.Text>
            )}
          </Flex>
          <Descriptions size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('targetUi.report.period')}>
              {`${report.monitor?.from ?? open} – ${report.monitor?.to ?? open}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('targetUi.report.generatedAt')}>
              {report.finishedAt ? new Date(report.finishedAt).toLocaleString() : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('targetUi.report.points')}>
              {report.monitor?.pointIds?.length ?? all}
            </Descriptions.Item>
            <Descriptions.Item label={t('targetUi.report.targets')}>
              {report.monitor?.targetIds?.length ?? all}
            </Descriptions.Item>
          </Descriptions>
          <Flex gap={8} wrap>
            <Button
              icon={<DownloadOutlined />}
              disabled={!report.wordUrl}
              onClick={() => void downloadReport(report.wordUrl!)}
              data-testid="monitor-report-word"
            >
              {t('targetUi.report.word')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              disabled={!report.pdfUrl}
              onClick={() => void downloadReport(report.pdfUrl!)}
              data-testid="monitor-report-pdf"
            >
              {t('targetUi.report.pdf')}
            </Button>
            {canRegenerate && (
              <Button
                icon={<RedoOutlined />}
                disabled={report.state === 'generating'}
                loading={again.isPending}
                onClick={() =>
                  again.mutate(report.id, {
                    onSuccess: (fresh) => {
                      onShow(fresh);
                      void message.success(t('reportUi.againStarted'));
                    },
                  })
                }
                data-testid="monitor-report-again"
              >
                {t('reportUi.action.again')}
              </Button>
            )}
          </Flex>
          {!report.pdfAvailable && <Typography.Text type="secondary">{t('targetUi.report.wordOnly')}</Typography.Text>}
        </Flex>
      )}
    </Card>
  );
}
