import { useState } from 'react';
import {
  App as AntdApp,
  Alert,
  Button,
  Checkbox,
  Empty,
  Form,
  Modal,
  Progress,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEFECT_EXPORT_DEFAULT_FIELDS,
  DEFECT_EXPORT_FIELDS,
  LIMITS,
  isLargeDefectExport,
  type DefectExportField,
  type ErrorKey,
  type InspectionExcel,
} from '@sightline/shared';
import { usePermission } from '../../../session/permissions';
import { useProjectDefectFields, type DefectListFilter } from '../api';
import { downloadExport, useDeleteExport, useExportRecords, useStartExport } from '../export-api';
import { cappedCount } from '../defect-display';

const RECORDS_PER_PAGE = 5;
const STATE_COLOURS = { generating: 'processing', done: 'success', failed: 'error' } as const;

const sizeText = (bytes: number | null) =>
  bytes === null ? '' : bytes < 2 ** 20 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** The export records of the inspection: state and progress, count and flag, size, time, creator, download, delete. */
function ExportRecords({ inspectionId }: { inspectionId: number }) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const [pageNum, setPageNum] = useState(1);
  const records = useExportRecords(inspectionId, pageNum, RECORDS_PER_PAGE);
  const remove = useDeleteExport(inspectionId);
  const canExport = usePermission('defect:export');
  const confirmDelete = (record: InspectionExcel) =>
    modal.confirm({
      title: t('defectExport.records.deleteTitle', { name: record.name }),
      content: t('defectExport.records.deleteContent'),
      okText: t('defectExport.records.delete'),
      okButtonProps: { danger: true },
      cancelText: t('ui.common.cancel'),
      onOk: () =>
        remove.mutateAsync(record.id).then(
          () => void message.success(t('defectExport.records.deleted')),
          () => undefined,
        ),
    });
  if (records.isError && !records.data)
    return <Alert type="error" showIcon message={t('defectExport.records.loadFailed')} />;
  return (
    <Table<InspectionExcel>
      rowKey="id"
      size="small"
      data-testid="export-records"
      loading={records.isFetching && !records.data}
      dataSource={records.data?.records ?? []}
      locale={{ emptyText: <Empty description={t('defectExport.records.empty')} /> }}
      pagination={{
        current: pageNum,
        pageSize: RECORDS_PER_PAGE,
        total: records.data?.total ?? 0,
        onChange: setPageNum,
        hideOnSinglePage: true,
      }}
      onRow={(record) => ({ 'data-testid': `export-record-${record.state}` }) as object}
      columns={[
        { title: t('defectExport.records.name'), dataIndex: 'name', ellipsis: true },
        {
          title: t('defectExport.records.state'),
          render: (_, record) =>
            record.state === 'generating' ? (
              <Progress percent={Math.round(record.progress * 100)} size="small" style={{ width: 100 }} />
            ) : (
              <Tag color={STATE_COLOURS[record.state]}>
                {record.state === 'failed' && record.errorKey
                  ? t(`errors.${record.errorKey as ErrorKey}`)
                  : t(`defectExport.state.${record.state}`)}
              </Tag>
            ),
        },
        {
          title: t('defectExport.records.count'),
          render: (_, record) => (
            <Space size={4}>
              {record.defectCount}
              {record.flagged && (
                <Tag color="warning">{t('defectExport.records.flagged', { num: LIMITS.defectCountFlag })}</Tag>
              )}
            </Space>
          ),
        },
        { title: t('defectExport.records.size'), render: (_, record) => sizeText(record.sizeBytes) },
        {
          title: t('defectExport.records.createdAt'),
          render: (_, record) => new Date(record.createdAt).toLocaleString(),
        },
        { title: t('defectExport.records.createdBy'), render: (_, record) => record.createdBy?.name ?? '' },
        {
          title: t('defectExport.records.actions'),
          render: (_, record) => (
            <Space size={0}>
              <Button
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                disabled={record.state !== 'done'}
                onClick={() => void downloadExport(record)}
                data-testid="export-download"
              >
                {t('defectExport.records.download')}
              </Button>
              {canExport && (
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => confirmDelete(record)}
                  data-testid="export-delete"
                >
                  {t('defectExport.records.delete')}
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}

/**
 * The defect list's "Export" button and its dialog: the columns (sensible defaults), the project's custom fields,
 * thumbnails on or off, how many defects the list's filters export with the warning above 5,000 (and the refusal
 * beyond the limit), and the inspection's export records below.
 */
export function DefectExportButton({
  inspectionId,
  projectId,
  filter,
  total,
  totalCapped,
}: {
  inspectionId: number;
  projectId: number;
  filter: DefectListFilter;
  /** How many defects the list shows with these filters. */
  total: number | undefined;
  /** The list shows more than `total`: its count stopped there. */
  totalCapped: boolean | undefined;
}) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<DefectExportField[]>([...DEFECT_EXPORT_DEFAULT_FIELDS]);
  const [customFieldIds, setCustomFieldIds] = useState<number[]>([]);
  const [thumbnails, setThumbnails] = useState(true);
  const customFields = useProjectDefectFields(projectId);
  const start = useStartExport(inspectionId);
  const canExport = usePermission('defect:export');
  const count = total ?? 0;
  const tooMany = totalCapped === true || count > LIMITS.defectExportMax;
  const submit = () =>
    start.mutate(
      { inspectionId, ...filter, fields, customFieldIds, thumbnails },
      { onSuccess: () => void message.success(t('defectExport.dialog.started')) },
    );
  return (
    <>
      <Button size="small" icon={<FileExcelOutlined />} onClick={() => setOpen(true)} data-testid="defect-export">
        {t('defectExport.button')}
      </Button>
      <Modal
        open={open}
        width={900}
        title={t('defectExport.dialog.title')}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
      >
        {canExport && (
          <Form layout="vertical" onFinish={submit} data-testid="export-form">
            <Form.Item
              label={t('defectExport.dialog.fields')}
              validateStatus={fields.length === 0 ? 'error' : undefined}
              help={fields.length === 0 ? t('defectExport.dialog.fieldsRequired') : undefined}
            >
              <Checkbox.Group
                value={fields}
                onChange={(chosen) =>
                  setFields(DEFECT_EXPORT_FIELDS.filter((field) => (chosen as string[]).includes(field)))
                }
                options={DEFECT_EXPORT_FIELDS.map((field) => ({
                  value: field,
                  label: t(`defectExport.column.${field}`),
                }))}
                data-testid="export-fields"
              />
            </Form.Item>
            {(customFields.data?.length ?? 0) > 0 && (
              <Form.Item label={t('defectExport.dialog.customFields')}>
                <Select
                  mode="multiple"
                  value={customFieldIds}
                  onChange={setCustomFieldIds}
                  options={customFields.data!.map((field) => ({ value: field.id, label: field.name }))}
                />
              </Form.Item>
            )}
            <Form.Item label={t('defectExport.dialog.thumbnails')}>
              <Switch checked={thumbnails} onChange={setThumbnails} data-testid="export-thumbnails" />
            </Form.Item>
            <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
              <Typography.Text data-testid="export-count">
                {t('defectExport.dialog.filtered', { count: cappedCount(count, totalCapped) })}
              </Typography.Text>
              {count === 0 && <Alert type="info" showIcon message={t('defectExport.dialog.none')} />}
              {tooMany ? (
                <Alert
                  type="error"
                  showIcon
                  message={t('defectExport.dialog.tooMany', { num: LIMITS.defectExportMax })}
                />
              ) : (
                isLargeDefectExport(count) && (
                  <Alert
                    type="warning"
                    showIcon
                    message={t('defectExport.dialog.large', { num: LIMITS.defectCountFlag })}
                    data-testid="export-large-warning"
                  />
                )
              )}
            </Space>
            <Button
              type="primary"
              htmlType="submit"
              loading={start.isPending}
              disabled={fields.length === 0 || count === 0 || tooMany}
              data-testid="export-start"
            >
              {t('defectExport.dialog.start')}
            </Button>
          </Form>
        )}
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('defectExport.records.title')}
        </Typography.Title>
        <ExportRecords inspectionId={inspectionId} />
      </Modal>
    </>
  );
}
