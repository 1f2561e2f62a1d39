import { useRef, useState, type InputHTMLAttributes } from 'react';
import {
  App as AntdApp,
  Alert,
  Button,
  Flex,
  Form,
  Modal,
  Progress,
  Radio,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  CaretRightOutlined,
  CloseOutlined,
  FolderOpenOutlined,
  PauseOutlined,
  PictureOutlined,
  RedoOutlined,
} from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { cameraResolutionMismatch } from '../camera-resolution';
import { IMAGE_CATEGORIES, LIMITS, type ImageCategory, type ImageGroup } from '@sightline/shared';
import { translate } from '../../../i18n';
import { formatBytes } from '../../../lib/sizes';
import { isRetryableKey } from '../../../api/uploads/upload-error';
import { batchSettled, formatDuration, type BatchFile } from '../photo-batch';
import type { PhotoUploadControls } from '../hooks/usePhotoUpload';

/** A folder input: the attribute is not in React's types. */
const FOLDER_INPUT = { webkitdirectory: '', directory: '' } as unknown as InputHTMLAttributes<HTMLInputElement>;
const PHOTO_ACCEPT = '.jpg,.jpeg,.png,.tif,.tiff,image/jpeg,image/png,image/tiff';
const ROW_PX = 52;
/** Names of an unfinished batch shown before "and N more". */
const RESUME_NAMES_SHOWN = 5;

const STATE_COLOURS: Record<BatchFile['state'], string> = {
  queued: 'default',
  uploading: 'processing',
  paused: 'warning',
  done: 'success',
  already: 'success',
  failed: 'error',
};

/**
 * Uploading photos into an inspection (SPEC section 2): the group and the category, then files or a whole folder.
 * The upload itself belongs to the detail screen (`usePhotoUpload`), so closing this dialog does not stop it.
 */
