import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InspectionReport } from '@sightline/shared';
import { reportKeys, signedReportUrl } from '../api';

/**
 * A written report's preview: its PDF inline in the browser's viewer, or, on a deployment without LibreOffice (Word
 * only), a note saying how to get the PDF.
 */
export function ReportPreview({ report, onClose }: { report: InspectionReport; onClose: () => void }) {
  const { t } = useTranslation();
  const previewUrl = report.previewUrl;
  const source = useQuery({
    queryKey: reportKeys.preview(report.id),
    enabled: previewUrl !== null,
    staleTime: Infinity,
    queryFn: () => signedReportUrl(previewUrl!),
  });
  return (
    <Drawer
      open
      size="large"
      width="min(960px, 100vw)"
      title={t('reportUi.preview.title', { name: report.name })}
      onClose={onClose}
      closable={false}
      extra={
        <Button onClick={onClose} data-testid="report-preview-close">
          {t('reportUi.preview.close')}
        </Button>
      }
      styles={{ body: { display: 'flex', flexDirection: 'column', padding: previewUrl ? 0 : undefined } }}
      data-testid="report-preview-drawer"
    >
      {previewUrl === null ? (
        <Alert type="info" showIcon title={t('reportUi.preview.noPdf')} data-testid="report-preview-no-pdf" />
      ) : source.data ? (
        <iframe
          title={report.name}
          src={source.data}
          style={{ flex: 1, width: '100%', border: 0 }}
          data-testid="report-preview-frame"
        />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
