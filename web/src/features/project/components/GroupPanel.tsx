import { useState, type ReactNode } from 'react';
import {
  App as AntdApp,
  Badge,
  Button,
  Card,
  Dropdown,
  Flex,
  Form,
  Input,
  Modal,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { AppstoreOutlined, EllipsisOutlined, FolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { createProjectGroupBodySchema, type ProjectGroup } from '@sightline/shared';
import { isApiError } from '../../../api/client';
import { usePermission } from '../../../session/permissions';
import { applyServerIssues, zodRule } from '../../../lib/form-rules';
import { useDeleteGroup, useSaveGroup } from '../api';
import { groupLabel } from '../group-label';

/** The groups beside the project list: pick one, and (for editors) create, rename or delete them. */
export function GroupPanel({
  groups,
  loading,
  selected,
  onSelect,
}: {
  groups: ProjectGroup[];
  loading: boolean;
  selected: number | null;
  onSelect: (groupId: number | null) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { modal, message } = AntdApp.useApp();
  const canManage = usePermission('project:edit');
  const [editing, setEditing] = useState<ProjectGroup | 'new' | null>(null);
  const remove = useDeleteGroup();
  const total = groups.reduce((sum, group) => sum + group.projectCount, 0);

  const confirmDelete = (group: ProjectGroup) => {
    modal.confirm({
      title: t('projectUi.groups.deleteTitle', { name: groupLabel(group) }),
      content: t('projectUi.groups.deleteContent'),
      okButtonProps: { danger: true },
      okText: t('projectUi.common.delete'),
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        await remove.mutateAsync(group.id);
        if (selected === group.id) onSelect(null);
        void message.success(t('projectUi.groups.deleted'));
      },
    });
  };

  const row = (
    key: string,
    label: string,
    count: number,
    active: boolean,
    onClick: () => void,
    extra?: ReactNode,
    icon: ReactNode = <FolderOutlined />,
  ) => (
    <Flex
      key={key}
      align="center"
      gap={8}
      role="button"
      tabIndex={0}
      aria-pressed={active}
      onClick={onClick}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onClick();
      }}
      data-testid="group-item"
      data-group-name={label}
      style={{
        padding: '6px 8px',
        borderRadius: token.borderRadius,
        cursor: 'pointer',
        background: active ? token.controlItemBgActive : undefined,
        color: active ? token.colorPrimary : undefined,
      }}
    >
      {icon}
      <Typography.Text ellipsis={{ tooltip: label }} style={{ flex: 1, color: 'inherit' }}>
        {label}
      </Typography.Text>
      <Badge
        count={count}
        showZero
        color={active ? token.colorPrimary : token.colorFillSecondary}
        style={{ color: active ? undefined : token.colorText }}
        overflowCount={9999}
      />
      {extra}
    </Flex>
  );

  return (
    <Card
      size="small"
      title={t('projectUi.groups.title')}
      loading={loading}
      extra={
        canManage && (
          <Tooltip title={t('projectUi.groups.create')}>
            <Button
              type="text"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setEditing('new')}
              aria-label={t('projectUi.groups.create')}
              data-testid="group-create"
            />
          </Tooltip>
        )
      }
      style={{ width: 240, flex: 'none' }}
      styles={{ body: { padding: 8 } }}
      data-testid="group-panel"
    >
      <Flex vertical gap={2}>
        {row(
          'all',
          t('projectUi.groups.all'),
          total,
          selected === null,
          () => onSelect(null),
          undefined,
          <AppstoreOutlined />,
        )}
        {groups.map((group) =>
          row(
            String(group.id),
            groupLabel(group),
            group.projectCount,
            selected === group.id,
            () => onSelect(group.id),
            canManage ? (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'rename', label: t('projectUi.groups.rename') },
                    {
                      key: 'delete',
                      danger: true,
                      label: (
                        <Tooltip
                          title={
                            group.isDefault
                              ? t('errors.PROJECT_GROUP_DEFAULT_UNDELETABLE')
                              : group.projectCount > 0
                                ? t('errors.PROJECT_GROUP_IN_USE')
                                : undefined
                          }
                          placement="right"
                        >
                          {t('projectUi.common.delete')}
                        </Tooltip>
                      ),
                      disabled: group.isDefault || group.projectCount > 0,
                    },
                  ],
                  onClick: ({ key, domEvent }) => {
                    domEvent.stopPropagation();
                    if (key === 'rename') setEditing(group);
                    else confirmDelete(group);
                  },
                }}
              >
                <Button
                  type="text"
                  size="small"
                  icon={<EllipsisOutlined />}
                  onClick={(event) => event.stopPropagation()}
                  aria-label={t('projectUi.groups.actions', { name: groupLabel(group) })}
                  data-testid="group-actions"
                />
              </Dropdown>
            ) : undefined,
          ),
        )}
      </Flex>
      {editing !== null && (
        <GroupFormModal group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}

function GroupFormModal({ group, onClose }: { group: ProjectGroup | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const save = useSaveGroup();

  const handleOk = async () => {
    const values = await form.validateFields();
    const body = createProjectGroupBodySchema.parse(values);
    try {
      await save.mutateAsync(group ? { id: group.id, name: body.name } : body);
      void message.success(t(group ? 'projectUi.groups.renamed' : 'projectUi.groups.created'));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.key === 'PROJECT_GROUP_NAME_ERROR') {
        form.setFields([{ name: 'name', errors: [t('errors.PROJECT_GROUP_NAME_ERROR')] }]);
      } else applyServerIssues(form, error);
    }
  };

  return (
    <Modal
      open
      title={group ? t('projectUi.groups.renameTitle') : t('projectUi.groups.createTitle')}
      okText={t('ui.common.save')}
      cancelText={t('ui.common.cancel')}
      onOk={() => void handleOk()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: group ? groupLabel(group) : '' }}
        onFinish={() => void handleOk()}
      >
        <Form.Item
          name="name"
          label={t('projectUi.groups.name')}
          rules={[zodRule(createProjectGroupBodySchema, 'name')]}
        >
          <Input maxLength={50} autoFocus data-testid="group-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
