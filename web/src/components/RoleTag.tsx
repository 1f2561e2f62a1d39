import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoleCode } from '@sightline/shared';

const ROLE_COLORS: Partial<Record<RoleCode, string>> = {
  ROLE_TEAM_OWNER: 'gold',
  ROLE_TEAM_ADMIN: 'blue',
  ROLE_TEAM_INSPECTOR: 'cyan',
  ROLE_TEAM_VIEWER: 'default',
  ROLE_CORP_MANAGEMENT: 'purple',
  ROLE_CORP_SALES: 'magenta',
  ROLE_SCHOOL_TEACHER: 'geekblue',
  ROLE_SCHOOL_STUDENT: 'green',
};

export function RoleTag({ roleId }: { roleId: RoleCode }) {
  const { t } = useTranslation();
  return (
    <Tag color={ROLE_COLORS[roleId] ?? 'default'} data-testid="role-tag">
      {t(`role.${roleId}`)}
    </Tag>
  );
}
