import { useState } from 'react';
import { Alert, App as AntdApp, Button, Flex, Modal, Table, Typography, Upload, type TableColumnsType } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CameraParam } from '@sightline/shared';
import { isApiError } from '../../../api/client';
import { useCameraParams, useImportCameraParams } from '../api';
import { cameraImportIssueLines } from '../camera-import-issues';

/**
 * The team's camera parameters (SPEC section 3): the list, and an import of a CSV or JSON file whose bad rows
 * come back one line each (row and column), with nothing imported.
 */
export function CameraParamsDialog({ editable, onClose }: { editable: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const cameras = useCameraParams();
  const importer = useImportCameraParams();
  const [problems, setProblems] = useState<string[] | null>(null);

  const handleImport = async (file: File) => {
    setProblems(null);
    try {
      const result = await importer.mutateAsync(file);
      void message.success(t('inspectionUi.camera.imported', result));
    } catch (error) {
      if (isApiError(error) && error.key === 'VALIDATION_ERROR') setProblems(cameraImportIssueLines(error.issues));
    }
  };

  const columns: TableColumnsType<CameraParam> = [
    { title: t('inspectionUi.camera.model'), dataIndex: 'model' },
    {
      title: t('inspectionUi.camera.sensor'),
      key: 'sensor',
      render: (_value, camera) => `${camera.sensorWidthMm} × ${camera.sensorHeightMm}`,
    },
    { title: t('inspectionUi.camera.focalLength'), dataIndex: 'focalLengthMm' },
    {
      title: t('inspectionUi.camera.resolution'),
      key: 'resolution',
      render: (_value, camera) => `${camera.imageWidthPx} × ${camera.imageHeightPx}`,
    },
  ];

  return (
    <Modal
      open
      width={760}
      title={t('inspectionUi.camera.title')}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="camera-close">
          {t('inspectionUi.camera.close')}
        </Button>
      }
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="camera-params">
        <Typography.Text type="secondary">{t('inspectionUi.camera.hint')}</Typography.Text>
        {editable && (
          <Flex align="center" gap={12} wrap>
            <Upload
              accept=".json,.csv,application/json,text/csv"
              showUploadList={false}
              beforeUpload={(file) => {
                void handleImport(file);
                return false;
              }}
            >
              <Button icon={<ImportOutlined />} loading={importer.isPending} data-testid="camera-import">
                {t('inspectionUi.camera.import')}
              </Button>
            </Upload>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('inspectionUi.camera.format')}
            </Typography.Text>
          </Flex>
        )}
        {problems && (
          <Alert
            type="error"
            showIcon
            closable
            onClose={() => setProblems(null)}
            message={t('inspectionUi.camera.importFailed')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="camera-import-problems">
                {problems.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            }
          />
        )}
        <Table<CameraParam>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={cameras.data ?? []}
          loading={cameras.isFetching}
          pagination={false}
          scroll={{ y: 360 }}
          locale={{ emptyText: t('inspectionUi.camera.empty') }}
          data-testid="camera-table"
        />
      </Flex>
    </Modal>
  );
}
