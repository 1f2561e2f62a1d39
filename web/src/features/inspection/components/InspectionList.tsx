import { useEffect, useState } from 'react';
import { App as AntdApp, Button, Card, Empty, Flex, Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { CameraOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Inspection } from '@sightline/shared';
import { useTeamProjects } from '../../../api/team';
import { LoadFailed } from '../../../components/LoadFailed';
import { PAGE_SIZE, PagedTable } from '../../../components/PagedTable';
import { usePermission } from '../../../session/permissions';
import { useInspectionPage } from '../../../api/inspections';
import { useDeleteInspection } from '../api';
import { CameraParamsDialog } from './CameraParamsDialog';
import { InspectionDialog } from './InspectionDialog';

const PROJECT_KEY = 'projectId';

function storedProjectId(): number | null {
  try {
    const id = Number(sessionStorage.getItem(PROJECT_KEY));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * A project's inspections (SPEC section 2): the project chosen above (kept per tab, as the project context is),
 * a paged table searched by name, create and edit in a dialog, delete to the recycle bin, the team's cameras.
 */
export function InspectionList({
  title,
  projectId: requestedProjectId,
  onChooseProject,
  onOpen,
}: {
  title: string;
  projectId: number | null;
  onChooseProject: (projectId: number) => void;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const projects = useTeamProjects();
  const projectList = projects.data ?? [];
  const wanted = requestedProjectId ?? storedProjectId();
  const projectId = projectList.find((project) => project.id === wanted)?.id ?? projectList[0]?.id ?? null;
  const [pageNum, setPageNum] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Inspection | 'new' | null>(null);
  const [showCameras, setShowCameras] = useState(false);
  const page = useInspectionPage(projectId, { pageNum, pageSize: PAGE_SIZE, keyword });
  const remove = useDeleteInspection();
  const canCreate = usePermission('inspection:create');
  const canEdit = usePermission('inspection:edit');
  const canDelete = usePermission('inspection:delete');

  useEffect(() => {
    if (projectId !== null) sessionStorage.setItem(PROJECT_KEY, String(projectId));
  }, [projectId]);

  const chooseProject = (id: number) => {
    setPageNum(1);
    setKeyword('');
    onChooseProject(id);
  };

  const confirmDelete = (inspection: Inspection) =>
    modal.confirm({
      title: t('inspectionUi.list.deleteTitle', { name: inspection.name }),
      content: t('inspectionUi.list.deleteContent'),
      okText: t('inspectionUi.list.delete'),
      okButtonProps: { danger: true },
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        await remove.mutateAsync(inspection.id);
        void message.success(t('inspectionUi.list.deleted', { name: inspection.name }));
      },
    });

  const columns: TableColumnsType<Inspection> = [
    {
      title: t('inspectionUi.list.name'),
      dataIndex: 'name',
      render: (name: string, inspection) => (
        <Typography.Link onClick={() => onOpen(inspection.id)} data-testid="inspection-open">
          {name}
        </Typography.Link>
      ),
    },
    { title: t('inspectionUi.list.date'), dataIndex: 'inspectionDate', width: 130 },
    {
      title: t('inspectionUi.list.previous'),
      dataIndex: 'previousInspection',
      render: (previous: Inspection['previousInspection']) => previous?.name ?? '—',
    },
    {
      title: t('inspectionUi.list.groups'),
      dataIndex: 'imageGroupCount',
      width: 150,
      render: (count: number) => <Tag>{count}</Tag>,
    },
    {
      title: t('inspectionUi.list.createdBy'),
      dataIndex: 'createdBy',
      render: (creator: Inspection['createdBy']) => creator?.name ?? '—',
    },
    {
      title: t('inspectionUi.list.actions'),
      key: 'actions',
      width: 220,
      render: (_value, inspection) => (
        <Flex gap={4}>
          <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => onOpen(inspection.id)}>
            {t('inspectionUi.list.open')}
          </Button>
          {canEdit && (
            <Button
              size="small"
              type="link"
              icon={<EditOutlined />}
              onClick={() => setEditing(inspection)}
              data-testid="inspection-edit"
            >
              {t('inspectionUi.list.edit')}
            </Button>
          )}
          {canDelete && (
            <Button
              size="small"
              type="link"
              danger
              icon={<DeleteOutlined />}
              onClick={() => confirmDelete(inspection)}
              data-testid="inspection-delete"
            >
              {t('inspectionUi.list.delete')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  if (projects.isError) return <LoadFailed onRetry={() => void projects.refetch()} />;
  if (page.isError) return <LoadFailed onRetry={() => void page.refetch()} />;

  const header = (
    <Flex align="center" justify="space-between" wrap gap={12}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Flex gap={8} wrap>
        <Button icon={<CameraOutlined />} onClick={() => setShowCameras(true)} data-testid="inspection-cameras">
          {t('inspectionUi.list.cameras')}
        </Button>
        {canCreate && projectId !== null && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="inspection-create"
          >
            {t('inspectionUi.list.create')}
          </Button>
        )}
      </Flex>
    </Flex>
  );

  const emptyText = keyword ? (
    t('inspectionUi.list.noMatch')
  ) : (
    <Empty
      description={
        <Flex vertical gap={4}>
          <Typography.Text>{t('inspectionUi.list.empty')}</Typography.Text>
          {canCreate && <Typography.Text type="secondary">{t('inspectionUi.list.emptyHint')}</Typography.Text>}
        </Flex>
      }
      data-testid="inspection-empty"
    />
  );

  return (
    <Flex vertical gap={16} data-testid="inspection-list-page">
      {header}
      <Card>
        {projects.isSuccess && projectList.length === 0 ? (
          <Empty description={t('inspectionUi.list.noProjects')} data-testid="inspection-no-projects" />
        ) : (
          <>
            <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
              <Flex align="center" gap={8}>
                <Typography.Text>{t('inspectionUi.list.project')}</Typography.Text>
                <Select
                  style={{ minWidth: 240 }}
                  value={projectId ?? undefined}
                  placeholder={t('inspectionUi.list.chooseProject')}
                  loading={projects.isPending}
                  options={projectList.map((project) => ({ value: project.id, label: project.name }))}
                  showSearch
                  optionFilterProp="label"
                  onChange={chooseProject}
                  data-testid="inspection-project"
                />
              </Flex>
              <Input.Search
                key={projectId ?? 0}
                allowClear
                placeholder={t('inspectionUi.list.search')}
                style={{ width: 280 }}
                onSearch={(value) => {
                  setKeyword(value.trim());
                  setPageNum(1);
                }}
                data-testid="inspection-search"
              />
            </Flex>
            <PagedTable<Inspection>
              rowKey="id"
              columns={columns}
              page={page}
              pageNum={pageNum}
              onPageChange={setPageNum}
              emptyText={emptyText}
              data-testid="inspection-table"
            />
          </>
        )}
      </Card>
      {editing !== null && projectId !== null && (
        <InspectionDialog
          projectId={projectId}
          inspection={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {showCameras && <CameraParamsDialog editable={canEdit} onClose={() => setShowCameras(false)} />}
    </Flex>
  );
}
