import { useState } from 'react';
import { App as AntdApp, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HistoryDefect } from '@sightline/shared';
import { useRebind, useRebindCandidates } from '../api';

/** A polyline is bound only to a polyline, an area (polygon or rectangle) to an area, as the server requires. */
const isLine = (kind: string) => kind === 'polyline';
const NONE = 'none';

/**
 * Binds a defect by hand to a defect of the previous inspection of a compatible shape, or unbinds it (then it is
 * new), after a confirmation. The server keeps such links through later matchings.
 */
export function RebindDialog({
  defect,
  previousDefectId,
  previousInspectionId,
  onClose,
}: {
  defect: HistoryDefect;
  previousDefectId: number | null;
  previousInspectionId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const candidates = useRebindCandidates(previousInspectionId);
  const rebind = useRebind();
  const [choice, setChoice] = useState<number | typeof NONE>(previousDefectId ?? NONE);
  const compatible = (candidates.data?.records ?? []).filter(
    (candidate) => isLine(candidate.shape.kind) === isLine(defect.shapeKind),
  );
  const chosen = compatible.find((candidate) => candidate.id === choice);

  const handleOk = () =>
    modal.confirm({
      title: t('historyUi.rebind.title', { code: defect.code }),
      content:
        choice === NONE
          ? t('historyUi.rebind.confirmNone', { code: defect.code })
          : t('historyUi.rebind.confirm', { code: defect.code, previous: chosen?.code ?? '' }),
      okText: t('historyUi.rebind.ok'),
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        // A refusal is the server's translated toast; the dialog stays open to choose again.
        await rebind.mutateAsync({ defectId: defect.id, previousDefectId: choice === NONE ? null : choice }).then(
          () => {
            void message.success(t('historyUi.rebind.done'));
            onClose();
          },
          () => undefined,
        );
      },
    });

  return (
    <Modal
      open
      title={t('historyUi.rebind.title', { code: defect.code })}
      onCancel={onClose}
      onOk={handleOk}
      okText={t('historyUi.rebind.ok')}
      cancelText={t('ui.common.cancel')}
      okButtonProps={{ disabled: choice === (previousDefectId ?? NONE), 'data-testid': 'history-rebind-ok' }}
      data-testid="history-rebind-dialog"
    >
      <Typography.Paragraph type="secondary">{t('historyUi.rebind.intro')}</Typography.Paragraph>
      <Select<number | typeof NONE>
        style={{ width: '100%' }}
        showSearch
        optionFilterProp="label"
        loading={candidates.isPending}
        aria-label={t('historyUi.rebind.previous')}
        value={choice}
        onChange={setChoice}
        options={[
          { value: NONE, label: t('historyUi.rebind.none') },
          ...compatible.map((candidate) => ({
            value: candidate.id,
            label: `${candidate.code} · ${candidate.imageName}`,
          })),
        ]}
        data-testid="history-rebind-select"
      />
    </Modal>
  );
}
