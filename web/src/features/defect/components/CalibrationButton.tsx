import { useState } from 'react';
import { Alert, Button, Descriptions, Modal, Progress, Space, Typography } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CalibrationState } from '@sightline/shared';
import { translate } from '../../../i18n';
import { usePermission } from '../../../session/permissions';
import { useCalibration, useCalibrationActions } from '../calibration-api';

const LIVE: readonly CalibrationState[] = ['queued', 'running'];

/**
 * The calibration of defect positions (issue 13, point 3): a button in the defect list's toolbar opening a dialog with
 * the state and progress (kept live by the event stream), continue (only the remaining defects), recalibrate all and
 * reset (both confirmed first), and cancel while it runs.
 */
export function CalibrationButton({ inspectionId }: { inspectionId: number }) {
  const { t } = useTranslation();
  const canEdit = usePermission('defect:edit');
  const [open, setOpen] = useState(false);
  const status = useCalibration(inspectionId);
  const { run, reset } = useCalibrationActions(inspectionId);
  const state = status.data?.state ?? 'idle';
  const live = LIVE.includes(state);
  const done = status.data?.done ?? 0;
  const total = status.data?.total ?? 0;
  const percent = total > 0 ? Math.floor((done / total) * 100) : state === 'done' ? 100 : 0;

  const confirmThen = (content: string, action: () => void) =>
    Modal.confirm({ title: t('calibrationUi.title'), content, onOk: action, okButtonProps: { danger: true } });

  return (
    <>
      <Button size="small" icon={<AimOutlined />} onClick={() => setOpen(true)} data-testid="calibration-open">
        {t('calibrationUi.open')}
      </Button>
      <Modal
        open={open}
        title={t('calibrationUi.title')}
        onCancel={() => setOpen(false)}
        footer={
          <Space wrap>
            {canEdit && live && (
              <Button
                danger
                loading={run.isPending}
                onClick={() => run.mutate('cancel')}
                data-testid="calibration-cancel"
              >
                {t('calibrationUi.cancel')}
              </Button>
            )}
            {canEdit && !live && (
              <>
                <Button
                  onClick={() => confirmThen(t('calibrationUi.resetConfirm'), () => reset.mutate())}
                  data-testid="calibration-reset"
                >
                  {t('calibrationUi.reset')}
                </Button>
                <Button
                  onClick={() => confirmThen(t('calibrationUi.allConfirm'), () => run.mutate('all'))}
                  data-testid="calibration-all"
                >
                  {t('calibrationUi.all')}
                </Button>
                <Button
                  type="primary"
                  loading={run.isPending}
                  onClick={() => run.mutate('continue')}
                  data-testid="calibration-continue"
                >
                  {t('calibrationUi.continue')}
                </Button>
              </>
            )}
            <Button onClick={() => setOpen(false)}>{t('calibrationUi.close')}</Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('calibrationUi.intro')}</Typography.Paragraph>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('calibrationUi.state')}>
            <span data-testid="calibration-state" data-state={state}>
              {t(`calibrationUi.states.${state}`)}
            </span>
          </Descriptions.Item>
        </Descriptions>
        <Progress
          percent={percent}
          status={state === 'failed' ? 'exception' : live ? 'active' : 'normal'}
          data-testid="calibration-progress"
        />
        <Typography.Text data-testid="calibration-counts">
          {t('calibrationUi.progress', { done, total })}
          {' · '}
          {t('calibrationUi.highPrecision', { count: status.data?.highPrecision ?? 0 })}
        </Typography.Text>
        {state === 'failed' && status.data?.errorKey && (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 12 }}
            message={translate(`errors.${status.data.errorKey}`)}
          />
        )}
        {state !== 'done' && state !== 'idle' && !live && (
          <Alert type="warning" showIcon style={{ marginTop: 12 }} message={t('calibrationUi.notComplete')} />
        )}
      </Modal>
    </>
  );
}
