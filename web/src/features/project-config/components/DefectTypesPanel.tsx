import { useDeferredValue, useState } from 'react';
import {
  App as AntdApp,
  Button,
  ColorPicker,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { createDefectTypeBodySchema, type DefectShapeKind, type DefectType } from '@sightline/shared';
import { isApiError } from '../../../api/client';
import { hasTranslation, translate } from '../../../i18n';
import { applyServerIssues, zodRule } from '../../../lib/form-rules';
import { useCreateDefectType, useDefectTypePage, useDeleteDefectType, useUpdateDefectType } from '../api';

const PAGE_SIZE = 10;

/** A defect type's name in the interface language: built-in ones by their code. */
export function defectTypeLabel(type: DefectType): string {
  const key = type.nameKey ?? (type.code ? `diseaseType.${type.code}` : null);
  return key && hasTranslation(key) ? translate(key) : type.name;
}

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
  const { modal, message } = AntdApp.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [keywordInput, setKeywordInput] = useState('');
  const keyword = useDeferredValue(keywordInput.trim());
  const page = useDefectTypePage(projectId, pageNum, PAGE_SIZE, keyword);
  const update = useUpdateDefectType(projectId);
  const remove = useDeleteDefectType(projectId);
  const [editing, setEditing] = useState<DefectType | 'new' | null>(null);

  const confirmDelete = (type: DefectType) =>
    modal.confirm({
      title: t('projectUi.types.deleteTitle', { name: type.name }),
      content: t('projectUi.types.deleteContent'),
      okText: t('projectUi.common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        await remove.mutateAsync(type.id);
        void message.success(t('projectUi.common.deleted'));
      },
    });

  return (
    <Flex vertical gap={12} data-testid="defect-types">
      <Flex gap={8} align="center" wrap>
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
        <Typography.Text type="secondary" style={{ flex: 1, minWidth: 200 }}>
          {t('projectUi.types.hint')}
        </Typography.Text>
        {editable && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="defect-type-add"
          >
            {t('projectUi.types.add')}
          </Button>
        )}
      </Flex>
      <Table<DefectType>
        rowKey="id"
        size="middle"
        loading={page.isLoading}
        dataSource={page.data?.records ?? []}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: page.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNum,
        }}
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
          ...(editable
            ? [
                {
                  title: t('projectUi.common.actions'),
                  key: 'actions',
                  width: 110,
                  render: (_: unknown, type: DefectType) =>
                    type.system ? (
                      <Typography.Text type="secondary">{t('projectUi.types.readOnly')}</Typography.Text>
                    ) : (
                      <Space>
                        <Button
                          type="text"
                          size="small"
                          icon={<EditOutlined />}
                          onClick={() => setEditing(type)}
                          aria-label={t('ui.common.edit')}
                        />
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          onClick={() => confirmDelete(type)}
                          aria-label={t('projectUi.common.delete')}
                        />
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      {editing !== null && (
        <DefectTypeModal
          projectId={projectId}
          type={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          // A new type comes last: show the page it is on.
          onCreated={() => setPageNum(Math.max(1, Math.ceil(((page.data?.total ?? 0) + 1) / PAGE_SIZE)))}
        />
      )}
    </Flex>
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
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<TypeFormValues>();
  const create = useCreateDefectType(projectId);
  const update = useUpdateDefectType(projectId);
  const rule = (name: string) =>
    zodRule(createDefectTypeBodySchema, name, { toInput: (values) => ({ projectId, ...values }) });

  const handleOk = async () => {
    let values: TypeFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = { name: values.name.trim(), color: values.color.toUpperCase(), visibleOnAdd: values.visibleOnAdd };
    try {
      if (type) await update.mutateAsync({ id: type.id, ...body });
      else {
        await create.mutateAsync({ ...body, shapeKind: values.shapeKind });
        onCreated();
      }
      void message.success(t('projectUi.common.saved'));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.key === 'DISEASE_TYPE_NAME_ERROR') {
        form.setFields([{ name: 'name', errors: [translate('errors.DISEASE_TYPE_NAME_ERROR', error.params)] }]);
      } else applyServerIssues(form, error);
    }
  };

  return (
    <Modal
      open
      title={type ? t('projectUi.types.editTitle') : t('projectUi.types.addTitle')}
      okText={t('ui.common.save')}
      cancelText={t('ui.common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => void handleOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TypeFormValues>
        form={form}
        layout="vertical"
        initialValues={{
          name: type?.name ?? '',
          color: type?.color ?? '#FA8C16',
          shapeKind: type?.shapeKind ?? 'area',
          visibleOnAdd: type?.visibleOnAdd ?? true,
        }}
        data-testid="defect-type-form"
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
      </Form>
    </Modal>
  );
}
