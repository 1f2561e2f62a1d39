import { useMemo } from 'react';
import { Alert, App as AntdApp, Button, Col, Flex, Form, Input, Row, Select, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, createProjectBodySchema, type ProjectDetail } from '@sightline/shared';
import { isApiError } from '../../../api/client';
import { usePermission } from '../../../session/permissions';
import { applyServerIssues, zodRule } from '../../../lib/form-rules';
import { useProjectTypes, useTeamMembers } from '../../../api/team';
import { useCreateProject, useProjectGroups, useUpdateProject } from '../api';
import { createBodyOf, emptyProjectForm, projectFormOf, updateBodyOf, type ProjectFormValues } from '../project-form';
import { groupLabel } from '../group-label';
import { projectTypeLabel } from '../../../lib/project-type-label';
import { CoverField } from './CoverField';
import { LocationField } from './LocationField';
import { ProjectTypeIcon } from '../../../components/ProjectTypeIcon';

/** Form fields that stand for a body field of another name. */
const FIELD_OF_PATH: Record<string, string> = { locationGeojson: 'location' };

/** The form's values as the create body, for the shared schema's rules (a missing type reads "required"). */
const toInput = (values: Record<string, unknown>): Record<string, unknown> => {
  const form = { ...emptyProjectForm(), ...(values as Partial<ProjectFormValues>) };
  return { ...createBodyOf(form), typeId: form.typeId };
};

/**
 * The wizard's first step: name (at most 50 characters, unique in the team), type (built-in and the team's own),
 * cover, description, members, group, location file, route name and the high-precision flag. The default view
 * is set later, in the 3D view.
 */
