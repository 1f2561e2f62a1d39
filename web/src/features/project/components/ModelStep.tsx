import { useRef, useState, type InputHTMLAttributes } from 'react';
import { Alert, App as AntdApp, Button, Card, Descriptions, Flex, Progress, Result, Typography, theme } from 'antd';
import {
  CaretRightOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  FileZipOutlined,
  FolderOpenOutlined,
  PauseOutlined,
  RedoOutlined,
  StopOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ModelUploader, ProjectDetail, ProjectModel } from '@sightline/shared';
import { usePermission } from '../../../session/permissions';
import { translate } from '../../../i18n';
import { useUserDetails } from '../../../api/user';
import { useProjectModel } from '../../../api/project';
import { useTeamDetails } from '../../../api/team';
import { useDeleteModel, useModelUploader, useStartUnzip } from '../api';
import { useModelUnzip } from '../../../api/model-unzip';
import { useModelUpload, type ModelUploadControls } from '../hooks/useModelUpload';
import { isRetryableKey } from '../../../api/uploads/upload-error';
import { ModelStateTag } from '../../../components/ModelStateTag';
import { formatBytes, formatGigabytes } from '../../../lib/sizes';

type Chosen =
  | { kind: 'zip'; file: File; name: string; size: number }
  | { kind: 'folder'; files: File[]; name: string; size: number };

/** A folder input: the attribute is not in React's types. */
const FOLDER_INPUT = { webkitdirectory: '', directory: '' } as unknown as InputHTMLAttributes<HTMLInputElement>;

function failureText(key: string, params?: Record<string, string | number>): string {
  return translate(`errors.${key}`, params);
}

/**
 * The wizard's second step (SPEC section 4, "Upload" and "Project model unzip"): the current model and its
 * unzip progress, then a zip or a folder holding tileset.json uploaded with pause, continue and cancel, resumed
 * after a reload by choosing the same file again.
 */
export function ModelStep({
  project,
  onBack,
  onFinish,
  onOpenView,
}: {
  project: ProjectDetail;
  onBack: () => void;
  onFinish: () => void;
  onOpenView: () => void;
}) {
  const { t } = useTranslation();
  const model = useProjectModel(project.id);
  useModelUnzip(project.id);
  const uploader = useModelUploader(project.id);
  const upload = useModelUpload(project.id);
  const current = model.data ?? null;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 820 }} data-testid="model-step">
      <ModelSummary projectId={project.id} model={current} loading={model.isLoading} onOpenView={onOpenView} />
      <UploadCard model={current} uploader={uploader.data ?? null} upload={upload} />
      <Flex gap={8} justify="flex-end">
        <Button onClick={onBack} data-testid="wizard-back">
          {t('projectUi.wizard.back')}
        </Button>
        {current?.state === 'done' && (
          <Button onClick={onOpenView} data-testid="wizard-open-view">
            {t('projectUi.model.openView')}
          </Button>
        )}
        <Button type="primary" onClick={onFinish} data-testid="wizard-finish">
          {t('projectUi.wizard.finish')}
        </Button>
      </Flex>
    </Flex>
  );
}

