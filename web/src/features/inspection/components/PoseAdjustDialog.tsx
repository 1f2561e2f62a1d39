import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PoseAdjustForm } from './PoseAdjustForm';

export interface PoseAdjustDialogProps {
  inspectionId: number;
  imageIds: number[];
  onClose(): void;
}

/**
 * Pose adjustment of the photos chosen in an inspection (SPEC section 2): one photo's whole pose, or one offset for
 * a batch. It stays open after a change so the new values can be read; changes are saved as they are made.
 */
export function PoseAdjustDialog({ inspectionId, imageIds, onClose }: PoseAdjustDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={760}
      title={imageIds.length > 1 ? t('pose.titleBatch', { count: imageIds.length }) : t('pose.titleSingle')}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="pose-close">
          {t('ui.common.back')}
        </Button>
      }
      destroyOnHidden
    >
      <div data-testid="pose-dialog">
        <PoseAdjustForm inspectionId={inspectionId} imageIds={imageIds} />
      </div>
    </Modal>
  );
}
