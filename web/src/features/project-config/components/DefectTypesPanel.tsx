import { useDeferredValue, useState } from 'react';
import { ColorPicker, Flex, Form, Input, Radio, Switch, Tag, Tooltip, Typography } from 'antd';
import { LockOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { createDefectTypeBodySchema, type DefectShapeKind, type DefectType } from '@sightline/shared';
import { PAGE_SIZE } from '../../../components/PagedTable';
import { defectTypeLabel } from '../../../lib/defect-type-label';
import { zodRule } from '../../../lib/form-rules';
import { useCreateDefectType, useDefectTypePage, useDeleteDefectType, useUpdateDefectType } from '../api';
import { EditableListPanel, useConfirmDelete } from './EditableListPanel';
import { ItemFormModal } from './ItemFormModal';

function ColorSwatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 14,
        height: 14,
        borderRadius: 3,
        background: color,
        border: '1px solid rgba(127, 127, 127, 0.5)',
        verticalAlign: '-2px',
      }}
    />
  );
}

/**
 * Defect types (SPEC section 3): the 20 built-in types with their marker colours, read-only, and the project's
 * own types with a name, a colour and whether they are offered when a defect is added. A type bound to defects
 * cannot be deleted (the server says so).
 */
export function DefectTypesPanel({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const [pageNum, setPageNum] = useState(1);
  const [keywordInput, setKeywordInput] = useState('');
  const keyword = useDeferredValue(keywordInput.trim());
  const page = useDefectTypePage(projectId, pageNum, PAGE_SIZE, keyword);
  const update = useUpdateDefectType(projectId);
  const remove = useDeleteDefectType(projectId);

  return (
    <EditableListPanel<DefectType>
      testId="defect-types"
      editable={editable}
      leading={
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('projectUi.types.search')}
          value={keywordInput}
          onChange={(event) => {
            setKeywordInput(event.target.value);
            setPageNum(1);
          }}
          style={{ width: 240 }}
        />
      }
      hint={t('projectUi.types.hint')}
      hintMinWidth={200}
      addLabel={t('projectUi.types.add')}
      addTestId="defect-type-add"
      rows={{ page, pageNum, onPageChange: setPageNum }}
      columns={[
        {
          title: t('projectUi.types.name'),
          key: 'name',
          render: (_: unknown, type) => (
            <Flex align="center" gap={8}>
              <ColorSwatch color={type.color} />
              <span>{defectTypeLabel(type)}</span>
            </Flex>
          ),
        },
        {
          title: t('projectUi.types.color'),
          dataIndex: 'color',
          width: 120,
          render: (color: string) => <Typography.Text code>{color.toUpperCase()}</Typography.Text>,
        },
        {
          title: t('projectUi.types.shape'),
          dataIndex: 'shapeKind',
          width: 150,
          render: (kind: DefectShapeKind) => t(`projectUi.typeShapes.${kind}`),
        },
        {
          title: t('projectUi.types.kind'),
          dataIndex: 'system',
          width: 120,
          render: (system: boolean) =>
            system ? (
              <Tag icon={<LockOutlined />}>{t('projectUi.types.builtIn')}</Tag>
            ) : (
              <Tag color="blue">{t('projectUi.types.custom')}</Tag>
            ),
        },
        {
          title: t('projectUi.types.visibleOnAdd'),
          dataIndex: 'visibleOnAdd',
          width: 140,
          render: (visible: boolean, type) =>
            type.system ? (
              <Tooltip title={t('errors.DISEASE_TYPE_UPDATE_ERROR')}>
                <Switch size="small" checked={visible} disabled />
              </Tooltip>
            ) : (
              <Switch
                size="small"
                checked={visible}
                disabled={!editable}
                loading={update.isPending && update.variables?.id === type.id}
                onChange={(checked) => update.mutate({ id: type.id, visibleOnAdd: checked })}
                aria-label={t('projectUi.types.visibleOnAdd')}
              />
            ),
        },
      ]}
      actionsWidth={110}
      readOnlyLabel={(type) => (type.system ? t('projectUi.types.readOnly') : undefined)}
      onDelete={(type) =>
        confirmDelete({
          title: t('projectUi.types.deleteTitle', { name: type.name }),
          content: t('projectUi.types.deleteContent'),
          onOk: () => remove.mutateAsync(type.id),
        })
      }
      renderEditor={(type, close) => (
        <DefectTypeModal
          projectId={projectId}
          type={type}
          onClose={close}
          // A new type comes last: show the page it is on.
          onCreated={() => setPageNum(Math.max(1, Math.ceil(((page.data?.total ?? 0) + 1) / PAGE_SIZE)))}
        />
      )}
    />
  );
}

interface TypeFormValues {
  name: string;
  color: string;
  shapeKind: DefectShapeKind;
  visibleOnAdd: boolean;
}

function DefectTypeModal({
  projectId,
  type,
  onClose,
  onCreated,
}: {
  projectId: number;
  type: DefectType | null;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TypeFormValues>();
  const create = useCreateDefectType(projectId);
  const update = useUpdateDefectType(projectId);
  const rule = (name: string) =>
    zodRule(createDefectTypeBodySchema, name, { toInput: (values) => ({ projectId, ...values }) });

  const handleSave = async (values: TypeFormValues) => {
    const body = { name: values.name.trim(), color: values.color.toUpperCase(), visibleOnAdd: values.visibleOnAdd };
    if (type) await update.mutateAsync({ id: type.id, ...body });
    else {
      await create.mutateAsync({ ...body, shapeKind: values.shapeKind });
      onCreated();
    }
  };

  return (
    <ItemFormModal<TypeFormValues>
      title={type ? t('projectUi.types.editTitle') : t('projectUi.types.addTitle')}
      form={form}
      initialValues={{
        name: type?.name ?? '',
        color: type?.color ?? '#FA8C16',
        shapeKind: type?.shapeKind ?? 'area',
        visibleOnAdd: type?.visibleOnAdd ?? true,
      }}
      testId="defect-type-form"
      saving={create.isPending || update.isPending}
      nameTakenKey="DISEASE_TYPE_NAME_ERROR"
      onSave={handleSave}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('projectUi.types.name')} rules={[rule('name')]} required>
        <Input maxLength={50} data-testid="defect-type-name" />
      </Form.Item>
      <Form.Item
        name="color"
        label={t('projectUi.types.color')}
        rules={[rule('color')]}
        required
        getValueFromEvent={(color: { toHexString(): string }) => color.toHexString().slice(0, 7).toUpperCase()}
      >
        <ColorPicker showText disabledAlpha format="hex" data-testid="defect-type-color" />
      </Form.Item>
      <Form.Item
        name="shapeKind"
        label={t('projectUi.types.shape')}
        extra={type ? t('projectUi.types.shapeFixed') : undefined}
      >
        <Radio.Group
          disabled={type !== null}
          options={(['line', 'area'] as const).map((kind) => ({
            value: kind,
            label: t(`projectUi.typeShapes.${kind}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="visibleOnAdd" label={t('projectUi.types.visibleOnAdd')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </ItemFormModal>
  );
}
