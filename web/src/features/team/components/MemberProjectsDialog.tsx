import { useState } from 'react';
import { Alert, App as AntdApp, Empty, Flex, Modal, Spin, Transfer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TeamMember } from '@sightline/shared';
import { useTeamProjects } from '../../../api/team';
import { useAssignMemberProjects, useMemberProjects } from '../api';

function ProjectTransfer({ member, initial, onClose }: { member: TeamMember; initial: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const projects = useTeamProjects();
  const assign = useAssignMemberProjects();
  const [selected, setSelected] = useState<number[]>(initial);

  const handleOk = async () => {
    try {
      await assign.mutateAsync({ userId: member.userId, projectIds: selected });
      void message.success(t('teamUi.projects.saved', { name: member.name }));
      onClose();
    } catch {
      // The client showed the reason.
    }
  };

  const dataSource = (projects.data ?? []).map((project) => ({ key: project.id, title: project.name }));

  return (
    <Modal
      open
      width={720}
      title={t('teamUi.projects.title', { name: member.name })}
      okText={t('ui.common.save')}
      cancelText={t('ui.common.cancel')}
      okButtonProps={{ disabled: projects.isPending || dataSource.length === 0 }}
      confirmLoading={assign.isPending}
      onOk={() => void handleOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('teamUi.projects.description')}</Typography.Paragraph>
      {projects.isPending ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : dataSource.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Flex vertical gap={4} align="center">
              <span>{t('teamUi.projects.noProjects')}</span>
              <Link to="/home">{t('teamUi.projects.goProjects')}</Link>
            </Flex>
          }
        />
      ) : (
        <Transfer<{ key: number; title: string }>
          dataSource={dataSource}
          targetKeys={selected}
          onChange={(keys) => setSelected(keys.map(Number))}
          render={(item) => item.title}
          showSearch
          titles={[t('teamUi.projects.available'), t('teamUi.projects.assigned')]}
          styles={{ section: { width: 300, height: 360 } }}
          locale={{ searchPlaceholder: t('teamUi.projects.search') }}
          data-testid="member-projects-transfer"
        />
      )}
    </Modal>
  );
}

/** Project authorization of one member: the team's projects, those the member holds on the right. */
export function MemberProjectsDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const { t } = useTranslation();
  const current = useMemberProjects(member.userId);
  if (current.isPending) {
    return (
      <Modal open footer={null} onCancel={onClose} title={t('teamUi.projects.title', { name: member.name })}>
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      </Modal>
    );
  }
  if (current.isError) {
    return (
      <Modal open footer={null} onCancel={onClose} title={t('teamUi.projects.title', { name: member.name })}>
        <Alert type="error" showIcon title={t('errors.serviceError')} />
      </Modal>
    );
  }
  return <ProjectTransfer member={member} initial={current.data.map((project) => project.id)} onClose={onClose} />;
}
