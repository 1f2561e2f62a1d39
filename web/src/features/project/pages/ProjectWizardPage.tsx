import { Button, Card, Flex, Result, Spin, Steps, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { MenuPageProps } from '../../../session/menu-routes';
import { usePermission } from '../../../session/permissions';
import { useProjectDetail } from '../../../api/project';
import { ModelStep } from '../components/ModelStep';
import { ProjectInfoForm } from '../components/ProjectInfoForm';
import { projectIdParam, projectPaths } from '../../../lib/project-paths';

/**
 * Create or edit a project in two steps (SPEC section 2): the project's information, then its 3D model.
 * /home/projects/new creates; /home/projects/:id/edit edits, `?step=model` opening the second step.
 */
export default function ProjectWizardPage(_props: MenuPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const projectId = projectIdParam(params.id);
  const editing = params.id !== undefined;
  const step = editing && search.get('step') === 'model' ? 1 : 0;
  const canCreate = usePermission('project:create');
  const canEdit = usePermission('project:edit');
  const detail = useProjectDetail(projectId);
  const groupParam = Number(search.get('group'));
  const initialGroupId = Number.isSafeInteger(groupParam) && groupParam > 0 ? groupParam : undefined;
  const goHome = () => void navigate(projectPaths.home);

  if ((editing && (!canEdit || projectId === null)) || (!editing && !canCreate)) {
    return (
      <Result
        status="403"
        title={editing && projectId === null ? t('errors.PROJECT_NO_ERROR') : t('errors.NO_AUTH')}
        extra={<Button onClick={goHome}>{t('ui.common.backHome')}</Button>}
      />
    );
  }
  if (editing && detail.isError) {
    return (
      <Result
        status="warning"
        title={t('errors.PROJECT_NO_ERROR')}
        extra={<Button onClick={goHome}>{t('ui.common.backHome')}</Button>}
      />
    );
  }

  const project = detail.data ?? null;
  const title = editing ? t('projectUi.wizard.editTitle') : t('projectUi.wizard.createTitle');

  return (
    <Flex vertical gap={16} data-testid="project-wizard">
      <Flex align="center" gap={12}>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={goHome} aria-label={t('ui.common.back')} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
          {project && (
            <Typography.Text type="secondary" style={{ fontSize: 16, fontWeight: 400, marginInlineStart: 12 }}>
              {project.name}
            </Typography.Text>
          )}
        </Typography.Title>
      </Flex>
      <Card>
        <Steps
          current={step}
          style={{ maxWidth: 560, marginBottom: 24 }}
          items={[
            { title: t('projectUi.wizard.stepInfo'), description: t('projectUi.wizard.stepInfoHint') },
            { title: t('projectUi.wizard.stepModel'), description: t('projectUi.wizard.stepModelHint') },
          ]}
          data-testid="wizard-steps"
        />
        {editing && !project ? (
          <Spin />
        ) : step === 0 ? (
          <ProjectInfoForm
            key={project?.id ?? 'new'}
            project={project}
            initialGroupId={initialGroupId}
            onCancel={goHome}
            onSaved={(id, next) => {
              if (next) void navigate(projectPaths.model(id), { replace: !editing });
              else goHome();
            }}
          />
        ) : (
          project && (
            <ModelStep
              project={project}
              onBack={() => void navigate(projectPaths.edit(project.id))}
              onFinish={goHome}
              onOpenView={() => void navigate(projectPaths.view(project.id))}
            />
          )
        )}
      </Card>
    </Flex>
  );
}
