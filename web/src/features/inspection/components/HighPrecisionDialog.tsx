import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  App as AntdApp,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Modal,
  Progress,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { CloudUploadOutlined, DeleteOutlined, FolderOpenOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, type HighPrecisionImport, type HighPrecisionState, type ImageGroup } from '@sightline/shared';
import { isApiError } from '../../../api/client';
import { translate } from '../../../i18n';
import { formatBytes, tooLarge } from '../../../lib/sizes';
import { usePermission } from '../../../session/permissions';
import { folderSignature, isOtherFolder, screenFolder, screenPointCloud } from '../high-precision-folder';
import {
  useHighPrecisionActions,
  useHighPrecisionImport,
  usePointCloud,
  usePointCloudUpload,
  useRemovePointCloud,
} from '../hooks/useHighPrecision';
import { usePhotoUpload } from '../hooks/usePhotoUpload';

const STATE_COLOURS: Record<HighPrecisionState, string> = {
  pending: 'default',
  queuing: 'processing',
  calculating: 'processing',
  canceling: 'warning',
  calculated: 'success',
  exception: 'error',
};
const RUNNING: readonly HighPrecisionState[] = ['queuing', 'calculating', 'canceling'];

/** Files chosen with `webkitdirectory`: its attribute is not in React's types. */
const directoryProps = { webkitdirectory: '', directory: '' } as Record<string, string>;

interface Refusal {
  key: string;
  params?: Record<string, string | number> | undefined;
  names?: string[];
  ambiguous?: string[];
}

/**
 * The high-precision transform of an inspection (SPEC sections 2, 4, 5): choose a folder with one pose XML and its
 * images, answer the match (continue with fewer images, a mismatch lists the names), upload the images not yet in
 * the inspection through the photo upload, then follow the calculation (cancel, delete); and the project's point
 * cloud (.pcd with its .xml).
 */
