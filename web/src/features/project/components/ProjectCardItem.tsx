import { Button, Card, Dropdown, Flex, Tag, Tooltip, Typography, theme, type MenuProps } from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  EllipsisOutlined,
  ExportOutlined,
  FileSearchOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProjectCard } from '@sightline/shared';
import { StoredImage } from '../../../components/StoredImage';
import { usePermission } from '../../../session/permissions';
import { projectPaths } from '../../../lib/project-paths';
import { projectTypeLabel } from '../../../lib/project-type-label';
import { ModelStateTag } from '../../../components/ModelStateTag';
import { ProjectTypeIcon } from '../../../components/ProjectTypeIcon';

export interface ProjectCardActions {
  onOpen(card: ProjectCard): void;
  onEdit(card: ProjectCard): void;
  onConfigure(card: ProjectCard): void;
  onHandover(card: ProjectCard): void;
  onDelete(card: ProjectCard): void;
}

const COVER_HEIGHT = 148;

/** One project on the home page: cover, name, type, model state, description, and what the user may do. */
export function ProjectCardItem({
  card,
  unzipProgress,
  actions,
}: {
  card: ProjectCard;
  unzipProgress: number | null;
  actions: ProjectCardActions;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const canEdit = usePermission('project:edit');
  const canConfigure = usePermission('project:config');
  const canHandover = usePermission('project:handover');
  const canDelete = usePermission('project:delete');
  const canViewInspections = usePermission('inspection:view');
  const navigate = useNavigate();
  const moving = card.status === 'moving';
  const typeName = projectTypeLabel(card);

  const more: MenuProps['items'] = [
    ...(canHandover
      ? [{ key: 'handover', icon: <ExportOutlined />, label: t('projectUi.card.handover'), disabled: moving }]
      : []),
    ...(canDelete
      ? [{ key: 'delete', icon: <DeleteOutlined />, label: t('projectUi.card.delete'), danger: true, disabled: moving }]
      : []),
  ];

  const cover = (
    <div
      role="button"
      tabIndex={0}
      onClick={() => actions.onOpen(card)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') actions.onOpen(card);
      }}
      aria-label={t('projectUi.card.open')}
      style={{
        height: COVER_HEIGHT,
        cursor: 'pointer',
        position: 'relative',
        overflow: 'hidden',
        borderRadius: `${token.borderRadiusLG}px ${token.borderRadiusLG}px 0 0`,
        background: `linear-gradient(135deg, ${token.colorPrimaryBg}, ${token.colorFillSecondary})`,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: token.colorPrimary,
      }}
    >
      {card.coverUrl ? (
        <StoredImage
          url={card.coverUrl}
          alt=""
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <ProjectTypeIcon icon={card.typeIcon} size={56} style={{ opacity: 0.75 }} />
      )}
      <div style={{ position: 'absolute', top: 8, right: 8 }}>
        <ModelStateTag state={card.modelState} progress={unzipProgress} />
      </div>
    </div>
  );

  const actionButtons = [
    <Tooltip title={t('projectUi.card.open')} key="open">
      <Button
        type="text"
        icon={<span style={{ fontWeight: 600, fontSize: 12 }}>3D</span>}
        onClick={() => actions.onOpen(card)}
        aria-label={t('projectUi.card.open')}
        data-testid="project-open"
      />
    </Tooltip>,
    ...(canViewInspections
      ? [
          <Tooltip title={t('menu.inspection')} key="inspections">
            <Button
              type="text"
              icon={<FileSearchOutlined />}
              disabled={moving}
              onClick={() => void navigate(projectPaths.inspections(card.id))}
              aria-label={t('menu.inspection')}
              data-testid="project-inspections"
            />
          </Tooltip>,
        ]
      : []),
    ...(canEdit
      ? [
          <Tooltip title={t('projectUi.card.edit')} key="edit">
            <Button
              type="text"
              icon={<EditOutlined />}
              disabled={moving}
              onClick={() => actions.onEdit(card)}
              aria-label={t('projectUi.card.edit')}
              data-testid="project-edit"
            />
          </Tooltip>,
        ]
      : []),
    ...(canConfigure
      ? [
          <Tooltip title={t('projectUi.card.configure')} key="configure">
            <Button
              type="text"
              icon={<SettingOutlined />}
              onClick={() => actions.onConfigure(card)}
              aria-label={t('projectUi.card.configure')}
              data-testid="project-configure"
            />
          </Tooltip>,
        ]
      : []),
    ...(more.length > 0
      ? [
          <Dropdown
            key="more"
            trigger={['click']}
            menu={{
              items: more,
              onClick: ({ key }) => (key === 'delete' ? actions.onDelete(card) : actions.onHandover(card)),
            }}
          >
            <Button
              type="text"
              icon={<EllipsisOutlined />}
              aria-label={t('projectUi.card.more')}
              data-testid="project-more"
            />
          </Dropdown>,
        ]
      : []),
  ];

  return (
    <Card
      hoverable
      cover={cover}
      actions={actionButtons}
      styles={{ body: { padding: 14 } }}
      data-testid="project-card"
      data-project-id={card.id}
      data-project-name={card.name}
    >
      <Flex vertical gap={6}>
        <Flex align="center" gap={8} justify="space-between">
          <Typography.Text strong ellipsis={{ tooltip: card.name }} style={{ fontSize: 15 }}>
            {card.name}
          </Typography.Text>
          {moving && <Tag color="warning">{t('projectUi.card.moving')}</Tag>}
        </Flex>
        <Flex align="center" gap={6} wrap>
          <Tag icon={<ProjectTypeIcon icon={card.typeIcon} size={13} style={{ marginInlineEnd: 4 }} />}>{typeName}</Tag>
        </Flex>
        <Typography.Paragraph
          type="secondary"
          ellipsis={{ rows: 2, tooltip: card.description ?? undefined }}
          style={{ marginBottom: 0, minHeight: 44 }}
        >
          {card.description || t('projectUi.card.noDescription')}
        </Typography.Paragraph>
        <Flex justify="space-between" style={{ color: token.colorTextTertiary, fontSize: 12 }}>
          <span>
            <TeamOutlined /> {t('projectUi.card.members', { count: card.memberCount })}
          </span>
          <span>{dayjs(card.createdAt).format('YYYY-MM-DD')}</span>
        </Flex>
      </Flex>
    </Card>
  );
}
