import type { ReactNode } from 'react';
import { Button, Flex, Result, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useProjectDetail } from '../../api/project';
import { projectPaths } from '../../lib/project-paths';

/**
 * The frame of a project's monitoring screens (drone targets, total station): a way back to the project's 3D view,
 * the title with the project's name, and the project's absence said instead of the content.
 */
export function MonitoringPageFrame({
  projectId,
  title,
  backLabel,
  testId,
  children,
}: {
  projectId: number;
  title: string;
  backLabel: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const project = useProjectDetail(projectId || null);
  if (project.isError) {
    return (
      <Result
        status="warning"
        title={t('errors.PROJECT_NO_ERROR')}
        extra={<Button onClick={() => void navigate(projectPaths.home)}>{t('ui.common.backHome')}</Button>}
      />
    );
  }
  return (
    <Flex vertical gap={16} data-testid={testId}>
      <Flex align="center" gap={12}>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          onClick={() => void navigate(projectPaths.view(projectId))}
          aria-label={backLabel}
        />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
          {project.data ? ` · ${project.data.name}` : ''}
        </Typography.Title>
      </Flex>
      {children}
    </Flex>
  );
}
