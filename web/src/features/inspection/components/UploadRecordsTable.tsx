import { useState } from 'react';
import { App as AntdApp, Button, Empty, Flex, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ImagesRecord } from '@sightline/shared';
import { copyText } from '../../../lib/copy-text';
import { formatBytes } from '../../../lib/sizes';
import { useUploadRecord, useUploadRecords } from '../api';

/** The files of one record that are not in the inspection, to choose again in the upload dialog. */
function MissingFilesDialog({ inspectionId, id, onClose }: { inspectionId: number; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const record = useUploadRecord(inspectionId, id);
  const names = record.data?.missingFiles.map((file) => file.name) ?? [];
  const handleCopy = async () => {
    if (await copyText(names.join('\n'))) void message.success(t('inspectionPhotos.records.copied'));
  };
  return (
    <Modal
      open
      title={t('inspectionPhotos.records.missingTitle')}
      onCancel={onClose}
      footer={
        <Button icon={<CopyOutlined />} onClick={() => void handleCopy()} disabled={names.length === 0}>
          {t('inspectionPhotos.records.copy')}
        </Button>
      }
      data-testid="upload-record-missing"
    >
      <Typography.Paragraph type="secondary">{t('inspectionPhotos.records.missingHint')}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="name"
        loading={record.isPending}
        dataSource={record.data?.missingFiles ?? []}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        columns={[
          { dataIndex: 'name', title: t('inspectionPhotos.withoutPose.name'), ellipsis: true },
          { dataIndex: 'size', width: 110, align: 'right', render: (size: number) => formatBytes(size) },
        ]}
      />
    </Modal>
  );
}

/**
 * Upload records: each batch started in the upload dialog, by whom and when, with how many of its files arrived,
 * were processed or failed, and the ones that never arrived (from any computer, for anyone in the project).
 */
export function UploadRecordsTable({ inspectionId }: { inspectionId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [showing, setShowing] = useState<number | null>(null);
  const records = useUploadRecords(inspectionId, page);

  const columns: TableColumnsType<ImagesRecord> = [
    {
      title: t('inspectionPhotos.records.time'),
      dataIndex: 'createdAt',
      width: 150,
      render: (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('inspectionPhotos.records.user'),
      dataIndex: 'createdBy',
      ellipsis: true,
      render: (user: ImagesRecord['createdBy']) => user?.name ?? t('inspectionPhotos.records.unknownUser'),
    },
    {
      title: t('inspectionPhotos.records.group'),
      key: 'group',
      render: (_, record) => (
        <Flex vertical>
          <span>{record.imageGroupName}</span>
          <Typography.Text type="secondary">{t(`inspectionUi.group.category.${record.category}`)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('inspectionPhotos.records.files'),
      key: 'files',
      render: (_, record) => (
        <Flex vertical>
          <span>{record.fileCount}</span>
          <Typography.Text type="secondary">{formatBytes(record.totalBytes)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('inspectionPhotos.records.arrived'),
      key: 'counts',
      render: (_, record) => (
        <Flex gap={4} wrap data-testid="upload-record-counts">
          <Tag>{`${t('inspectionPhotos.records.arrived')} ${record.arrived}`}</Tag>
          <Tag color="success">{`${t('inspectionPhotos.records.processed')} ${record.processed}`}</Tag>
          {record.failed > 0 && <Tag color="error">{`${t('inspectionPhotos.records.failed')} ${record.failed}`}</Tag>}
        </Flex>
      ),
    },
    {
      title: t('inspectionPhotos.records.missing'),
      dataIndex: 'missing',
      render: (missing: number, record) =>
        missing === 0 ? (
          <Tag color="success">{t('inspectionPhotos.records.complete')}</Tag>
        ) : (
          <Typography.Link onClick={() => setShowing(record.id)} data-testid="upload-record-show-missing">
            {t('inspectionPhotos.records.showMissing', { count: missing })}
          </Typography.Link>
        ),
    },
  ];

  return (
    <>
      <Table
        size="small"
        rowKey="id"
        loading={records.isPending}
        columns={columns}
        dataSource={records.data?.records ?? []}
        locale={{ emptyText: <Empty description={t('inspectionPhotos.records.empty')} /> }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: records.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (pageNum) => setPage({ ...page, pageNum }),
        }}
        data-testid="upload-records"
      />
      {showing !== null && (
        <MissingFilesDialog inspectionId={inspectionId} id={showing} onClose={() => setShowing(null)} />
      )}
    </>
  );
}
