import { useState } from 'react';
import { Alert, App as AntdApp, Empty, Flex, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission, ROLE_CODES, type ProjectCard, type RoleCode } from '@sightline/shared';
import { useSessionStore } from '../../../stores/session-store';
import { useTeams } from '../../../api/team';
import { useHandoverProject } from '../api';

const isRole = (value: string | null): value is RoleCode => (ROLE_CODES as readonly string[]).includes(value ?? '');

/**
 * Hands a project over to another team where the user is also an owner or administrator; the project reads
 * "moving" while its files follow, then belongs to the other team (confirmed first).
 */
export function HandoverModal({ card, onClose }: { card: ProjectCard; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const currentTeam = useSessionStore((state) => state.teamId);
  const teams = useTeams();
  const handover = useHandoverProject();
  const [target, setTarget] = useState<number | null>(null);
  const options = (teams.data ?? [])
    .filter(
      (team) => team.teamId !== currentTeam && isRole(team.roleId) && hasPermission(team.roleId, 'project:handover'),
    )
    .map((team) => ({ value: team.teamId, label: team.teamName }));
  const targetName = options.find((option) => option.value === target)?.label ?? '';

  const handleOk = async () => {
    if (target === null) return;
    await handover.mutateAsync({ projectId: card.id, targetTeamId: target });
    void message.success(t('projectUi.handover.done', { name: card.name, team: targetName }));
    onClose();
  };

  return (
    <Modal
      open
      title={t('projectUi.handover.title', { name: card.name })}
      okText={t('projectUi.handover.confirm')}
      cancelText={t('ui.common.cancel')}
      okButtonProps={{ disabled: target === null, danger: true, 'data-testid': 'handover-confirm' }}
      confirmLoading={handover.isPending}
      onOk={() => void handleOk().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {!teams.isLoading && options.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('projectUi.handover.noTeams')} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text>{t('projectUi.handover.target')}</Typography.Text>
          <Select
            loading={teams.isLoading}
            options={options}
            value={target}
            onChange={setTarget}
            placeholder={t('projectUi.handover.targetPlaceholder')}
            data-testid="handover-team"
          />
          {target !== null && (
            <Alert
              type="warning"
              showIcon
              title={t('projectUi.handover.warning', { name: card.name, team: targetName })}
            />
          )}
        </Flex>
      )}
    </Modal>
  );
}