export function PhotoUploadDialog({
  open,
  onClose,
  upload,
  groups,
}: {
  open: boolean;
  onClose: () => void;
  upload: PhotoUploadControls;
  groups: readonly ImageGroup[];
}) {
  const { t } = useTranslation();
  const { modal } = AntdApp.useApp();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const { pendingResume, totals } = upload;
  const [groupChoice, setGroupChoice] = useState<number | null>(null);
  const [categoryChoice, setCategoryChoice] = useState<ImageCategory | null>(null);

  const busy = totals.files > totals.finished + totals.failed;
  const settled = batchSettled(totals);
  // A running batch keeps its group and category; an unfinished one of an earlier page decides them.
  const locked = (busy ? upload.target : null) ?? pendingResume;
  const imageGroupId = locked?.imageGroupId ?? groupChoice ?? (groups.length === 1 ? groups[0]!.id : null);
  const category = locked?.category ?? categoryChoice ?? 'normal';

  // The virtualiser's functions change as it measures: this component is rendered without the compiler's memo.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: upload.files.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_PX,
    overscan: 8,
  });

  const choose = async (list: FileList | null) => {
    if (!list || imageGroupId === null) return;
    const files = Array.from(list);
    const start = () => void upload.start({ imageGroupId, category }, files);
    const group = groups.find((candidate) => candidate.id === imageGroupId);
    const differing = group ? await cameraResolutionMismatch(group.camera, files) : [];
    if (!group || differing.length === 0) return start();
    modal.confirm({
      title: t('inspectionPhotos.upload.resolutionTitle'),
      content: t('inspectionPhotos.upload.resolutionContent', {
        group: group.name,
        camera: `${group.camera.imageWidthPx} × ${group.camera.imageHeightPx}`,
        photos: differing.map((size) => `${size.width} × ${size.height}`).join(', '),
      }),
      okText: t('inspectionPhotos.upload.resolutionContinue'),
      cancelText: t('ui.common.cancel'),
      onOk: start,
    });
  };

  const confirmCancelAll = () =>
    modal.confirm({
      title: t('inspectionPhotos.upload.cancelTitle'),
      content: t('inspectionPhotos.upload.cancelContent'),
      okText: t('inspectionPhotos.upload.confirmCancel'),
      okButtonProps: { danger: true },
      cancelText: t('inspectionPhotos.upload.keepUploading'),
      onOk: () => upload.cancelAll(),
    });

  const groupName = (id: number) => groups.find((group) => group.id === id)?.name ?? '—';
  const percent = totals.bytesTotal > 0 ? Math.floor((totals.bytesDone / totals.bytesTotal) * 100) : 0;

  return (
    <Modal
      open={open}
      title={t('inspectionPhotos.upload.title')}
      onCancel={onClose}
      width={760}
      destroyOnHidden={false}
      footer={
        <Button onClick={onClose} data-testid="photo-upload-close">
          {t('inspectionPhotos.upload.close')}
        </Button>
      }
      data-testid="photo-upload-dialog"
    >
      <Flex vertical gap={16} data-testid="photo-upload">
        {pendingResume && (
          <Alert
            type="warning"
            showIcon
            data-testid="photo-upload-resume"
            title={t('inspectionPhotos.upload.resumeTitle', { count: pendingResume.files.length })}
            description={
              <Flex vertical gap={4}>
                <span>
                  {t('inspectionPhotos.upload.resumeContent', {
                    group: groupName(pendingResume.imageGroupId),
                    category: t(`inspectionUi.group.category.${pendingResume.category}`),
                  })}
                </span>
                <Typography.Text type="secondary">
                  {t('inspectionPhotos.upload.resumeFiles', {
                    names:
                      pendingResume.files
                        .slice(0, RESUME_NAMES_SHOWN)
                        .map((file) => `${file.name} (${formatBytes(file.size)})`)
                        .join(', ') +
                      (pendingResume.files.length > RESUME_NAMES_SHOWN
                        ? ` ${t('inspectionPhotos.upload.resumeMore', { count: pendingResume.files.length - RESUME_NAMES_SHOWN })}`
                        : ''),
                  })}
                </Typography.Text>
              </Flex>
            }
            action={
              <Button size="small" onClick={upload.discardPending} data-testid="photo-upload-resume-discard">
                {t('inspectionPhotos.upload.resumeDiscard')}
              </Button>
            }
          />
        )}
        {groups.length === 0 ? (
          <Alert type="info" showIcon title={t('inspectionPhotos.upload.noGroups')} />
        ) : (
          <Form layout="vertical" component="div">
            <Flex gap={16} wrap>
              <Form.Item label={t('inspectionPhotos.upload.group')} style={{ flex: '1 1 240px', marginBottom: 0 }}>
                <Select
                  value={imageGroupId ?? undefined}
                  placeholder={t('inspectionPhotos.upload.groupPlaceholder')}
                  options={groups.map((group) => ({ value: group.id, label: group.name }))}
                  onChange={(value: number) => setGroupChoice(value)}
                  disabled={locked !== null}
                  data-testid="photo-upload-group"
                />
              </Form.Item>
              <Form.Item label={t('inspectionPhotos.upload.category')} style={{ marginBottom: 0 }}>
                <Radio.Group
                  value={category}
                  onChange={(event) => setCategoryChoice(event.target.value as ImageCategory)}
                  disabled={locked !== null}
                  optionType="button"
                  options={IMAGE_CATEGORIES.map((value) => ({
                    value,
                    label: t(`inspectionUi.group.category.${value}`),
                  }))}
                  data-testid="photo-upload-category"
                />
              </Form.Item>
            </Flex>
          </Form>
        )}
        <Flex gap={8} wrap align="center">
          <Button
            type="primary"
            icon={<PictureOutlined />}
            disabled={imageGroupId === null || upload.starting}
            loading={upload.starting}
            onClick={() => filesInput.current?.click()}
            data-testid="photo-upload-choose-files"
          >
            {t('inspectionPhotos.upload.chooseFiles')}
          </Button>
          <Button
            icon={<FolderOpenOutlined />}
            disabled={imageGroupId === null || upload.starting}
            onClick={() => folderInput.current?.click()}
            data-testid="photo-upload-choose-folder"
          >
            {t('inspectionPhotos.upload.chooseFolder')}
          </Button>
          <Typography.Text type="secondary">
            {t('inspectionPhotos.upload.hint', { max: formatBytes(LIMITS.singleFileBytes) })}
          </Typography.Text>
          <input
            ref={filesInput}
            type="file"
            multiple
            accept={PHOTO_ACCEPT}
            hidden
            onChange={(event) => {
              void choose(event.target.files);
              event.target.value = '';
            }}
            data-testid="photo-upload-files"
          />
          <input
            ref={folderInput}
            type="file"
            multiple
            hidden
            {...FOLDER_INPUT}
            onChange={(event) => {
              void choose(event.target.files);
              event.target.value = '';
            }}
            data-testid="photo-upload-folder"
          />
        </Flex>
        {upload.blocked && (
          <Alert
            type="error"
            showIcon
            title={translate(`errors.${upload.blocked.key}`, upload.blocked.params)}
            data-testid="photo-upload-blocked"
            data-error-key={upload.blocked.key}
          />
        )}
        {upload.refused.length > 0 && (
          <Alert
            type="warning"
            showIcon
            data-testid="photo-upload-refused"
            title={t('inspectionPhotos.upload.skipped', { count: upload.refused.length })}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20, maxHeight: 120, overflowY: 'auto' }}>
                {upload.refused.map((file) => (
                  <li key={`${file.name}-${file.size}`}>
                    {file.name}: {translate(file.reason.key, file.reason.params)}
                  </li>
                ))}
              </ul>
            }
          />
        )}
        {upload.missing > 0 && (
          <Alert type="info" showIcon title={t('inspectionPhotos.upload.resumeMissing', { count: upload.missing })} />
        )}
        {totals.files > 0 && (
          <Flex vertical gap={8} data-testid="photo-upload-progress">
            <Flex justify="space-between" wrap gap={8}>
              <Space size="middle" wrap>
                <Typography.Text strong data-testid="photo-upload-files-count">
                  {t('inspectionPhotos.upload.files', { done: totals.finished, total: totals.files })}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('inspectionPhotos.upload.bytes', {
                    done: formatBytes(totals.bytesDone),
                    total: formatBytes(totals.bytesTotal),
                  })}
                </Typography.Text>
                {upload.bytesPerSecond > 0 && (
                  <Typography.Text type="secondary">
                    {t('inspectionPhotos.upload.speed', { speed: formatBytes(upload.bytesPerSecond) })}
                  </Typography.Text>
                )}
                {upload.secondsLeft !== null && upload.secondsLeft > 0 && (
                  <Typography.Text type="secondary">
                    {t('inspectionPhotos.upload.remaining', { time: formatDuration(upload.secondsLeft) })}
                  </Typography.Text>
                )}
              </Space>
              <Space wrap>
                {totals.active > 0 && (
                  <Button
                    size="small"
                    icon={<PauseOutlined />}
                    onClick={upload.pauseAll}
                    data-testid="photo-upload-pause-all"
                  >
                    {t('inspectionPhotos.upload.pauseAll')}
                  </Button>
                )}
                {totals.paused > 0 && (
                  <Button
                    size="small"
                    icon={<CaretRightOutlined />}
                    onClick={upload.resumeAll}
                    data-testid="photo-upload-resume-all"
                  >
                    {t('inspectionPhotos.upload.resumeAll')}
                  </Button>
                )}
                {totals.failed > 0 && (
                  <Button
                    size="small"
                    icon={<RedoOutlined />}
                    onClick={upload.retryFailed}
                    data-testid="photo-upload-retry"
                  >
                    {t('inspectionPhotos.upload.retryFailed')}
                  </Button>
                )}
                {busy && (
                  <Button size="small" danger onClick={confirmCancelAll} data-testid="photo-upload-cancel-all">
                    {t('inspectionPhotos.upload.cancelAll')}
                  </Button>
                )}
                {settled && (
                  <Button size="small" onClick={upload.clearFinished} data-testid="photo-upload-clear">
                    {t('inspectionPhotos.upload.clearFinished')}
                  </Button>
                )}
              </Space>
            </Flex>
            <Progress
              percent={percent}
              status={settled ? (totals.failed > 0 ? 'exception' : 'success') : 'active'}
              data-testid="photo-upload-total"
            />
            {settled && (
              <Alert
                type={totals.failed > 0 ? 'warning' : 'success'}
                showIcon
                data-testid="photo-upload-finished"
                title={t('inspectionPhotos.upload.finished', {
                  done: totals.done,
                  already: totals.already,
                  failed: totals.failed,
                })}
              />
            )}
            {!settled && busy && (
              <Typography.Text type="secondary">{t('inspectionPhotos.upload.closeWhileUploading')}</Typography.Text>
            )}
            <div ref={listRef} style={{ maxHeight: 320, overflowY: 'auto' }} data-testid="photo-upload-list">
              <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {virtualizer.getVirtualItems().map((row) => {
                  const file = upload.files[row.index];
                  if (!file) return null;
                  return (
                    <div
                      key={file.id}
                      style={{
                        position: 'absolute',
                        top: 0,
                        left: 0,
                        right: 0,
                        height: ROW_PX,
                        transform: `translateY(${row.start}px)`,
                      }}
                    >
                      <UploadRow file={file} upload={upload} />
                    </div>
                  );
                })}
              </div>
            </div>
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}

