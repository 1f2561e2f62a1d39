import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  SPATIAL_MARKER_DEFAULT_COLOR,
  SPATIAL_MARKER_GROUP_TYPES,
  spatialMarkerSaveBodySchema,
  type SpatialMarkerGroupType,
  type SpatialMarkerNode,
  type SpatialMarkerNodeKind,
} from '@sightline/shared';
import { FormDialog } from '../../../components/FormDialog';
import { isApiError } from '../../../api/client';
import { zodRule } from '../../../lib/form-rules';
import { translate } from '../../../i18n';
import { useSaveNode } from '../api';
import { MarkerColorField } from './MarkerColorField';

/** What the dialog edits: a new group or marker under `parentId`, or an existing node. */
export type NodeDialogTarget =
  | { kind: SpatialMarkerNodeKind; parentId: number | null; node?: undefined }
  | { kind: SpatialMarkerNodeKind; parentId: number | null; node: SpatialMarkerNode };

interface NodeValues {
  name: string;
  code?: string;
  groupType?: SpatialMarkerGroupType;
  color: string;
}

/** Creates or edits one group (type, name, colour) or marker (number, name, colour). */
export function NodeDialog({
  projectId,
  target,
  onClose,
}: {
  projectId: number;
  target: NodeDialogTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NodeValues>();
  const save = useSaveNode(projectId);
  const { kind, parentId, node } = target;
  const rule = (field: string) =>
    zodRule(spatialMarkerSaveBodySchema, field, { toInput: (values) => ({ projectId, kind, ...values }) });
  const title =
    kind === 'group'
      ? node
        ? t('projectUi.markers.editGroup')
        : t(parentId === null ? 'projectUi.markers.newGroup' : 'projectUi.markers.newSubgroup')
      : t(node ? 'projectUi.markers.editMarker' : 'projectUi.markers.newMarker');

  const handleSubmit = async (values: NodeValues) => {
    try {
      await save.mutateAsync({
        ...(node && { id: node.id }),
        projectId,
        parentId,
        kind,
        name: values.name,
        color: values.color,
        ...(kind === 'group' ? { groupType: values.groupType } : { code: values.code }),
      });
    } catch (error) {
      // A number already taken belongs on the number field (the name's is placed by the dialog).
      if (!isApiError(error) || error.key !== 'SPACE_MARKING_CODE_ERROR') throw error;
      form.setFields([{ name: 'code', errors: [translate('errors.SPACE_MARKING_CODE_ERROR')] }]);
      return null;
    }
    return t('projectUi.markers.saved');
  };

  return (
    <FormDialog<NodeValues>
      title={title}
      form={form}
      initialValues={{
        name: node?.name ?? '',
        code: node?.code ?? '',
        groupType: node?.groupType ?? 'component',
        color: node?.color ?? SPATIAL_MARKER_DEFAULT_COLOR,
      }}
      testId="marker-node-form"
      saving={save.isPending}
      nameTakenKey="SPACE_MARKING_NAME_ERROR"
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      {kind === 'group' ? (
        <Form.Item name="groupType" label={t('projectUi.markers.groupType')}>
          <Radio.Group
            options={SPATIAL_MARKER_GROUP_TYPES.map((type) => ({
              value: type,
              label: t(`projectUi.markers.groupTypes.${type}`),
            }))}
          />
        </Form.Item>
      ) : (
        <Form.Item name="code" label={t('projectUi.markers.code')} rules={[rule('code')]}>
          <Input maxLength={50} data-testid="marker-code" />
        </Form.Item>
      )}
      <Form.Item name="name" label={t('projectUi.markers.name')} rules={[rule('name')]}>
        <Input maxLength={50} data-testid="marker-name" />
      </Form.Item>
      <MarkerColorField />
    </FormDialog>
  );
}
