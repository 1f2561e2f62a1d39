import { App as AntdApp, Checkbox, Collapse, Form, Modal, Radio, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AI_IMAGE_RANGES, type AiCheckStartBody, type AiImageRange } from '@sightline/shared';
import { defectTypeLabel } from '../../../lib/defect-type-label';
import { submitForm } from '../../../lib/submit-form';
import { FeatureSlot } from '../../../session/feature-slots';
import { usePermission } from '../../../session/permissions';
import { useProjectTypes, useScreeningActions, useUnboundCount } from '../api';

interface StartValues {
  typeIds: number[];
  imageRange: AiImageRange;
}

/**
 * The screening's filter configuration before a start (SPEC sections 2 and 4): the defect types to find, the
 * project's damage filter range, the image range. Deleting drawn damage is confirmed; photos not bound to a spatial
 * marker are counted and the person chooses whether to go on.
 */
export function StartDialog({
  inspectionId,
  projectId,
  onClose,
}: {
  inspectionId: number;
  projectId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const [form] = Form.useForm<StartValues>();
  const types = useProjectTypes(projectId);
  const { start } = useScreeningActions(inspectionId);
  const unboundCount = useUnboundCount(inspectionId);
  const canConfigure = usePermission('project:config');

  /** Resolves true once the person agrees (or nothing needs asking). */
  const agree = (title: string, content: string, okText: string, danger = false) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title,
        content,
        okText,
        okButtonProps: { danger, 'data-testid': 'ai-confirm-ok' },
        cancelText: t('ui.common.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const submit = async (values: StartValues): Promise<string | null> => {
    if (
      values.imageRange === 'deleteManual' &&
      !(await agree(
        t('aiUi.startDialog.deleteConfirmTitle'),
        t('aiUi.startDialog.deleteConfirm'),
        t('aiUi.startDialog.deleteOk'),
        true,
      ))
    ) {
      return null;
    }
    const { unbound } = await unboundCount();
    if (
      unbound > 0 &&
      !(await agree(
        t('aiUi.startDialog.unboundTitle'),
        t('aiUi.startDialog.unbound', { count: unbound }),
        t('aiUi.startDialog.continue'),
      ))
    ) {
      return null;
    }
    const body: AiCheckStartBody = { imageRange: values.imageRange, typeIds: values.typeIds };
    await start.mutateAsync(body);
    return t('aiUi.startDialog.started');
  };

  const handleOk = async () => {
    const started = await submitForm(form, submit);
    if (!started) return;
    void message.success(started);
    onClose();
  };

  // The filter range is its own form (saved on its own): beside this one, not inside it.
  return (
    <Modal
      open
      width={640}
      title={t('aiUi.startDialog.title')}
      okText={t('aiUi.start')}
      okButtonProps={{ 'data-testid': 'ai-start-ok' }}
      cancelText={t('ui.common.cancel')}
      confirmLoading={start.isPending}
      onOk={() => void handleOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<StartValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ marginTop: 16 }}
        initialValues={{ typeIds: [], imageRange: 'keepManual' }}
        data-testid="ai-start-form"
      >
        <Form.Item name="typeIds" label={t('aiUi.startDialog.types')} extra={t('aiUi.startDialog.typesHint')}>
          {types.isPending ? (
            <Spin size="small" />
          ) : (
            <Checkbox.Group
              data-testid="ai-start-types"
              options={(types.data ?? [])
                .filter((type) => type.code !== null)
                .map((type) => ({ value: type.id, label: defectTypeLabel(type) }))}
            />
          )}
        </Form.Item>
        <Form.Item name="imageRange" label={t('aiUi.startDialog.range')}>
          <Radio.Group
            data-testid="ai-start-range"
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={AI_IMAGE_RANGES.map((range) => ({
              value: range,
              label: t(`aiUi.startDialog.ranges.${range}`),
            }))}
          />
        </Form.Item>
      </Form>
      <Collapse
        size="small"
        items={[
          {
            key: 'filter',
            label: t('aiUi.startDialog.filter'),
            children: (
              <>
                <Typography.Paragraph type="secondary">{t('aiUi.startDialog.filterHint')}</Typography.Paragraph>
                <FeatureSlot
                  name="projectFilterRange"
                  props={{ projectId, editable: canConfigure }}
                  fallback={<Spin />}
                />
              </>
            ),
          },
        ]}
        data-testid="ai-start-filter"
      />
    </Modal>
  );
}
