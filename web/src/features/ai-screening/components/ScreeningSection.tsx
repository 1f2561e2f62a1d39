import { useState } from 'react';
import { Alert, App as AntdApp, Button, Card, Flex, Progress, Space, Tag, Typography } from 'antd';
import { ExperimentOutlined, StopOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AiCheckState } from '@sightline/shared';
import { useFunctionState } from '../../../api/team';
import { LoadFailed } from '../../../components/LoadFailed';
import { translate } from '../../../i18n';
import { usePermission } from '../../../session/permissions';
import { isBusy, useProjectTypes, useScreeningActions, useScreeningStatus } from '../api';
import { detectorIds, detectorLabel } from '../detector';
import { ModelsPanel } from './ModelsPanel';
import { ReviewPanel } from './ReviewPanel';
import { StartDialog } from './StartDialog';
import { TrainingSetExport } from './TrainingSetExport';

const STATE_COLOURS: Partial<Record<AiCheckState, string>> = {
  AI_In_Preparation: 'processing',
  AI_QUEUE: 'processing',
  AI_CHECKING: 'processing',
  TASK_CANCELING: 'warning',
  AI_CHECK_COMPLETE: 'success',
  AI_CHECK_EXCEPTION: 'warning',
  AI_SERVER_EXCEPTION: 'error',
};

/**
 * An inspection's AI screening (issue 14, SPEC sections 2 and 4): the state, progress (photos done of the run's,
 * defects found) and queue position kept live by the event stream; start with the filter configuration, stop,
 * jump the queue; then the review of the results, its export as a training set and the team's learned models (which
 * one the next screening uses). Viewers see the state, the tabs and the models, without actions.
 */
export default function ScreeningSection({ inspectionId, projectId }: { inspectionId: number; projectId: number }) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const canScreen = usePermission('image:screen');
  const canReview = usePermission('defect:review');
  // Starting and jumping the queue need the team's AI screening package; stopping and reviewing do not. They wait
  // until the team's packages are known: the server would refuse a start without the package, and say why only then.
  const aiPackage = useFunctionState('ai_screening', canScreen);
  const packageLoading = aiPackage === 'loading';
  const packageInactive = aiPackage === 'inactive';
  const [starting, setStarting] = useState(false);
  const status = useScreeningStatus(inspectionId);
  const types = useProjectTypes(projectId);
  const { cancel, jump } = useScreeningActions(inspectionId);

  const state = status.data?.state ?? 'NOT_EXISTING';
  const busy = isBusy(state);
  const done = status.data?.done ?? 0;
  const total = status.data?.total ?? 0;
  const detectors = status.data?.detectors ?? [];
  const percent = total > 0 ? Math.floor((done / total) * 100) : 0;

  const confirmStop = () =>
    modal.confirm({
      title: t('aiUi.stop'),
      content: t('aiUi.stopConfirm'),
      okText: t('aiUi.stop'),
      okButtonProps: { danger: true, 'data-testid': 'ai-confirm-ok' },
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        await cancel.mutateAsync();
        void message.success(t('aiUi.stopped'));
      },
    });

  return (
    <Card
      title={t('aiUi.title')}
      style={{ width: '100%' }}
      data-testid="ai-section"
      extra={
        canScreen && (
          <Space wrap>
            {state === 'AI_QUEUE' && !packageLoading && !packageInactive && (
              <Button
                size="small"
                icon={<VerticalAlignTopOutlined />}
                loading={jump.isPending}
                onClick={() => jump.mutate()}
                data-testid="ai-jump"
              >
                {t('aiUi.jump')}
              </Button>
            )}
            {busy ? (
              <Button
                danger
                size="small"
                icon={<StopOutlined />}
                disabled={state === 'TASK_CANCELING'}
                onClick={confirmStop}
                data-testid="ai-stop"
              >
                {t('aiUi.stop')}
              </Button>
            ) : (
              <Button
                type="primary"
                size="small"
                icon={<ExperimentOutlined />}
                disabled={!status.isSuccess || packageLoading || packageInactive}
                loading={packageLoading}
                onClick={() => setStarting(true)}
                data-testid="ai-start"
              >
                {t('aiUi.start')}
              </Button>
            )}
          </Space>
        )
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('aiUi.intro')}</Typography.Text>
        {canScreen && packageInactive && (
          <Alert type="info" showIcon title={t('aiUi.packageInactive')} data-testid="ai-package-inactive" />
        )}
        {status.isError ? (
          <LoadFailed onRetry={() => void status.refetch()} />
        ) : (
          <Flex align="center" gap={16} wrap data-testid="ai-status">
            <Space size={6}>
              <Typography.Text>{t('aiUi.state')}:</Typography.Text>
              <Tag color={STATE_COLOURS[state]} data-testid="ai-state" data-state={state}>
                {t(`aiUi.states.${state}`)}
              </Tag>
            </Space>
            {state !== 'NOT_EXISTING' && (
              <>
                <Progress
                  percent={percent}
                  size="small"
                  style={{ width: 200, margin: 0 }}
                  status={state === 'AI_SERVER_EXCEPTION' ? 'exception' : busy ? 'active' : 'normal'}
                  data-testid="ai-progress"
                />
                <Typography.Text type="secondary" data-testid="ai-done" data-done={done} data-total={total}>
                  {t('aiUi.progress', { done, total })}
                </Typography.Text>
                <Typography.Text type="secondary" data-testid="ai-defects" data-count={status.data?.defects ?? 0}>
                  {t('aiUi.defectsFound', { count: status.data?.defects ?? 0 })}
                </Typography.Text>
                {detectors.length > 0 && (
                  <Typography.Text type="secondary" data-testid="ai-detectors" data-models={detectorIds(detectors)}>
                    {t('aiUi.foundBy', { names: detectors.map((detector) => detectorLabel(t, detector)).join(', ') })}
                  </Typography.Text>
                )}
              </>
            )}
            {status.data?.queuePosition !== null && status.data?.queuePosition !== undefined && (
              <Typography.Text data-testid="ai-queue-position" data-position={status.data.queuePosition}>
                {t('aiUi.queuePosition', { position: status.data.queuePosition })}
              </Typography.Text>
            )}
          </Flex>
        )}
        {state === 'AI_SERVER_EXCEPTION' && status.data?.errorKey && (
          <Alert type="error" showIcon title={translate(`errors.${status.data.errorKey}`)} />
        )}
        <ReviewPanel inspectionId={inspectionId} types={types.data ?? []} canReview={canReview} locked={busy} />
        <TrainingSetExport inspectionId={inspectionId} canExport={canScreen} />
        <ModelsPanel projectId={projectId} canManage={canScreen} />
      </Flex>
      {starting && <StartDialog inspectionId={inspectionId} projectId={projectId} onClose={() => setStarting(false)} />}
    </Card>
  );
}
