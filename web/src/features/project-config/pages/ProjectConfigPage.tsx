import { Button, Card, Flex, Result, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { MenuPageProps } from '../../../session/menu-routes';
import { usePermission } from '../../../session/permissions';
import { useProjectDetail } from '../../../api/project';
import { projectIdParam, projectPaths } from '../../../lib/project-paths';
import { CustomDataPanel } from '../components/CustomDataPanel';
import { DefectFieldsPanel } from '../components/DefectFieldsPanel';
import { DefectTypesPanel } from '../components/DefectTypesPanel';
import { FilterRangePanel } from '../components/FilterRangePanel';

const TABS = ['fields', 'types', 'filter', 'custom'] as const;
type Tab = (typeof TABS)[number];

/**
 * Project configuration (SPEC section 2): defect fields (and their import), defect types, the damage filter
 * range and custom project data. Everyone who sees the project reads it; changes need the configuration right
 * (custom data: the edit right).
 */
export default function ProjectConfigPage(_props: MenuPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const projectId = projectIdParam(params.id);
  const project = useProjectDetail(projectId);
  const canConfigure = usePermission('project:config');
  const canEdit = usePermission('project:edit');
  const requested = search.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'fields';
  const goHome = () => void navigate(projectPaths.home);

  if (projectId === null || project.isError) {
    return (
      <Result
        status="warning"
        title={t('errors.PROJECT_NO_ERROR')}
        extra={<Button onClick={goHome}>{t('ui.common.backHome')}</Button>}
      />
    );
  }
  const moving = project.data?.status === 'moving';

  return (
    <Flex vertical gap={16} data-testid="project-config">
      <Flex align="center" gap={12} wrap>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={goHome} aria-label={t('ui.common.back')} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('projectUi.configTabs.title')}
          {project.data && (
            <Typography.Text type="secondary" style={{ fontSize: 16, fontWeight: 400, marginInlineStart: 12 }}>
              {project.data.name}
            </Typography.Text>
          )}
        </Typography.Title>
        <Button style={{ marginInlineStart: 'auto' }} onClick={() => void navigate(projectPaths.view(projectId))}>
          {t('projectUi.card.open')}
        </Button>
      </Flex>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch({ tab: key }, { replace: true })}
          items={[
            {
              key: 'fields',
              label: t('projectUi.configTabs.fields'),
              children: <DefectFieldsPanel projectId={projectId} editable={canConfigure && !moving} />,
            },
            {
              key: 'types',
              label: t('projectUi.configTabs.types'),
              children: <DefectTypesPanel projectId={projectId} editable={canConfigure && !moving} />,
            },
            {
              key: 'filter',
              label: t('projectUi.configTabs.filter'),
              children: <FilterRangePanel projectId={projectId} editable={canConfigure && !moving} />,
            },
            {
              key: 'custom',
              label: t('projectUi.configTabs.custom'),
              children: <CustomDataPanel projectId={projectId} editable={canEdit && !moving} />,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
