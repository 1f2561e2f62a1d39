import { ColorPicker, Form } from 'antd';
import { useTranslation } from 'react-i18next';

/** The colour a group or marker is drawn in on the model, kept as `#RRGGBB`. */
export function MarkerColorField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="color"
      label={t('projectUi.markers.color')}
      getValueFromEvent={(color: { toHexString(): string }) => color.toHexString().slice(0, 7).toUpperCase()}
    >
      <ColorPicker showText disabledAlpha format="hex" data-testid="marker-color" />
    </Form.Item>
  );
}
