import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { imageGroupInputSchema, type ImageGroup } from '@sightline/shared';
import { FormDialog } from '../../../components/FormDialog';
import { useCameraParams, useSaveImageGroup } from '../api';
import { ImageGroupFields } from './ImageGroupFields';

interface GroupValues {
  name: string;
  cameraParamId?: number;
  photoDistance?: number | null;
}

/**
 * Add or edit one image group of an inspection. A group keeps the copy of the camera it was given, so an edit
 * chooses its camera again from the team's list (preselected when the model is still there).
 */
export function ImageGroupDialog({
  inspectionId,
  group,
  onClose,
}: {
  inspectionId: number;
  /** null to add. */
  group: ImageGroup | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GroupValues>();
  const save = useSaveImageGroup();
  const cameras = useCameraParams();
  const cameraList = cameras.data ?? [];
  const current = group ? cameraList.find((camera) => camera.model === group.camera.model) : undefined;

  const handleSubmit = async (values: GroupValues) => {
    const body = imageGroupInputSchema.parse({
      name: values.name,
      cameraParamId: values.cameraParamId,
      photoDistance: values.photoDistance ?? undefined,
    });
    const saved = await save.mutateAsync({ id: group?.id ?? null, body: { ...body, inspectionId } });
    return group
      ? t('inspectionUi.group.saved', { name: saved.name })
      : t('inspectionUi.group.created', { name: saved.name });
  };

  if (cameras.isPending) return null;
  return (
    <FormDialog<GroupValues>
      title={group ? t('inspectionUi.group.editTitle') : t('inspectionUi.group.createTitle')}
      form={form}
      initialValues={{
        name: group?.name ?? '',
        cameraParamId: current?.id,
        photoDistance: group?.photoDistance ?? null,
      }}
      testId="image-group-form"
      saving={save.isPending}
      nameTakenKey="INSPECTION_IMAGE_GROUP_NAME_EXISTING"
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      {cameras.isSuccess && cameraList.length === 0 && (
        <Alert type="info" showIcon message={t('inspectionUi.form.noCameras')} style={{ marginBottom: 12 }} />
      )}
      <ImageGroupFields cameras={cameraList} />
    </FormDialog>
  );
}
