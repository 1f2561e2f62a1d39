import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  App as AntdApp,
  Button,
  Descriptions,
  Empty,
  Flex,
  Form,
  InputNumber,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  type ButtonProps,
  type FormRule,
  type TableColumnsType,
} from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  POSE_RANGES,
  type ImagePose,
  type ImagePoseHistoryEntry,
  type ImagePoseRecord,
  type PoseOffset,
  type PoseValues,
} from '@sightline/shared';
import { isApiError } from '../../../api/client';
import { LoadFailed } from '../../../components/LoadFailed';
import { applyServerIssues } from '../../../lib/form-rules';
import { translate } from '../../../i18n';
import { POSE_FORM_KEYS, useAdjustPose, useImagePoses, usePoseRefreshOnEvents, useRestorePose } from '../pose-api';

export interface PoseAdjustFormProps {
  inspectionId: number;
  imageIds: number[];
}

type Range = { min: number; max: number };
type Field = { name: keyof PoseValues | keyof PoseOffset; label: string; range: Range; step: number };

const ANGLE_FIELDS = ['pitch', 'yaw', 'roll'] as const;
const formatTime = (time: string | null) => (time ? dayjs(time).format('YYYY-MM-DD HH:mm:ss') : '');
const fixed = (value: number, digits: number) => Number(value.toFixed(digits)).toString();

/** SPEC 5: a numeric input is required, and within its range (the input clamps; this says why on a stray value). */
function numberRules(range: Range): FormRule[] {
  return [
    { required: true, message: translate('validation.required') },
    {
      validator: async (_rule, value: unknown) => {
        if (typeof value === 'number' && (value < range.min || value > range.max)) {
          throw new Error(translate('validation.numberRange', { min: range.min, max: range.max }));
        }
      },
    },
  ];
}

function NumberFields({ fields }: { fields: Field[] }) {
  return (
    <Flex wrap gap={12}>
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label}
          rules={numberRules(field.range)}
          style={{ width: 200, marginBottom: 8 }}
        >
          <InputNumber
            min={field.range.min}
            max={field.range.max}
            step={field.step}
            style={{ width: '100%' }}
            data-testid={`pose-field-${field.name}`}
          />
        </Form.Item>
      ))}
    </Flex>
  );
}

/** The form's refusal by the server: a pose rule in an alert, field issues on their fields. */
function useRefusal() {
  const [refusal, setRefusal] = useState<string | null>(null);
  const refuse = (error: unknown, form: Parameters<typeof applyServerIssues>[0], fieldMap: Record<string, string>) => {
    if (!isApiError(error)) return;
    if (error.key === 'VALIDATION_ERROR') {
      applyServerIssues(form, error, fieldMap);
      return;
    }
    if ((POSE_FORM_KEYS as readonly string[]).includes(error.key)) {
      setRefusal(translate(`errors.${error.key}`, error.params));
    }
  };
  return { refusal, setRefusal, refuse };
}

/**
 * Adjusting photo poses (SPEC sections 2, 4 and 5). One photo: its current and initial pose, the whole pose to edit,
 * its history. Several: their current poses and one offset (metres east/north/up, degrees) for all. Both restore the
 * initial pose after a confirmation.
 */
export function PoseAdjustForm({ inspectionId, imageIds }: PoseAdjustFormProps) {
  const { t } = useTranslation();
  usePoseRefreshOnEvents(inspectionId);
  if (imageIds.length === 0) {
    return <Empty description={t('pose.empty')} data-testid="pose-empty" />;
  }
  return imageIds.length === 1 ? (
    <SinglePose inspectionId={inspectionId} imageId={imageIds[0]!} />
  ) : (
    <BatchPose inspectionId={inspectionId} imageIds={imageIds} />
  );
}

function usePoseText() {
  const { t } = useTranslation();
  const poseItems = (pose: ImagePose | null, testId: string): ReactNode =>
    pose ? (
      <Descriptions
        size="small"
        column={3}
        data-testid={testId}
        items={(
          [
            ['longitude', fixed(pose.longitude, 8)],
            ['latitude', fixed(pose.latitude, 8)],
            ['altitude', fixed(pose.altitude, 3)],
            ['pitch', fixed(pose.pitch, 4)],
            ['yaw', fixed(pose.yaw, 4)],
            ['roll', fixed(pose.roll, 4)],
          ] as const
        ).map(([key, value]) => ({
          key,
          label: t(`pose.fields.${key}`),
          children: <span data-testid={`${testId}-${key}`}>{value}</span>,
        }))}
      />
    ) : (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('pose.single.none')}
      </Typography.Text>
    );
  const sourceText = (record: Pick<ImagePoseRecord, 'source' | 'recordedAt'>) =>
    record.source
      ? t('pose.single.sourceAt', { source: t(`pose.source.${record.source}`), time: formatTime(record.recordedAt) })
      : '';
  const reasonText = (record: ImagePoseRecord) =>
    record.withoutPose ? t('pose.single.withoutPose', { reason: t(`pose.reason.${record.withoutPose.reason}`) }) : '';
  return { poseItems, sourceText, reasonText };
}

