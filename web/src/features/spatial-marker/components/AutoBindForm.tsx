import { useEffect } from 'react';
import { Button, Flex, Form, InputNumber, Progress, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, autoBindDistanceField } from '@sightline/shared';
import { translate } from '../../../i18n';
import { useAutoBind, useBindingDistance, useBindingProgress } from '../api';

const DEFAULT_DISTANCE_CM = 50;

/** The shared distance rule, its range named in the message (10 to 200 cm, SPEC section 5). */
const distanceRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    const result = autoBindDistanceField.safeParse(value ?? undefined);
    const issue = result.success ? undefined : result.error.issues[0];
    if (issue) throw new Error(translate(`validation.${issue.message}`, LIMITS.autoBindDistanceCm));
  },
};

/** Automatic binding of an inspection's photos to the markers they see within a distance, with its progress. */
export function AutoBindForm({
  projectId,
  inspectionId,
  enabled,
}: {
  projectId: number;
  inspectionId: number;
  enabled: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ distanceCm: number | null }>();
  const last = useBindingDistance(projectId, inspectionId);
  const start = useAutoBind(projectId);
  const progress = useBindingProgress(projectId, inspectionId);
  const lastDistance = last.data?.distanceCm ?? null;
  useEffect(() => {
    if (lastDistance !== null) form.setFieldsValue({ distanceCm: lastDistance });
  }, [form, lastDistance]);

  const submit = async () => {
    const { distanceCm } = await form.validateFields().catch(() => ({ distanceCm: null }));
    if (distanceCm === null) return;
    await start.mutateAsync({ inspectionId, distanceCm });
  };

  const running = start.isPending || progress?.state === 'running';
  return (
    <Flex vertical gap={8} data-testid="auto-bind">
      <Typography.Text strong>{t('projectUi.markers.binding.auto')}</Typography.Text>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ distanceCm: DEFAULT_DISTANCE_CM }}>
        <Form.Item
          name="distanceCm"
          label={t('projectUi.markers.binding.distance')}
          extra={t('projectUi.markers.binding.distanceHint')}
          rules={[distanceRule]}
          style={{ marginBottom: 8 }}
        >
          <InputNumber style={{ width: '100%' }} data-testid="auto-bind-distance" />
        </Form.Item>
      </Form>
      <Button
        type="primary"
        onClick={() => void submit()}
        loading={running}
        disabled={!enabled}
        data-testid="auto-bind-start"
      >
        {t('projectUi.markers.binding.start')}
      </Button>
      {progress && (
        <Flex vertical data-testid="auto-bind-progress" data-state={progress.state}>
          <Progress
            percent={progress.total > 0 ? Math.round((progress.processed / progress.total) * 100) : 100}
            status={progress.state === 'failed' ? 'exception' : progress.state === 'running' ? 'active' : 'success'}
            size="small"
          />
          <Typography.Text type={progress.state === 'failed' ? 'danger' : 'secondary'}>
            {progress.state === 'running'
              ? t('projectUi.markers.binding.running', { processed: progress.processed, total: progress.total })
              : progress.state === 'done'
                ? t('projectUi.markers.binding.done', { bound: progress.bound, unbound: progress.unbound })
                : progress.errorKey
                  ? translate(`errors.${progress.errorKey}`)
                  : t('projectUi.markers.binding.failed')}
          </Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