export function ProjectInfoForm({
  project,
  initialGroupId,
  onSaved,
  onCancel,
}: {
  project: ProjectDetail | null;
  initialGroupId?: number;
  /** After a successful save; `next` when the user goes on to the model step. */
  onSaved: (id: number, next: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<ProjectFormValues>();
  const types = useProjectTypes();
  const groups = useProjectGroups();
  const canSeeMembers = usePermission('team:member:view');
  const members = useTeamMembers(canSeeMembers);
  const create = useCreateProject();
  const update = useUpdateProject();
  const saving = create.isPending || update.isPending;
  const initialValues = useMemo(
    () => (project ? projectFormOf(project) : emptyProjectForm(initialGroupId)),
    [project, initialGroupId],
  );
  const rule = (field: string) => zodRule(createProjectBodySchema, field, { toInput });

  const typeOptions = (types.data ?? [])
    .filter((type) => type.enabled || type.id === project?.typeId)
    .map((type) => ({
      value: type.id,
      label: (
        <Flex align="center" gap={8}>
          <ProjectTypeIcon icon={type.icon} />
          {projectTypeLabel(type)}
          {!type.builtIn && <Tag style={{ marginInlineStart: 'auto' }}>{t('projectUi.form.teamOwnType')}</Tag>}
        </Flex>
      ),
      searchText: projectTypeLabel(type),
    }));

  const save = async (next: boolean) => {
    let values: ProjectFormValues;
    try {
      values = { ...initialValues, ...(await form.validateFields()) };
    } catch {
      return;
    }
    try {
      const { id } = project
        ? await update.mutateAsync(updateBodyOf(project.id, values))
        : await create.mutateAsync(createBodyOf(values));
      void message.success(t(project ? 'projectUi.form.saved' : 'projectUi.form.created', { name: values.name }));
      onSaved(id, next);
    } catch (error) {
      if (isApiError(error) && error.key === 'PROJECT_NAME_EXITS_ERROR') {
        form.setFields([{ name: 'name', errors: [t('errors.PROJECT_NAME_EXITS_ERROR')] }]);
        form.scrollToField('name');
        return;
      }
      applyServerIssues(form, error, FIELD_OF_PATH);
    }
  };

  return (
    <Form<ProjectFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      style={{ maxWidth: 1160 }}
      data-testid="project-info-form"
      onFinish={() => void save(true)}
    >
      <Row gutter={40}>
        <Col xs={24} xl={13}>
          <Form.Item
            name="name"
            label={t('projectUi.form.name')}
            rules={[rule('name')]}
            required
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input
              maxLength={LIMITS.projectNameMax}
              showCount
              placeholder={t('projectUi.form.namePlaceholder')}
              data-testid="project-name"
            />
          </Form.Item>
          <Form.Item name="typeId" label={t('projectUi.form.type')} rules={[rule('typeId')]} required>
            <Select
              showSearch={{ optionFilterProp: 'searchText' }}
              loading={types.isLoading}
              options={typeOptions}
              placeholder={t('projectUi.form.typePlaceholder')}
              data-testid="project-type"
            />
          </Form.Item>
          <Form.Item name="description" label={t('projectUi.form.description')} rules={[rule('description')]}>
            <Input.TextArea
              rows={3}
              maxLength={500}
              showCount
              placeholder={t('projectUi.form.descriptionPlaceholder')}
              data-testid="project-description"
            />
          </Form.Item>
          <Form.Item
            name="memberIds"
            label={t('projectUi.form.members')}
            extra={t('projectUi.form.membersHint')}
            rules={[rule('memberIds')]}
          >
            <Select
              mode="multiple"
              allowClear
              disabled={!canSeeMembers}
              loading={members.isLoading}
              placeholder={t('projectUi.form.membersPlaceholder')}
              showSearch={{ optionFilterProp: 'searchText' }}
              options={(members.data ?? [])
                .filter((member) => !member.expired)
                .map((member) => ({
                  value: member.userId,
                  searchText: `${member.name} ${member.account ?? ''} ${member.phone ?? ''}`,
                  label: (
                    <span>
                      {member.name}
                      <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
                        {t(`role.${member.roleId}`)}
                      </Typography.Text>
                    </span>
                  ),
                }))}
              data-testid="project-members"
            />
          </Form.Item>
          <Form.Item name="groupId" label={t('projectUi.form.group')} extra={t('projectUi.form.groupHint')}>
            <Select
              allowClear
              loading={groups.isLoading}
              placeholder={t('projectUi.form.groupPlaceholder')}
              options={(groups.data ?? []).map((group) => ({ value: group.id, label: groupLabel(group) }))}
              data-testid="project-group"
            />
          </Form.Item>
          <Form.Item name="routeName" label={t('projectUi.form.routeName')} rules={[rule('routeName')]}>
            <Input
              maxLength={LIMITS.generalInputMax}
              placeholder={t('projectUi.form.routeNamePlaceholder')}
              data-testid="project-route"
            />
          </Form.Item>
          <Form.Item
            name="highPrecision"
            label={t('projectUi.form.highPrecision')}
            valuePropName="checked"
            extra={t('projectUi.form.highPrecisionHint')}
          >
            <Switch data-testid="project-high-precision" />
          </Form.Item>
        </Col>
        <Col xs={24} xl={11}>
          <Form.Item name="coverUrl" label={t('projectUi.form.cover')}>
            <CoverField />
          </Form.Item>
          <Form.Item name="location" label={t('projectUi.form.location')}>
            <LocationField
              onRouteName={(name) => {
                if (!form.getFieldValue('routeName')) form.setFieldValue('routeName', name);
              }}
            />
          </Form.Item>
          <Form.Item label={t('projectUi.form.defaultView')}>
            <Alert
              type="info"
              showIcon
              title={
                project?.defaultView
                  ? t('projectUi.form.defaultViewSet', {
                      lon: project.defaultView.position.lon.toFixed(5),
                      lat: project.defaultView.position.lat.toFixed(5),
                      height: project.defaultView.position.height.toFixed(1),
                    })
                  : t('projectUi.form.defaultViewHint')
              }
            />
          </Form.Item>
        </Col>
      </Row>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onCancel}>{t('ui.common.cancel')}</Button>
        {project && (
          <Button loading={saving} onClick={() => void save(false)} data-testid="project-save">
            {t('ui.common.save')}
          </Button>
        )}
        <Button type="primary" htmlType="submit" loading={saving} data-testid="project-next">
          {project ? t('projectUi.form.saveAndNext') : t('projectUi.form.createAndNext')}
        </Button>
      </Flex>
    </Form>
  );
}