function RestoreButton({ inspectionId, imageIds }: { inspectionId: number; imageIds: number[] }) {
  const { t } = useTranslation();
  const { message, modal } = AntdApp.useApp();
  const restore = useRestorePose();
  const confirm = () =>
    modal.confirm({
      title: t('pose.restore.confirmTitle'),
      content: t('pose.restore.confirmContent', { count: imageIds.length }),
      okText: t('pose.restore.ok'),
      cancelText: t('ui.common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'pose-restore-ok' } as ButtonProps,
      onOk: async () => {
        try {
          const result = await restore.mutateAsync({ inspectionId, imageIds });
          void message.success(
            result.updated > 0 ? t('pose.restore.done', { count: result.updated }) : t('pose.restore.unchanged'),
          );
        } catch (error) {
          if (isApiError(error)) void message.error(translate(`errors.${error.key}`, error.params));
        }
      },
    });
  return (
    <Button icon={<RollbackOutlined />} onClick={confirm} loading={restore.isPending} data-testid="pose-restore">
      {t('pose.restore.action')}
    </Button>
  );
}

function SinglePose({ inspectionId, imageId }: { inspectionId: number; imageId: number }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<PoseValues>();
  const newest = useImagePoses(inspectionId, [imageId], 'newest', imageId);
  const initial = useImagePoses(inspectionId, [imageId], 'default');
  const adjust = useAdjustPose();
  const { refusal, setRefusal, refuse } = useRefusal();
  const { poseItems, sourceText, reasonText } = usePoseText();
  const newestPose = newest.data?.records[0]?.pose ?? null;

  // The fields follow the newest pose as saved (angles normalised), here or from another screen.
  useEffect(() => {
    if (newestPose) form.setFieldsValue(newestPose);
  }, [form, newestPose]);

  if (newest.isError || initial.isError) {
    return (
      <LoadFailed
        onRetry={() => {
          void newest.refetch();
          void initial.refetch();
        }}
      />
    );
  }
  const current = newest.data?.records[0];
  const first = initial.data?.records[0];
  if (!current || !first) return <Spin data-testid="pose-loading" />;

  const fields: Field[] = [
    { name: 'longitude', label: t('pose.fields.longitude'), range: POSE_RANGES.longitude, step: 0.00001 },
    { name: 'latitude', label: t('pose.fields.latitude'), range: POSE_RANGES.latitude, step: 0.00001 },
    { name: 'altitude', label: t('pose.fields.altitude'), range: POSE_RANGES.altitude, step: 1 },
    ...ANGLE_FIELDS.map((name) => ({ name, label: t(`pose.fields.${name}`), range: POSE_RANGES.angle, step: 1 })),
  ];

  const save = async () => {
    setRefusal(null);
    let values: PoseValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await adjust.mutateAsync({ mode: 'absolute', inspectionId, imageId, pose: values });
      void message.success(t('pose.single.saved', { name: current.name }));
    } catch (error) {
      refuse(error, form, Object.fromEntries(fields.map((field) => [`pose.${field.name}`, field.name])));
    }
  };

  const history = newest.data?.history ?? [];
  const historyColumns: TableColumnsType<ImagePoseHistoryEntry> = [
    { title: t('pose.history.time'), key: 'time', render: (_value, entry) => formatTime(entry.recordedAt) },
    { title: t('pose.history.source'), key: 'source', render: (_value, entry) => t(`pose.source.${entry.source}`) },
    {
      title: t('pose.fields.longitude'),
      key: 'position',
      render: (_value, entry) =>
        `${fixed(entry.pose.longitude, 7)}, ${fixed(entry.pose.latitude, 7)}, ${fixed(entry.pose.altitude, 2)}`,
    },
    {
      title: `${t('pose.fields.pitch')} / ${t('pose.fields.yaw')} / ${t('pose.fields.roll')}`,
      key: 'angles',
      render: (_value, entry) => ANGLE_FIELDS.map((name) => fixed(entry.pose[name], 2)).join(' / '),
    },
    {
      title: t('pose.history.by'),
      key: 'by',
      render: (_value, entry) => entry.recordedBy?.name ?? t('pose.history.system'),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="pose-single">
      <Typography.Title level={5} style={{ margin: 0 }} data-testid="pose-photo-name">
        {current.name}
      </Typography.Title>
      <div>
        <Space size={8}>
          <Typography.Text strong>{t('pose.single.current')}</Typography.Text>
          <Typography.Text type="secondary" data-testid="pose-current-source">
            {sourceText(current)}
          </Typography.Text>
          {current.pose === null && current.withoutPose && <Tag color="warning">{reasonText(current)}</Tag>}
        </Space>
        {poseItems(current.pose, 'pose-current')}
      </div>
      <div>
        <Space size={8}>
          <Typography.Text strong>{t('pose.single.initial')}</Typography.Text>
          <Typography.Text type="secondary">{sourceText(first)}</Typography.Text>
        </Space>
        {poseItems(first.pose, 'pose-initial')}
      </div>
      <Form<PoseValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={current.pose ?? undefined}
        data-testid="pose-absolute-form"
      >
        <Typography.Paragraph type="secondary">{t('pose.single.absoluteHint')}</Typography.Paragraph>
        <NumberFields fields={fields} />
      </Form>
      {refusal && <Alert type="error" showIcon message={refusal} data-testid="pose-refusal" />}
      <Flex gap={8}>
        <Button type="primary" loading={adjust.isPending} onClick={() => void save()} data-testid="pose-save">
          {t('pose.single.save')}
        </Button>
        <RestoreButton inspectionId={inspectionId} imageIds={[imageId]} />
      </Flex>
      <div>
        <Typography.Text strong>{t('pose.history.title')}</Typography.Text>
        <Table<ImagePoseHistoryEntry>
          size="small"
          rowKey="id"
          pagination={false}
          columns={historyColumns}
          dataSource={[...history].reverse()}
          locale={{ emptyText: t('pose.history.empty') }}
          data-testid="pose-history"
        />
      </div>
    </Flex>
  );
}

function BatchPose({ inspectionId, imageIds }: { inspectionId: number; imageIds: number[] }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<PoseOffset>();
  const newest = useImagePoses(inspectionId, imageIds, 'newest');
  const adjust = useAdjustPose();
  const { refusal, setRefusal, refuse } = useRefusal();
  const { sourceText, reasonText } = usePoseText();

  if (newest.isError) return <LoadFailed onRetry={() => void newest.refetch()} />;
  const records = newest.data?.records;
  if (!records) return <Spin data-testid="pose-loading" />;
  const withoutPose = records.filter((record) => record.pose === null);

  const fields: Field[] = [
    ...(['east', 'north', 'up'] as const).map((name) => ({
      name,
      label: t(`pose.fields.${name}`),
      range: POSE_RANGES.offsetMetres,
      step: 0.1,
    })),
    { name: 'pitch', label: t('pose.fields.dPitch'), range: POSE_RANGES.angle, step: 1 },
    { name: 'yaw', label: t('pose.fields.dYaw'), range: POSE_RANGES.angle, step: 1 },
    { name: 'roll', label: t('pose.fields.dRoll'), range: POSE_RANGES.angle, step: 1 },
  ];

  const apply = async () => {
    setRefusal(null);
    let offset: PoseOffset;
    try {
      offset = await form.validateFields();
    } catch {
      return;
    }
    try {
      const result = await adjust.mutateAsync({ mode: 'offset', inspectionId, imageIds, offset });
      void message.success(t('pose.batch.applied', { count: result.updated }));
    } catch (error) {
      refuse(error, form, Object.fromEntries(fields.map((field) => [`offset.${field.name}`, field.name])));
    }
  };

  const columns: TableColumnsType<ImagePoseRecord> = [
    { title: t('pose.batch.name'), dataIndex: 'name' },
    {
      title: t('pose.batch.pose'),
      key: 'pose',
      render: (_value, record) =>
        record.pose ? (
          <span data-testid="pose-batch-value">
            {`${fixed(record.pose.longitude, 7)}, ${fixed(record.pose.latitude, 7)}, ${fixed(record.pose.altitude, 2)} · ${ANGLE_FIELDS.map((name) => fixed(record.pose![name], 2)).join(' / ')}`}
          </span>
        ) : (
          <Tag color="warning">{reasonText(record) || t('pose.single.none')}</Tag>
        ),
    },
    { title: t('pose.history.source'), key: 'source', render: (_value, record) => sourceText(record) },
  ];

  const zero: PoseOffset = { east: 0, north: 0, up: 0, pitch: 0, yaw: 0, roll: 0 };
  return (
    <Flex vertical gap={16} data-testid="pose-batch">
      <Typography.Text strong>{t('pose.batch.photos')}</Typography.Text>
      <Table<ImagePoseRecord>
        size="small"
        rowKey="imageId"
        pagination={false}
        columns={columns}
        dataSource={records}
        data-testid="pose-batch-table"
      />
      {withoutPose.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={t('pose.batch.withoutPose', {
            count: withoutPose.length,
            names: withoutPose.map((record) => record.name).join(', '),
          })}
        />
      )}
      <Form<PoseOffset>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={zero}
        data-testid="pose-offset-form"
      >
        <Typography.Paragraph type="secondary">{t('pose.batch.offsetHint')}</Typography.Paragraph>
        <NumberFields fields={fields} />
      </Form>
      {refusal && <Alert type="error" showIcon message={refusal} data-testid="pose-refusal" />}
      <Flex gap={8}>
        <Button type="primary" loading={adjust.isPending} onClick={() => void apply()} data-testid="pose-apply">
          {t('pose.batch.apply')}
        </Button>
        <RestoreButton inspectionId={inspectionId} imageIds={imageIds} />
      </Flex>
    </Flex>
  );
}
