import { useDeferredValue, useMemo, useState } from 'react';
import { App as AntdApp, Button, Card, Col, Empty, Flex, Input, Pagination, Row, Select, Spin, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProjectCard } from '@sightline/shared';
import { Authorized, usePermission } from '../../../session/permissions';
import type { MenuPageProps } from '../../../session/menu-routes';
import { useSessionStore } from '../../../stores/session-store';
import { useUserDetails } from '../../../api/user';
import { useProjectTypes } from '../../../api/team';
import { useDeleteProject, useProjectGroups, useProjectPage } from '../api';
import { GroupPanel } from '../components/GroupPanel';
import { HandoverModal } from '../components/HandoverModal';
import { ProjectCardItem, type ProjectCardActions } from '../components/ProjectCardItem';
import { usePagination } from '../../../components/PagedTable';
import { ProjectTypeIcon } from '../../../components/ProjectTypeIcon';
import { useModelUnzipEvents } from '../../../api/model-unzip';
import { projectPaths } from '../../../lib/project-paths';
import { projectTypeLabel } from '../../../lib/project-type-label';

const PAGE_SIZE = 12;

/** Home: the projects the user may see, by group, as cards (SPEC section 2, "Home / project list"). */
export default function ProjectHomePage(_props: MenuPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal, message } = AntdApp.useApp();
  const { data: user } = useUserDetails();
  const teamName = useSessionStore((state) => state.teamName);
  const canCreate = usePermission('project:create');
  const [groupId, setGroupId] = useState<number | null>(null);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [keywordInput, setKeywordInput] = useState('');
  const keyword = useDeferredValue(keywordInput.trim());
  const [pageNum, setPageNum] = useState(1);
  const [handoverCard, setHandoverCard] = useState<ProjectCard | null>(null);

  const body = useMemo(
    () => ({
      pageNum,
      pageSize: PAGE_SIZE,
      ...(groupId !== null ? { groupId } : {}),
      ...(typeId !== null ? { typeId } : {}),
      ...(keyword ? { keyword } : {}),
    }),
    [pageNum, groupId, typeId, keyword],
  );
  const page = useProjectPage(body);
  const pagination = usePagination({ page, pageNum, onPageChange: setPageNum, pageSize: PAGE_SIZE });
  const groups = useProjectGroups();
  const types = useProjectTypes();
  const remove = useDeleteProject();
  const unzipEvents = useModelUnzipEvents();
  const filtered = groupId !== null || typeId !== null || keyword !== '';

  const actions: ProjectCardActions = {
    onOpen: (card) => void navigate(projectPaths.view(card.id)),
    onEdit: (card) => void navigate(projectPaths.edit(card.id)),
    onConfigure: (card) => void navigate(projectPaths.config(card.id)),
    onHandover: setHandoverCard,
    onDelete: (card) =>
      modal.confirm({
        title: t('projectUi.card.deleteTitle', { name: card.name }),
        content: t('projectUi.card.deleteContent'),
        okText: t('projectUi.common.delete'),
        okButtonProps: { danger: true, 'data-testid': 'project-delete-confirm' },
        cancelText: t('ui.common.cancel'),
        onOk: async () => {
          await remove.mutateAsync(card.id);
          void message.success(t('projectUi.card.deleted', { name: card.name }));
        },
      }),
  };

  const progressOf = (card: ProjectCard): number | null => {
    const heard = unzipEvents.get(card.id);
    if (!heard || card.modelState !== 'unzipping' || heard.event.state !== 'unzipping') return null;
    return heard.at >= page.dataUpdatedAt - 10_000 ? heard.event.progress : null;
  };

  const selectGroup = (id: number | null) => {
    setGroupId(id);
    setPageNum(1);
  };

  const records = page.data?.records ?? [];
  const total = page.data?.total ?? 0;
  const createButton = (
    <Authorized permission="project:create">
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => void navigate(projectPaths.create(groupId))}
        data-testid="project-create"
      >
        {t('projectUi.home.create')}
      </Button>
    </Authorized>
  );

  return (
    <Flex vertical gap={16} data-testid="home-page">
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Flex vertical gap={2}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('ui.home.welcome', { name: user?.name ?? '' })}
            </Typography.Title>
            <Flex gap={24} wrap>
              <Typography.Text type="secondary">
                {teamName ? t('ui.home.team', { team: teamName }) : t('ui.home.noTeam')}
              </Typography.Text>
              {user?.lastLoginTime && (
                <Typography.Text type="secondary">
                  {t('ui.home.lastLogin', { time: dayjs(user.lastLoginTime).format('YYYY-MM-DD HH:mm') })}
                </Typography.Text>
              )}
            </Flex>
          </Flex>
          {createButton}
        </Flex>
      </Card>

      <Flex gap={16} align="flex-start">
        <GroupPanel groups={groups.data ?? []} loading={groups.isLoading} selected={groupId} onSelect={selectGroup} />

        <Flex vertical gap={16} style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={12} wrap align="center">
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('projectUi.home.search')}
              value={keywordInput}
              onChange={(event) => {
                setKeywordInput(event.target.value);
                setPageNum(1);
              }}
              maxLength={50}
              style={{ width: 260 }}
              data-testid="project-search"
            />
            <Select
              allowClear
              placeholder={t('projectUi.home.allTypes')}
              value={typeId}
              onChange={(value: number | undefined) => {
                setTypeId(value ?? null);
                setPageNum(1);
              }}
              loading={types.isLoading}
              options={(types.data ?? []).map((type) => ({
                value: type.id,
                label: (
                  <Flex align="center" gap={6}>
                    <ProjectTypeIcon icon={type.icon} size={14} />
                    {projectTypeLabel(type)}
                  </Flex>
                ),
              }))}
              style={{ width: 200 }}
              data-testid="project-type-filter"
            />
            <Typography.Text type="secondary" style={{ marginInlineStart: 'auto' }}>
              {t('projectUi.home.total', { count: total })}
            </Typography.Text>
          </Flex>

          <Spin spinning={page.isFetching && !page.isLoading} delay={300}>
            {page.isLoading ? (
              <Card loading />
            ) : records.length === 0 ? (
              <Card>
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  style={{ padding: '48px 0' }}
                  data-testid={filtered ? 'no-matching-projects' : 'no-projects'}
                  description={
                    <Flex vertical gap={4}>
                      <Typography.Title level={5} style={{ margin: 0 }}>
                        {filtered ? t('projectUi.home.noMatches') : t('projectUi.home.empty')}
                      </Typography.Title>
                      <Typography.Text type="secondary">
                        {filtered
                          ? t('projectUi.home.noMatchesHint')
                          : canCreate
                            ? t('projectUi.home.emptyHint')
                            : t('projectUi.home.emptyHintViewer')}
                      </Typography.Text>
                    </Flex>
                  }
                >
                  {!filtered && createButton}
                </Empty>
              </Card>
            ) : (
              <Row gutter={[16, 16]} data-testid="project-list">
                {records.map((card) => (
                  <Col key={card.id} xs={24} sm={12} lg={8} xxl={6}>
                    <ProjectCardItem card={card} unzipProgress={progressOf(card)} actions={actions} />
                  </Col>
                ))}
              </Row>
            )}
          </Spin>

          {/* The count stands above the cards already. */}
          <Pagination align="end" hideOnSinglePage {...pagination} showTotal={undefined} />
        </Flex>
      </Flex>
      {handoverCard && <HandoverModal card={handoverCard} onClose={() => setHandoverCard(null)} />}
    </Flex>
  );
}