function UploadRow({ file, upload }: { file: BatchFile; upload: PhotoUploadControls }) {
  const { t } = useTranslation();
  const percent = file.size > 0 ? Math.floor((Math.min(file.bytesUploaded, file.size) / file.size) * 100) : 0;
  const finished = file.state === 'done' || file.state === 'already';
  return (
    <Flex
      align="center"
      gap={12}
      style={{ height: ROW_PX, paddingInline: 4 }}
      data-testid="photo-upload-row"
      data-file-name={file.name}
      data-state={file.state}
      data-error-key={file.failure?.key}
    >
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Flex gap={8} align="center">
          <Typography.Text ellipsis style={{ minWidth: 0 }}>
            {file.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ flexShrink: 0 }}>
            {formatBytes(file.size)}
          </Typography.Text>
        </Flex>
        {file.state === 'failed' && file.failure ? (
          <Typography.Text type="danger" ellipsis data-testid="photo-upload-row-error">
            {translate(`errors.${file.failure.key}`, file.failure.params)}
          </Typography.Text>
        ) : (
          <Progress percent={finished ? 100 : percent} size="small" showInfo={false} />
        )}
      </Flex>
      <Tag color={STATE_COLOURS[file.state]} style={{ marginInlineEnd: 0 }}>
        {t(`inspectionPhotos.upload.fileState.${file.state}`)}
      </Tag>
      <Space size={0} style={{ width: 64, justifyContent: 'flex-end' }}>
        {(file.state === 'uploading' || file.state === 'queued') && (
          <Tooltip title={t('inspectionPhotos.upload.pause')}>
            <Button
              type="text"
              size="small"
              icon={<PauseOutlined />}
              aria-label={t('inspectionPhotos.upload.pause')}
              onClick={() => upload.pauseFile(file.id)}
            />
          </Tooltip>
        )}
        {file.state === 'paused' && (
          <Tooltip title={t('inspectionPhotos.upload.resume')}>
            <Button
              type="text"
              size="small"
              icon={<CaretRightOutlined />}
              aria-label={t('inspectionPhotos.upload.resume')}
              onClick={() => upload.resumeFile(file.id)}
            />
          </Tooltip>
        )}
        {file.state === 'failed' && file.failure && isRetryableKey(file.failure.key) && (
          <Tooltip title={t('inspectionPhotos.upload.retry')}>
            <Button
              type="text"
              size="small"
              icon={<RedoOutlined />}
              aria-label={t('inspectionPhotos.upload.retry')}
              onClick={() => upload.retryFile(file.id)}
            />
          </Tooltip>
        )}
        {!finished && (
          <Tooltip title={t('inspectionPhotos.upload.cancel')}>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('inspectionPhotos.upload.cancel')}
              onClick={() => upload.cancelFile(file.id)}
            />
          </Tooltip>
        )}
      </Space>
    </Flex>
  );
}