function ModelSummary({
  projectId,
  model,
  loading,
  onOpenView,
}: {
  projectId: number;
  model: ProjectModel | null;
  loading: boolean;
  onOpenView: () => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const canUpload = usePermission('project:model:upload');
  const startUnzip = useStartUnzip(projectId);
  const removeModel = useDeleteModel(projectId);

  const confirmDelete = () =>
    modal.confirm({
      title: t('projectUi.model.deleteTitle'),
      content: t('projectUi.model.deleteContent'),
      okText: t('projectUi.common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        await removeModel.mutateAsync();
        void message.success(t('projectUi.model.deleted'));
      },
    });

  return (
    <Card
      size="small"
      loading={loading}
      title={t('projectUi.model.current')}
      extra={model && <ModelStateTag state={model.state} errorKey={model.errorKey} />}
      data-testid="model-summary"
    >
      {!model ? (
        <Typography.Text type="secondary">{t('projectUi.model.none')}</Typography.Text>
      ) : (
        <Flex vertical gap={12}>
          {model.state === 'unzipping' && (
            <Flex vertical gap={4}>
              <Typography.Text>{t('projectUi.model.unzipping')}</Typography.Text>
              <Progress
                percent={Math.floor(model.progress * 100)}
                status="active"
                data-testid="unzip-progress"
                data-percent={Math.floor(model.progress * 100)}
              />
            </Flex>
          )}
          {model.state === 'failed' && (
            <Alert
              type="error"
              showIcon
              title={t('projectUi.model.failed')}
              description={model.errorKey ? failureText(model.errorKey) : undefined}
              action={
                canUpload && (
                  <Button
                    size="small"
                    icon={<RedoOutlined />}
                    loading={startUnzip.isPending}
                    onClick={() => startUnzip.mutate()}
                  >
                    {t('projectUi.model.retryUnzip')}
                  </Button>
                )
              }
              data-testid="unzip-failed"
            />
          )}
          {model.state === 'done' && (
            <Alert type="success" showIcon title={t('projectUi.model.ready')} data-testid="unzip-done" />
          )}
          {model.version !== null && (
            <Descriptions
              size="small"
              column={2}
              items={[
                { key: 'file', label: t('projectUi.model.file'), children: model.fileName ?? '—' },
                { key: 'size', label: t('projectUi.model.size'), children: formatBytes(model.sizeBytes) },
                { key: 'count', label: t('projectUi.model.fileCount'), children: model.fileCount },
                { key: 'by', label: t('projectUi.model.uploadedBy'), children: model.uploadedBy?.name ?? '—' },
                {
                  key: 'at',
                  label: t('projectUi.model.updatedAt'),
                  children: dayjs(model.updatedAt).format('YYYY-MM-DD HH:mm'),
                },
              ]}
            />
          )}
          <Flex gap={8}>
            {model.version !== null && (
              <Button type="primary" ghost onClick={onOpenView}>
                {t('projectUi.model.openView')}
              </Button>
            )}
            {canUpload && model.state !== 'uploading' && (
              <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} loading={removeModel.isPending}>
                {t('projectUi.model.delete')}
              </Button>
            )}
          </Flex>
        </Flex>
      )}
    </Card>
  );
}

