import { App as AntdApp, Button, Flex, Progress, Tooltip, Typography } from 'antd';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadReport } from '../../../api/report-files';
import { translate } from '../../../i18n';
import { useExportTrainingSet, useTrainingSets } from '../model-api';

/**
 * The inspection's training-set export (issue 14): a button that starts it, its progress while the job writes it,
 * then a download of the zip (photos, masks and a manifest with the held-back split) for the training tool.
 */
export function TrainingSetExport({ inspectionId, canExport }: { inspectionId: number; canExport: boolean }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const sets = useTrainingSets(inspectionId);
  const exporter = useExportTrainingSet(inspectionId);
  const latest = sets.data?.[0];

  return (
    <Flex align="center" gap={12} wrap data-testid="ai-training-set">
      {canExport && (
        <Tooltip title={t('aiUi.trainingSet.hint')}>
          <Button
            size="small"
            icon={<ExportOutlined />}
            loading={exporter.isPending}
            disabled={latest?.state === 'generating'}
            onClick={() =>
              exporter.mutate(undefined, { onSuccess: () => void message.success(t('aiUi.trainingSet.started')) })
            }
            data-testid="ai-training-set-export"
          >
            {t('aiUi.trainingSet.export')}
          </Button>
        </Tooltip>
      )}
      {latest?.state === 'generating' && (
        <Flex align="center" gap={8} data-testid="ai-training-set-progress">
          <Typography.Text type="secondary">{t('aiUi.trainingSet.exporting')}</Typography.Text>
          <Progress percent={Math.floor(latest.progress * 100)} size="small" style={{ width: 120, margin: 0 }} />
        </Flex>
      )}
      {latest?.state === 'done' && latest.fileUrl && (
        <Flex align="center" gap={8}>
          <Button
            size="small"
            type="link"
            icon={<DownloadOutlined />}
            onClick={() => void downloadReport(latest.fileUrl!)}
            data-testid="ai-training-set-download"
          >
            {t('aiUi.trainingSet.download')}
          </Button>
          <Typography.Text type="secondary" data-testid="ai-training-set-count" data-count={latest.photoCount}>
            {t('aiUi.trainingSet.photos', { count: latest.photoCount, heldBack: latest.heldBackCount })}
          </Typography.Text>
        </Flex>
      )}
      {latest?.state === 'failed' && (
        <Typography.Text type="danger" data-testid="ai-training-set-failed">
          {t('aiUi.trainingSet.failed')}
          {latest.errorKey ? `: ${translate(`errors.${latest.errorKey}`)}` : ''}
        </Typography.Text>
      )}
    </Flex>
  );
}
