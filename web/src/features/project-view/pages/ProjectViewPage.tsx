import { useMemo } from 'react';
import { Alert, Button, Card, Empty, Flex, Progress, Result, Spin, Tag, Typography } from 'antd';
import {
  AimOutlined,
  ArrowLeftOutlined,
  CloudUploadOutlined,
  EditOutlined,
  EnvironmentOutlined,
  LineChartOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { MenuPageProps } from '../../../session/menu-routes';
import { usePermission } from '../../../session/permissions';
import { translate } from '../../../i18n';
import { usePreferencesStore } from '../../../stores/preferences-store';
import { ModelViewer, type LocationGeoJson } from '../../../viewer';
import { useProjectDetail, useProjectModel } from '../../../api/project';
import { ModelStateTag } from '../../../components/ModelStateTag';
import { ProjectTypeIcon } from '../../../components/ProjectTypeIcon';
import { useModelUnzip } from '../../../api/model-unzip';
import { projectIdParam, projectPaths } from '../../../lib/project-paths';
import { projectTypeLabel } from '../../../lib/project-type-label';
import { toViewerView } from '../camera-view';
import { ProjectScene } from '../components/ProjectScene';

/** Header 56 px and the content's padding of 24 px above and below. */
const VIEW_HEIGHT = 'calc(100vh - 104px)';

/**
 * The project's 3D view (SPEC sections 1 and 2): its tileset on the globe at its position, the location file
 * drawn on it, measuring, clipping and the default view; an empty state while there is no model yet.
 */
export default function ProjectViewPage(_props: MenuPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const projectId = projectIdParam(params.id);
  const theme = usePreferencesStore((state) => state.theme);
  const project = useProjectDetail(projectId);
  const model = useProjectModel(projectId);
  useModelUnzip(projectId);
  const canEdit = usePermission('project:edit');
  const canConfigure = usePermission('project:config');
  const canUpload = usePermission('project:model:upload');
  const goHome = () => void navigate(projectPaths.home);

  const detail = project.data;
  const current = model.data ?? null;
  const defaultView = useMemo(
    () => toViewerView(current?.position ?? detail?.defaultView ?? null),
    [current?.position, detail?.defaultView],
  );
  const clip = current?.clip ?? null;
  const location = (detail?.locationGeojson ?? null) as LocationGeoJson | null;

  if (projectId === null || project.isError) {
    return (
      <Result
        status="warning"
        title={t('errors.PROJECT_NO_ERROR')}
        extra={<Button onClick={goHome}>{t('ui.common.backHome')}</Button>}
      />
    );
  }
  if (!detail || model.isLoading) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
    );
  }

  const moving = detail.status === 'moving';
  const served = current?.tilesetUrl ?? null;
  const uploadButton = canUpload && !moving && (
    <Button
      type="primary"
      icon={<CloudUploadOutlined />}
      onClick={() => void navigate(projectPaths.model(detail.id))}
      data-testid="view-upload-model"
    >
      {current ? t('projectUi.view.replaceModel') : t('projectUi.view.uploadModel')}
    </Button>
  );

  return (
    <Flex vertical gap={12} style={{ height: VIEW_HEIGHT, minHeight: 420 }} data-testid="project-view">
      <Flex align="center" gap={12} wrap>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={goHome} aria-label={t('ui.common.back')} />
        <Typography.Title level={4} style={{ margin: 0 }} ellipsis={{ tooltip: detail.name }}>
          {detail.name}
        </Typography.Title>
        <Tag icon={<ProjectTypeIcon icon={detail.typeIcon} size={13} style={{ marginInlineEnd: 4 }} />}>
          {projectTypeLabel(detail)}
        </Tag>
        {current && <ModelStateTag state={current.state} errorKey={current.errorKey} />}
        {detail.routeName && (
          <Typography.Text type="secondary">
            {t('projectUi.form.locationRoute', { name: detail.routeName })}
          </Typography.Text>
        )}
        <Flex gap={8} style={{ marginInlineStart: 'auto' }}>
          <Button
            icon={<EnvironmentOutlined />}
            onClick={() => void navigate(projectPaths.markers(detail.id))}
            data-testid="view-markers"
          >
            {t('projectUi.markers.open')}
          </Button>
          <Button
            icon={<AimOutlined />}
            onClick={() => void navigate(projectPaths.totalStation(detail.id))}
            data-testid="view-total-station"
          >
            {t('monitorUi.open')}
          </Button>
          <Button
            icon={<LineChartOutlined />}
            onClick={() => void navigate(projectPaths.droneTargets(detail.id))}
            data-testid="view-drone-targets"
          >
            {t('targetUi.open')}
          </Button>
          {canEdit && !moving && (
            <Button icon={<EditOutlined />} onClick={() => void navigate(projectPaths.edit(detail.id))}>
              {t('projectUi.card.edit')}
            </Button>
          )}
          {canConfigure && (
            <Button icon={<SettingOutlined />} onClick={() => void navigate(projectPaths.config(detail.id))}>
              {t('projectUi.card.configure')}
            </Button>
          )}
        </Flex>
      </Flex>

      {served && current?.state === 'unzipping' && (
        <Alert type="info" showIcon title={t('projectUi.view.newVersionUnzipping')} />
      )}
      {moving && <Alert type="warning" showIcon title={t('projectUi.card.movingHint')} />}

      {served ? (
        <div style={{ flex: 1, minHeight: 0, borderRadius: 8, overflow: 'hidden', position: 'relative' }}>
          <ModelViewer theme={theme} clip={clip} location={location}>
            {(api) => (
              <ProjectScene
                api={api}
                projectId={detail.id}
                tilesetUrl={served}
                defaultView={defaultView}
                canEdit={canEdit && !moving}
              />
            )}
          </ModelViewer>
        </div>
      ) : (
        <Card
          style={{ flex: 1 }}
          styles={{ body: { height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
        >
          {current?.state === 'unzipping' || current?.state === 'uploading' ? (
            <Flex vertical align="center" gap={12} style={{ width: 360 }} data-testid="view-model-pending">
              <Typography.Title level={5} style={{ margin: 0 }}>
                {current.state === 'unzipping' ? t('projectUi.model.unzipping') : t('projectUi.view.uploading')}
              </Typography.Title>
              {current.state === 'unzipping' && (
                <Progress percent={Math.floor(current.progress * 100)} status="active" style={{ width: '100%' }} />
              )}
            </Flex>
          ) : current?.state === 'failed' ? (
            <Result
              status="error"
              title={t('projectUi.model.failed')}
              subTitle={current.errorKey ? translate(`errors.${current.errorKey}`) : undefined}
              extra={uploadButton}
            />
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                <Flex vertical gap={4}>
                  <Typography.Title level={5} style={{ margin: 0 }}>
                    {t('projectUi.view.noModel')}
                  </Typography.Title>
                  <Typography.Text type="secondary">
                    {canUpload ? t('projectUi.view.noModelHint') : t('projectUi.view.noModelHintViewer')}
                  </Typography.Text>
                </Flex>
              }
              data-testid="view-no-model"
            >
              {uploadButton}
            </Empty>
          )}
        </Card>
      )}
    </Flex>
  );
}
