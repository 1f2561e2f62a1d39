import { Form, Input, InputNumber, Select, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { PHOTO_DISTANCE_MAX_M, type CameraParam } from '@sightline/shared';
import { groupRules } from './group-rules';

export function cameraLabel(camera: Pick<CameraParam, 'model' | 'imageWidthPx' | 'imageHeightPx'>): string {
  return `${camera.model} (${camera.imageWidthPx} × ${camera.imageHeightPx})`;
}

/**
 * The three fields of an image group: name, camera from the team's list, photo distance. `prefix` is the row's
 * name path inside a Form.List (empty in a form of one group); `extraNameRules` adds checks against sibling rows.
 */
export function ImageGroupFields({
  prefix = [],
  cameras,
  extraNameRules = [],
  inline = false,
}: {
  prefix?: (string | number)[];
  cameras: readonly CameraParam[];
  extraNameRules?: FormRule[];
  inline?: boolean;
}) {
  const { t } = useTranslation();
  const itemStyle = inline ? { flex: 1, marginBottom: 0, minWidth: 0 } : undefined;
  return (
    <>
      <Form.Item
        name={[...prefix, 'name']}
        label={t('inspectionUi.group.name')}
        rules={[...groupRules.name, ...extraNameRules]}
        style={itemStyle}
      >
        {/* No maxLength: an over-long name is refused by the shared rule, not cut short. */}
        <Input placeholder={t('inspectionUi.group.namePlaceholder')} autoComplete="off" data-testid="group-name" />
      </Form.Item>
      <Form.Item
        name={[...prefix, 'cameraParamId']}
        label={t('inspectionUi.group.camera')}
        rules={groupRules.cameraParamId}
        style={itemStyle}
      >
        <Select
          placeholder={t('inspectionUi.group.cameraPlaceholder')}
          options={cameras.map((camera) => ({ value: camera.id, label: cameraLabel(camera) }))}
          showSearch
          optionFilterProp="label"
          data-testid="group-camera"
        />
      </Form.Item>
      <Form.Item
        name={[...prefix, 'photoDistance']}
        label={t('inspectionUi.group.distance')}
        rules={groupRules.photoDistance}
        style={itemStyle}
      >
        <InputNumber style={{ width: '100%' }} max={PHOTO_DISTANCE_MAX_M} precision={0} data-testid="group-distance" />
      </Form.Item>
    </>
  );
}