export function HighPrecisionDialog({
  inspectionId,
  projectId,
  groups,
  onClose,
}: {
  inspectionId: number;
  projectId: number;
  groups: readonly ImageGroup[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const canChange = usePermission('image:upload');
  const current = useHighPrecisionImport(inspectionId);
  const actions = useHighPrecisionActions(inspectionId);
  const photos = usePhotoUpload(inspectionId);
  const [chosenGroupId, setGroupId] = useState<number | null>(null);
  // The first group until one is chosen: the groups may still be loading when the dialog opens.
  const groupId = chosenGroupId ?? groups[0]?.id ?? null;
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [chosenImages, setChosenImages] = useState<File[]>([]);
  /** The folder's photos are being sent for the import: start its calculation when they are. */
  const startWhenUploaded = useRef(false);
  const lastFolder = useRef<string | null>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const row = current.data ?? null;
  const running = row !== null && RUNNING.includes(row.state);

  // Once the folder's photos are all sent, the calculation starts (its job waits for their processing).
  const { totals } = photos;
  const uploadSettled = totals.files > 0 && totals.active === 0 && totals.paused === 0;
  useEffect(() => {
    if (!startWhenUploaded.current || !uploadSettled) return;
    startWhenUploaded.current = false;
    if (totals.failed > 0) return;
    void current.refetch().then(({ data }) => {
      if (data && data.missingImages.length === 0 && !RUNNING.includes(data.state)) {
        actions.start.mutate(undefined, { onSuccess: () => void message.success(t('highPrecisionUi.started')) });
      }
    });
  }, [uploadSettled, totals.failed, current, actions.start, message, t]);

  const confirm = (title: string, content: string) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title,
        content,
        okText: t('highPrecisionUi.continue'),
        cancelText: t('ui.common.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  async function sendPhotos(imported: HighPrecisionImport, images: File[]) {
    const wanted = new Set(imported.missingImages);
    const toSend = images.filter((file) => wanted.has(file.name));
    if (toSend.length === 0) {
      if (!RUNNING.includes(imported.state) && imported.state === 'pending') {
        actions.start.mutate(undefined, { onSuccess: () => void message.success(t('highPrecisionUi.started')) });
      }
      return;
    }
    if (groupId === null) {
      setRefusal({ key: 'highPrecisionUi.groupRequired' });
      return;
    }
    startWhenUploaded.current = true;
    await photos.start({ imageGroupId: groupId, category: 'normal' }, toSend);
  }

  async function importFolder(files: File[]) {
    setRefusal(null);
    const screened = screenFolder(files);
    if (!screened.ok) {
      setRefusal(screened.reason);
      return;
    }
    if (groupId === null && groups.length === 0) {
      setRefusal({ key: 'highPrecisionUi.noGroups' });
      return;
    }
    const imageNames = screened.images.map((file) => file.name);
    const signature = folderSignature({ name: screened.xml.name, size: screened.xml.size }, imageNames);
    if (lastFolder.current === signature) {
      if (!(await confirm(t('highPrecisionUi.sameFolderTitle'), t('highPrecisionUi.sameFolderContent')))) return;
    } else if (row && row.state === 'pending' && isOtherFolder(row.missingImages, imageNames)) {
      if (!(await confirm(t('highPrecisionUi.otherFolderTitle'), t('highPrecisionUi.otherFolderContent')))) return;
    }
    lastFolder.current = signature;
    setChosenImages(screened.images);
    let imported: HighPrecisionImport;
    try {
      imported = await actions.init.mutateAsync({ xml: screened.xml, imageNames, confirm: false });
    } catch (error) {
      if (!isApiError(error)) return;
      if (error.key === 'HIGH_PRECISION_FEWER_IMAGES') {
        const goOn = await confirm(t('highPrecisionUi.fewerTitle'), translate(`errors.${error.key}`, error.params));
        if (!goOn) return;
        try {
          imported = await actions.init.mutateAsync({ xml: screened.xml, imageNames, confirm: true });
        } catch (again) {
          if (isApiError(again)) setRefusal({ key: `errors.${again.key}`, params: again.params });
          return;
        }
      } else {
        const data = (error.data ?? {}) as { imagesMissingFromExport?: string[]; ambiguous?: string[] };
        setRefusal({
          key: `errors.${error.key}`,
          params: error.params,
          ...(data.imagesMissingFromExport ? { names: data.imagesMissingFromExport } : {}),
          ...(data.ambiguous ? { ambiguous: data.ambiguous } : {}),
        });
        return;
      }
    }
    await sendPhotos(imported, screened.images);
  }

  function confirmDelete(imported: HighPrecisionImport) {
    modal.confirm({
      title: t('highPrecisionUi.deleteTitle'),
      content: t('highPrecisionUi.deleteContent'),
      okText: t('highPrecisionUi.delete'),
      okButtonProps: { danger: true },
      cancelText: t('ui.common.cancel'),
      onOk: () =>
        actions.remove.mutateAsync(imported.id).then((result) => {
          lastFolder.current = null;
          void message.success(t('highPrecisionUi.deleted', { count: result.restoredImages }));
        }),
    });
  }

  const uploading = totals.files > 0 && (totals.active > 0 || totals.paused > 0);

  return (
    <Modal
      open
      title={t('highPrecisionUi.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('highPrecisionUi.close')}</Button>}
      width={760}
      destroyOnHidden
      data-testid="high-precision-dialog"
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('highPrecisionUi.intro')}
        </Typography.Paragraph>

        {current.isPending ? (
          <Flex justify="center">
            <Spin />
          </Flex>
        ) : current.isError ? (
          <Alert
            type="error"
            showIcon
            title={
              isApiError(current.error)
                ? translate(`errors.${current.error.key}`, current.error.params)
                : t('highPrecisionUi.loadFailed')
            }
            data-testid="high-precision-load-error"
          />
        ) : row ? (
          <ImportSummary
            row={row}
            canChange={canChange}
            busy={actions.start.isPending || actions.cancel.isPending}
            onStart={() =>
              actions.start.mutate(undefined, { onSuccess: () => void message.success(t('highPrecisionUi.started')) })
            }
            onCancel={() => actions.cancel.mutate()}
            onDelete={() => confirmDelete(row)}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('highPrecisionUi.none')} />
        )}

        {canChange && !current.isError && (
          <Flex gap={8} wrap align="center">
            <Select
              style={{ minWidth: 200 }}
              value={groupId ?? undefined}
              placeholder={t('highPrecisionUi.group')}
              onChange={(value: number) => setGroupId(value)}
              options={groups.map((group) => ({ value: group.id, label: group.name }))}
              aria-label={t('highPrecisionUi.group')}
              data-testid="high-precision-group"
            />
            <Button
              type="primary"
              icon={<FolderOpenOutlined />}
              disabled={running || uploading}
              loading={actions.init.isPending}
              onClick={() => folderInput.current?.click()}
              data-testid="high-precision-choose-folder"
            >
              {row ? t('highPrecisionUi.chooseAgain') : t('highPrecisionUi.chooseFolder')}
            </Button>
            <input
              ref={folderInput}
              type="file"
              multiple
              hidden
              {...directoryProps}
              data-testid="high-precision-folder-input"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                void importFolder(files);
              }}
            />
          </Flex>
        )}

        {refusal && (
          <Alert
            type="error"
            showIcon
            closable
            onClose={() => setRefusal(null)}
            title={translate(refusal.key, refusal.params)}
            data-testid="high-precision-refusal"
            description={
              refusal.names?.length || refusal.ambiguous?.length ? (
                <Flex vertical gap={4}>
                  {refusal.names && refusal.names.length > 0 && (
                    <span>
                      {t('highPrecisionUi.mismatchNames')} {refusal.names.join(', ')}
                    </span>
                  )}
                  {refusal.ambiguous && refusal.ambiguous.length > 0 && (
                    <span>
                      {t('highPrecisionUi.ambiguousNames')} {refusal.ambiguous.join(', ')}
                    </span>
                  )}
                </Flex>
              ) : undefined
            }
          />
        )}

        {totals.files > 0 && chosenImages.length > 0 && (
          <Flex vertical gap={4} data-testid="high-precision-photo-upload">
            <Typography.Text>
              {t('highPrecisionUi.uploading', { done: totals.finished, total: totals.files })}
            </Typography.Text>
            <Progress
              percent={totals.bytesTotal > 0 ? Math.round((totals.bytesDone / totals.bytesTotal) * 100) : 0}
              status={totals.failed > 0 ? 'exception' : uploading ? 'active' : 'normal'}
            />
            {totals.failed > 0 && (
              <Alert type="warning" showIcon title={t('highPrecisionUi.uploadFailed', { count: totals.failed })} />
            )}
          </Flex>
        )}

        <PointCloudCard projectId={projectId} canChange={canChange} />
      </Flex>
    </Modal>
  );
}

