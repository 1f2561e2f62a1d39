import { useState } from 'react';
import { Alert, App as AntdApp, Button, Flex, Modal, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { SURVEY_FILE_COLUMNS, readSurveyTable, surveyFileTemplate, type SurveyFileRow } from '@sightline/shared';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { translate } from '../../../i18n';
import { readSurveyCells, surveyFileKind } from '../survey-file-reader';
import { useImportRecords } from '../api';
import { downloadText } from '../download';

/**
 * Imports surveys from a CSV or Excel file: every row is checked in the browser with the contract's schema and
 * previewed, each bad row with its row number and what is wrong; the good rows go to the batch call, which checks
 * them again. A refusal by the server (a time recorded meanwhile) is put back on its file row.
 */
export function ImportDialog({
  projectId,
  pointId,
  takenTimes,
  onClose,
}: {
  projectId: number;
  pointId: number;
  takenTimes: ReadonlySet<string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const importRecords = useImportRecords(projectId);
  const [rows, setRows] = useState<SurveyFileRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const fieldName = (field: string) => t(`monitorUi.records.${field as 'time'}`);
  const issueText = (row: SurveyFileRow) =>
    row.issues.map(
      (issue) =>
        `${fieldName(issue.field === 'monitorTime' ? 'time' : issue.field)}: ${translate(`validation.${issue.key}`)}`,
    );

  const handleFile = async (file: File) => {
    setRows(null);
    const kind = surveyFileKind(file.name);
    if (kind === null) {
      setProblem(t('monitorUi.import.fileType'));
      return;
    }
    try {
      const reading = readSurveyTable(await readSurveyCells(file, kind), takenTimes);
      if (!reading.ok) setProblem(t('monitorUi.import.missingColumns', { columns: reading.missingColumns.join(', ') }));
      else if (reading.rows.length === 0) setProblem(t('monitorUi.import.noRows'));
      else {
        setProblem(null);
        setRows(reading.rows);
      }
    } catch {
      setProblem(t('monitorUi.import.readFailed'));
    }
  };

  const valid = (rows ?? []).filter((row) => row.record !== null);
  const invalidCount = (rows ?? []).length - valid.length;

  const handleImport = async () => {
    try {
      const saved = await importRecords.mutateAsync({
        monitorPointId: pointId,
        records: valid.map((row) => row.record as NonNullable<SurveyFileRow['record']>),
      });
      void message.success(t('monitorUi.import.imported', { count: valid.length }));
      void saved;
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      // records.<i>.<field> names the i-th row sent, which is valid[i] of the file.
      const refused = new Map<number, SurveyFileRow['issues']>();
      for (const issue of error.issues) {
        const [, index, field] = issue.path.split('.');
        const row = valid[Number(index)];
        if (row)
          refused.set(row.row, [...(refused.get(row.row) ?? []), { field: field as 'monitorTime', key: issue.key }]);
      }
      if (refused.size > 0) {
        setRows((current) =>
          (current ?? []).map((row) =>
            refused.has(row.row) ? { ...row, record: null, issues: refused.get(row.row) ?? [] } : row,
          ),
        );
      }
    }
  };

  return (
    <Modal
      open
      width={860}
      title={t('monitorUi.import.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between">
          <Button
            icon={<DownloadOutlined />}
            onClick={() => downloadText('survey-template.csv', surveyFileTemplate())}
            data-testid="import-template"
          >
            {t('monitorUi.import.template')}
          </Button>
          <Flex gap={8}>
            <Button onClick={onClose}>{t('ui.common.cancel')}</Button>
            <Button
              type="primary"
              disabled={valid.length === 0}
              loading={importRecords.isPending}
              onClick={() => void handleImport()}
              data-testid="import-submit"
            >
              {t('monitorUi.import.submit', { count: valid.length })}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {t('monitorUi.import.hint', { columns: SURVEY_FILE_COLUMNS.join(', ') })}
        </Typography.Text>
        <Upload
          accept=".csv,.txt,.xlsx"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            void handleFile(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="import-choose">
            {t('monitorUi.import.choose')}
          </Button>
        </Upload>
        {problem && <Alert type="error" showIcon title={problem} data-testid="import-problem" />}
        {rows && (
          <>
            <Alert
              type={invalidCount > 0 ? 'warning' : 'success'}
              showIcon
              title={
                invalidCount > 0
                  ? `${t('monitorUi.import.validRows', { count: valid.length })} · ${t('monitorUi.import.invalidRows', { count: invalidCount })}`
                  : t('monitorUi.import.validRows', { count: valid.length })
              }
              data-testid="import-summary"
            />
            <Table<SurveyFileRow>
              size="small"
              rowKey="row"
              dataSource={rows}
              pagination={{ pageSize: 8, hideOnSinglePage: true }}
              onRow={(row) => ({ 'data-testid': `import-row-${row.row}` }) as React.HTMLAttributes<HTMLElement>}
              columns={[
                { title: t('monitorUi.import.row'), dataIndex: 'row', width: 64 },
                { title: t('monitorUi.records.time'), render: (_, row) => row.record?.monitorTime ?? '' },
                { title: t('monitorUi.records.temperature'), render: (_, row) => row.record?.temperature ?? '' },
                { title: t('monitorUi.records.x'), render: (_, row) => row.record?.x ?? '' },
                { title: t('monitorUi.records.y'), render: (_, row) => row.record?.y ?? '' },
                {
                  title: t('monitorUi.import.status'),
                  render: (_, row) =>
                    row.record ? (
                      <Tag color="success">{t('monitorUi.import.valid')}</Tag>
                    ) : (
                      <Typography.Text type="danger" data-testid="import-row-error">
                        {issueText(row).join('; ')}
                      </Typography.Text>
                    ),
                },
              ]}
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}
