import { useState } from 'react';
import {
  App as AntdApp,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
  type TableColumnsType,
} from 'antd';
import { CloudUploadOutlined, DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AiModel, AiModelState } from '@sightline/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { translate } from '../../../i18n';
import { useModelActions, useModelChoice, useModels } from '../model-api';

const STATE_COLOURS: Record<AiModelState, string> = { checking: 'processing', ready: 'success', failed: 'error' };
const figure = (value: number | null) => (value === null ? '–' : value.toFixed(3));

/** Picks one file without sending it (the upload sends both files together). */
function FilePick({
  accept,
  file,
  onPick,
  testId,
}: {
  accept: string;
  file: File | null;
  onPick: (file: File) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Upload
        accept={accept}
        showUploadList={false}
        beforeUpload={(picked) => {
          onPick(picked);
          return false;
        }}
      >
        <Button icon={<PaperClipOutlined />} data-testid={testId}>
          {t('aiUi.models.chooseFile')}
        </Button>
      </Upload>
      {file && <Typography.Text>{file.name}</Typography.Text>}
    </Space>
  );
}

function UploadDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const { upload } = useModelActions();
  const [model, setModel] = useState<File | null>(null);
  const [sidecar, setSidecar] = useState<File | null>(null);
  const [name, setName] = useState('');
  return (
    <Modal
      open
      title={t('aiUi.models.uploadTitle')}
      okText={t('aiUi.models.upload')}
      okButtonProps={{ disabled: !model || !sidecar, 'data-testid': 'ai-model-upload-ok' }}
      confirmLoading={upload.isPending}
      cancelText={t('ui.common.cancel')}
      onCancel={onClose}
      onOk={() =>
        upload.mutate(
          { model: model!, sidecar: sidecar!, name: name.trim() },
          {
            onSuccess: () => {
              void message.success(t('aiUi.models.uploaded'));
              onClose();
            },
          },
        )
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('aiUi.models.modelFile')} required>
          <FilePick accept=".onnx" file={model} onPick={setModel} testId="ai-model-file" />
        </Form.Item>
        <Form.Item label={t('aiUi.models.sidecarFile')} required>
          <FilePick accept=".json,application/json" file={sidecar} onPick={setSidecar} testId="ai-model-sidecar" />
        </Form.Item>
        <Form.Item label={t('aiUi.models.name')}>
          <Input
            value={name}
            maxLength={100}
            placeholder={t('aiUi.models.namePlaceholder')}
            onChange={(event) => setName(event.target.value)}
            data-testid="ai-model-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The team's learned models (issue 14): upload one (its .onnx and sidecar), see its evaluation on held-back reviewed
 * photos, choose it for this project or as the team's default, or go back to the built-in detector; delete one no
 * longer chosen. Those who cannot screen see the list without actions.
 */
export function ModelsPanel({ projectId, canManage }: { projectId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const models = useModels();
  const choice = useModelChoice(projectId);
  const { choose, remove } = useModelActions();
  const [uploading, setUploading] = useState(false);

  const effective = models.data?.find((model) => model.id === choice.data?.effectiveModelId);
  const chooseFor = (scope: 'project' | 'team', modelId: number | null) =>
    choose.mutate(
      { ...(scope === 'project' ? { projectId } : {}), modelId },
      { onSuccess: () => void message.success(t('aiUi.models.chosen')) },
    );
  const confirmRemove = (model: AiModel) =>
    modal.confirm({
      title: t('aiUi.models.remove'),
      content: t('aiUi.models.removeConfirm', { name: model.name }),
      okText: t('aiUi.models.remove'),
      okButtonProps: { danger: true, 'data-testid': 'ai-model-remove-ok' },
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        await remove.mutateAsync(model.id);
        void message.success(t('aiUi.models.removed'));
      },
    });

  const columns: TableColumnsType<AiModel> = [
    { title: t('aiUi.models.columns.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('aiUi.models.columns.state'),
      dataIndex: 'state',
      width: 110,
      render: (state: AiModelState, model) => (
        <Tag
          color={STATE_COLOURS[state]}
          data-testid="ai-model-state"
          data-state={state}
          title={model.errorKey ? translate(`errors.${model.errorKey}`) : undefined}
        >
          {t(`aiUi.models.states.${state}`)}
        </Tag>
      ),
    },
    {
      title: t('aiUi.models.columns.evaluation'),
      key: 'evaluation',
      render: (_, model) =>
        model.evaluation === null ? null : model.evaluation.photos === 0 ? (
          <Typography.Text type="secondary">{t('aiUi.models.noEvaluation')}</Typography.Text>
        ) : (
          <Typography.Text data-testid="ai-model-evaluation">
            {t('aiUi.models.evaluation', {
              f: figure(model.evaluation.f),
              precision: figure(model.evaluation.precision),
              recall: figure(model.evaluation.recall),
              photos: model.evaluation.photos,
            })}
          </Typography.Text>
        ),
    },
    {
      title: t('aiUi.models.columns.chosen'),
      key: 'chosen',
      width: 160,
      render: (_, model) => (
        <Space size={4} wrap>
          {model.chosenProjectIds.includes(projectId) && <Tag color="blue">{t('aiUi.models.chosenProject')}</Tag>}
          {model.chosenForTeam && <Tag>{t('aiUi.models.chosenTeam')}</Tag>}
        </Space>
      ),
    },
    ...(canManage
      ? [
          {
            title: t('aiUi.models.columns.actions'),
            key: 'actions',
            width: 300,
            render: (_: unknown, model: AiModel) => (
              <Space size={0} wrap>
                <Button
                  type="link"
                  size="small"
                  disabled={model.state !== 'ready' || choice.data?.projectModelId === model.id}
                  onClick={() => chooseFor('project', model.id)}
                  data-testid="ai-model-choose-project"
                >
                  {t('aiUi.models.chooseProject')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  disabled={model.state !== 'ready' || model.chosenForTeam}
                  onClick={() => chooseFor('team', model.id)}
                  data-testid="ai-model-choose-team"
                >
                  {t('aiUi.models.chooseTeam')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => confirmRemove(model)}
                  data-testid="ai-model-remove"
                >
                  {t('aiUi.models.remove')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      size="small"
      title={t('aiUi.models.title')}
      data-testid="ai-models"
      extra={
        canManage && (
          <Button
            size="small"
            icon={<CloudUploadOutlined />}
            onClick={() => setUploading(true)}
            data-testid="ai-model-upload"
          >
            {t('aiUi.models.upload')}
          </Button>
        )
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('aiUi.models.intro')}</Typography.Text>
        <Flex align="center" gap={8} wrap>
          <Typography.Text data-testid="ai-model-current" data-model={effective?.id ?? 'builtin'}>
            {t('aiUi.models.current', { name: effective?.name ?? t('aiUi.models.builtin') })}
          </Typography.Text>
          {canManage && choice.data?.projectModelId != null && (
            <Button
              size="small"
              type="link"
              onClick={() => chooseFor('project', null)}
              data-testid="ai-model-unset-project"
            >
              {t('aiUi.models.useBuiltinProject')}
            </Button>
          )}
          {canManage && choice.data?.teamModelId != null && (
            <Button size="small" type="link" onClick={() => chooseFor('team', null)} data-testid="ai-model-unset-team">
              {t('aiUi.models.useBuiltinTeam')}
            </Button>
          )}
        </Flex>
        {models.isError ? (
          <LoadFailed onRetry={() => void models.refetch()} />
        ) : models.data?.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('aiUi.models.empty')}
            data-testid="ai-models-empty"
          />
        ) : (
          <Table<AiModel>
            size="small"
            rowKey="id"
            loading={models.isLoading}
            columns={columns}
            dataSource={models.data ?? []}
            pagination={false}
          />
        )}
      </Flex>
      {uploading && <UploadDialog onClose={() => setUploading(false)} />}
    </Card>
  );
}