function ImportSummary({
  row,
  canChange,
  busy,
  onStart,
  onCancel,
  onDelete,
}: {
  row: HighPrecisionImport;
  canChange: boolean;
  busy: boolean;
  onStart: () => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const running = RUNNING.includes(row.state);
  return (
    <Card size="small" data-testid="high-precision-import">
      <Flex vertical gap={12}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('highPrecisionUi.state')}>
            <Tag color={STATE_COLOURS[row.state]} data-testid="high-precision-state" data-state={row.state}>
              {t(`highPrecisionUi.states.${row.state}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('highPrecisionUi.file')}>{row.fileName}</Descriptions.Item>
          <Descriptions.Item label={t('highPrecisionUi.format')}>
            {t(`highPrecisionUi.formats.${row.format}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('highPrecisionUi.reference')}>
            {t(`highPrecisionUi.references.${row.coordinateReference.kind}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('highPrecisionUi.matched')}>
            {t('highPrecisionUi.matchedValue', { matched: row.matchedCount, entries: row.exportCount })}
          </Descriptions.Item>
          <Descriptions.Item label={t('highPrecisionUi.missing')}>
            {t('highPrecisionUi.missingValue', { count: row.missingImages.length })}
          </Descriptions.Item>
          {(row.state === 'calculated' || row.state === 'exception' || row.computedCount > 0) && (
            <>
              <Descriptions.Item label={t('highPrecisionUi.computed')}>{row.computedCount}</Descriptions.Item>
              <Descriptions.Item label={t('highPrecisionUi.failed')}>{row.failedCount}</Descriptions.Item>
            </>
          )}
        </Descriptions>
        {running && (
          <Progress percent={Math.round(row.progress * 100)} status="active" data-testid="high-precision-progress" />
        )}
        {row.state === 'exception' && row.errorKey && (
          <Alert
            type="error"
            showIcon
            title={translate(`errors.${row.errorKey}`, row.errorParams ?? undefined)}
            data-testid="high-precision-exception"
          />
        )}
        {canChange && (
          <Space wrap>
            {!running && (
              <Button
                icon={<CloudUploadOutlined />}
                disabled={row.missingImages.length > 0}
                loading={busy}
                onClick={onStart}
                data-testid="high-precision-start"
              >
                {t('highPrecisionUi.start')}
              </Button>
            )}
            {(row.state === 'queuing' || row.state === 'calculating') && (
              <Button icon={<StopOutlined />} loading={busy} onClick={onCancel} data-testid="high-precision-cancel">
                {t('highPrecisionUi.cancel')}
              </Button>
            )}
            <Button danger icon={<DeleteOutlined />} onClick={onDelete} data-testid="high-precision-delete">
              {t('highPrecisionUi.delete')}
            </Button>
          </Space>
        )}
      </Flex>
    </Card>
  );
}

function PointCloudCard({ projectId, canChange }: { projectId: number; canChange: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const cloud = usePointCloud(projectId);
  const remove = useRemovePointCloud(projectId);
  const upload = usePointCloudUpload(projectId);
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { state } = upload;

  useEffect(() => {
    if (state.phase === 'done') void message.success(t('highPrecisionUi.pointCloud.uploaded'));
  }, [state.phase, message, t]);

  function choose(files: File[]) {
    setRefusal(null);
    const pair = screenPointCloud(files);
    if (!pair.ok) {
      setRefusal(t('highPrecisionUi.pointCloud.needsBoth'));
      return;
    }
    const large = tooLarge(pair.pcd.size, LIMITS.pointCloudMaxBytes);
    if (large) {
      setRefusal(t('highPrecisionUi.pointCloud.tooLarge', large));
      return;
    }
    void upload.start(pair.pcd, pair.xml);
  }

  const busy = state.phase === 'starting' || state.phase === 'uploading';
  const data = cloud.data;
  return (
    <Card size="small" title={t('highPrecisionUi.pointCloud.title')} data-testid="point-cloud-card">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {t('highPrecisionUi.pointCloud.hint', { max: formatBytes(LIMITS.pointCloudMaxBytes) })}
        </Typography.Text>
        {cloud.isPending ? (
          <Spin />
        ) : cloud.isError ? (
          <Alert
            type="error"
            showIcon
            title={
              isApiError(cloud.error)
                ? translate(`errors.${cloud.error.key}`, cloud.error.params)
                : t('highPrecisionUi.loadFailed')
            }
          />
        ) : data ? (
          <Descriptions column={{ xs: 1, md: 2 }} size="small" data-testid="point-cloud">
            <Descriptions.Item label={t('highPrecisionUi.pointCloud.name')}>
              {data.pcdName} + {data.xmlName}
            </Descriptions.Item>
            <Descriptions.Item label={t('highPrecisionUi.pointCloud.size')}>
              {formatBytes(data.sizeBytes)}
            </Descriptions.Item>
            <Descriptions.Item label={t('highPrecisionUi.pointCloud.points')}>{data.points ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('highPrecisionUi.pointCloud.srs')}>{data.srs ?? '—'}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('highPrecisionUi.pointCloud.none')} />
        )}
        {busy && (
          <Flex vertical gap={4}>
            <Typography.Text>{t('highPrecisionUi.pointCloud.uploading')}</Typography.Text>
            <Progress
              percent={state.bytesTotal > 0 ? Math.round((state.bytesUploaded / state.bytesTotal) * 100) : 0}
              status="active"
              data-testid="point-cloud-progress"
            />
          </Flex>
        )}
        {(refusal || state.failure) && (
          <Alert
            type="error"
            showIcon
            title={refusal ?? translate(`errors.${state.failure!.key}`, state.failure!.params)}
            data-testid="point-cloud-refusal"
          />
        )}
        {canChange && (
          <Space wrap>
            <Button
              icon={<CloudUploadOutlined />}
              loading={busy}
              onClick={() => input.current?.click()}
              data-testid="point-cloud-choose"
            >
              {t('highPrecisionUi.pointCloud.choose')}
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              accept=".pcd,.xml"
              data-testid="point-cloud-input"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                choose(files);
              }}
            />
            {data && (
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={() =>
                  modal.confirm({
                    title: t('highPrecisionUi.pointCloud.deleteTitle'),
                    content: t('highPrecisionUi.pointCloud.deleteContent'),
                    okText: t('highPrecisionUi.pointCloud.delete'),
                    okButtonProps: { danger: true },
                    cancelText: t('ui.common.cancel'),
                    onOk: () =>
                      remove.mutateAsync(data.id).then(() => {
                        upload.reset();
                        void message.success(t('highPrecisionUi.pointCloud.deleted'));
                      }),
                  })
                }
                data-testid="point-cloud-delete"
              >
                {t('highPrecisionUi.pointCloud.delete')}
              </Button>
            )}
          </Space>
        )}
      </Flex>
    </Card>
  );
}