function UploadCard({
  model,
  uploader,
  upload,
}: {
  model: ProjectModel | null;
  uploader: ModelUploader | null;
  upload: ModelUploadControls;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { modal } = AntdApp.useApp();
  const canUpload = usePermission('project:model:upload');
  const { data: me } = useUserDetails();
  const storage = useTeamDetails();
  const zipInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const { state } = upload;

  if (!canUpload) {
    return <Alert type="info" showIcon title={t('projectUi.model.noPermission')} />;
  }

  const otherUploader = uploader && me && uploader.userId !== me.userId ? uploader : null;
  const interrupted = uploader && me && uploader.userId === me.userId && state.phase === 'idle' ? uploader : null;
  const unzipping = model?.state === 'unzipping';
  const busy = ['zipping', 'starting', 'uploading', 'paused'].includes(state.phase);
  const resumes =
    chosen !== null &&
    interrupted !== null &&
    interrupted.fileName === chosen.name &&
    (chosen.kind === 'folder' || interrupted.sizeBytes === chosen.size);

  // A file the server refused (no tileset.json, unsafe entries) or one already uploaded is not offered again.
  const showChosen =
    chosen !== null &&
    state.phase !== 'uploaded' &&
    !(state.phase === 'failed' && state.failure && !isRetryableKey(state.failure.key));

  const choose = (next: Chosen | null) => {
    setChosen(next);
    if (state.phase === 'failed' || state.phase === 'uploaded') upload.reset();
  };

  const start = () => {
    if (!chosen) return;
    if (chosen.kind === 'zip') void upload.startZip(chosen.file, { resume: resumes });
    else void upload.startFolder(chosen.files, { resume: resumes });
  };

  const confirmCancel = () =>
    modal.confirm({
      title: t('projectUi.upload.cancelTitle'),
      content: t('projectUi.upload.cancelContent'),
      okText: t('projectUi.upload.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'upload-cancel-confirm' },
      cancelText: t('projectUi.upload.keep'),
      onOk: async () => {
        await upload.cancel();
        setChosen(null);
      },
    });

  const percent = state.bytesTotal > 0 ? Math.floor((state.bytesUploaded / state.bytesTotal) * 100) : 0;
  const storageText =
    storage.data &&
    t('projectUi.upload.storage', {
      used: formatGigabytes(storage.data.teamVolumeSize),
      max: formatGigabytes(storage.data.teamVolumeMax),
    });

  return (
    <Card
      size="small"
      title={model ? t('projectUi.upload.replaceTitle') : t('projectUi.upload.title')}
      extra={storageText && <Typography.Text type="secondary">{storageText}</Typography.Text>}
      data-testid="upload-card"
    >
      <Flex vertical gap={12}>
        {storage.data?.almostFull && (
          <Alert type="warning" showIcon title={t('projectUi.upload.almostFull')} data-testid="storage-almost-full" />
        )}
        {otherUploader && (
          <Alert
            type="warning"
            showIcon
            title={t('errors.PROJECT_MODEL_USER')}
            description={t('projectUi.upload.otherUploader', {
              name: otherUploader.name,
              file: otherUploader.fileName,
              time: dayjs(otherUploader.lastActivityAt).format('YYYY-MM-DD HH:mm'),
            })}
            data-testid="other-uploader"
          />
        )}
        {interrupted && (
          <Alert
            type="info"
            showIcon
            title={t('projectUi.upload.interrupted', {
              file: interrupted.fileName,
              size: formatBytes(interrupted.sizeBytes),
            })}
            description={t('projectUi.upload.interruptedHint')}
            data-testid="upload-interrupted"
          />
        )}
        {unzipping && <Alert type="info" showIcon title={t('errors.PROJECT_MODEL_UNZIPPING')} />}

        {state.phase === 'uploaded' ? (
          <Result
            status="success"
            title={t('projectUi.upload.uploaded')}
            subTitle={
              model?.state === 'done'
                ? t('projectUi.upload.uploadedDone')
                : model?.state === 'failed'
                  ? t('projectUi.upload.uploadedFailed')
                  : t('projectUi.upload.uploadedHint')
            }
            extra={
              model?.state === 'done' || model?.state === 'failed' ? (
                <Button
                  onClick={() => {
                    upload.reset();
                    setChosen(null);
                  }}
                  data-testid="upload-another"
                >
                  {t('projectUi.upload.another')}
                </Button>
              ) : undefined
            }
            style={{ padding: '16px 0' }}
            data-testid="upload-complete"
          />
        ) : busy ? (
          <Flex vertical gap={8} data-testid="upload-progress-panel">
            <Typography.Text strong>{state.fileName}</Typography.Text>
            {state.phase === 'zipping' ? (
              <>
                <Typography.Text type="secondary">{t('projectUi.upload.zipping')}</Typography.Text>
                <Progress
                  percent={state.zipTotal > 0 ? Math.floor((state.zipDone / state.zipTotal) * 100) : 0}
                  status="active"
                />
              </>
            ) : (
              <>
                <Progress
                  percent={percent}
                  status={state.phase === 'paused' ? 'normal' : 'active'}
                  data-testid="upload-progress"
                  data-percent={percent}
                  data-phase={state.phase}
                />
                <Typography.Text type="secondary">
                  {state.phase === 'starting'
                    ? t('projectUi.upload.starting')
                    : t(state.phase === 'paused' ? 'projectUi.upload.pausedAt' : 'projectUi.upload.progress', {
                        done: formatBytes(state.bytesUploaded),
                        total: formatBytes(state.bytesTotal),
                      })}
                </Typography.Text>
              </>
            )}
            <Flex gap={8}>
              {state.phase === 'uploading' && (
                <Button icon={<PauseOutlined />} onClick={upload.pause} data-testid="upload-pause">
                  {t('projectUi.upload.pause')}
                </Button>
              )}
              {state.phase === 'paused' && (
                <Button
                  type="primary"
                  icon={<CaretRightOutlined />}
                  onClick={upload.resume}
                  data-testid="upload-resume"
                >
                  {t('projectUi.upload.resume')}
                </Button>
              )}
              <Button danger icon={<StopOutlined />} onClick={confirmCancel} data-testid="upload-cancel">
                {t('projectUi.upload.cancel')}
              </Button>
            </Flex>
          </Flex>
        ) : (
          <Flex vertical gap={12}>
            {state.phase === 'failed' && state.failure && (
              <Alert
                type="error"
                showIcon
                title={t('projectUi.upload.failed')}
                description={failureText(state.failure.key, state.failure.params)}
                data-testid="upload-error"
                data-error-key={state.failure.key}
                action={
                  isRetryableKey(state.failure.key) && chosen ? (
                    <Button
                      size="small"
                      icon={<RedoOutlined />}
                      onClick={() => {
                        if (!upload.retry()) start();
                      }}
                      data-testid="upload-retry"
                    >
                      {t('projectUi.upload.retry')}
                    </Button>
                  ) : undefined
                }
              />
            )}
            <div
              style={{
                border: `1px dashed ${token.colorBorder}`,
                borderRadius: token.borderRadiusLG,
                padding: 20,
                background: token.colorFillQuaternary,
              }}
            >
              <Flex vertical align="center" gap={10}>
                <CloudUploadOutlined style={{ fontSize: 32, color: token.colorPrimary }} />
                <Typography.Text>{t('projectUi.upload.choose')}</Typography.Text>
                <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
                  {t('projectUi.upload.chooseHint')}
                </Typography.Text>
                <Flex gap={8}>
                  <Button
                    icon={<FileZipOutlined />}
                    disabled={Boolean(otherUploader) || unzipping}
                    onClick={() => zipInput.current?.click()}
                    data-testid="upload-choose-zip"
                  >
                    {t('projectUi.upload.chooseZip')}
                  </Button>
                  <Button
                    icon={<FolderOpenOutlined />}
                    disabled={Boolean(otherUploader) || unzipping}
                    onClick={() => folderInput.current?.click()}
                    data-testid="upload-choose-folder"
                  >
                    {t('projectUi.upload.chooseFolder')}
                  </Button>
                </Flex>
                <input
                  ref={zipInput}
                  type="file"
                  accept=".zip,application/zip"
                  hidden
                  data-testid="model-zip-input"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (file) choose({ kind: 'zip', file, name: file.name, size: file.size });
                  }}
                />
                <input
                  ref={folderInput}
                  type="file"
                  multiple
                  hidden
                  {...FOLDER_INPUT}
                  data-testid="model-folder-input"
                  onChange={(event) => {
                    const files = [...(event.target.files ?? [])];
                    event.target.value = '';
                    if (files.length === 0) return;
                    const folder = (files[0]?.webkitRelativePath ?? '').split('/')[0] || 'model';
                    choose({
                      kind: 'folder',
                      files,
                      name: `${folder}.zip`,
                      size: files.reduce((sum, file) => sum + file.size, 0),
                    });
                  }}
                />
              </Flex>
            </div>
            {showChosen && (
              <Flex align="center" gap={12} wrap data-testid="upload-chosen">
                {chosen.kind === 'zip' ? <FileZipOutlined /> : <FolderOpenOutlined />}
                <Typography.Text strong>
                  {chosen.kind === 'zip' ? chosen.name : chosen.name.replace(/\.zip$/, '')}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {chosen.kind === 'zip'
                    ? formatBytes(chosen.size)
                    : t('projectUi.upload.folderSummary', {
                        count: chosen.files.length,
                        size: formatBytes(chosen.size),
                      })}
                </Typography.Text>
                <Button
                  type="primary"
                  icon={resumes ? <CaretRightOutlined /> : <CloudUploadOutlined />}
                  disabled={Boolean(otherUploader) || unzipping}
                  onClick={start}
                  style={{ marginInlineStart: 'auto' }}
                  data-testid="upload-start"
                >
                  {resumes ? t('projectUi.upload.continue') : t('projectUi.upload.start')}
                </Button>
              </Flex>
            )}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
