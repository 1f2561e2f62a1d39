import { useEffect } from 'react';
import { App as AntdApp } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { onAppEvent } from '../../../api/events';
import { teamKeys, teamsKeys } from '../../../api/query-keys';
import { fetchRoleMenu } from '../../../api/team';
import { navigateTo } from '../../../session/navigation';
import { firstMenuPath } from '../../../session/menu-routes';
import { switchTeam } from '../../../session/session';
import { useSessionStore } from '../../../stores/session-store';

interface TeamEvent {
  teamId?: unknown;
  teamName?: unknown;
  currentTeamId?: unknown;
}

const asEvent = (payload: unknown): TeamEvent => (typeof payload === 'object' && payload !== null ? payload : {});

/**
 * The server tells a member's open pages when their membership changes (team.service.ts):
 * a new role in the current team brings its menu; removal from it moves to the next team.
 */
export function useTeamEvents() {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const queryClient = useQueryClient();

  useEffect(() => {
    const refreshTeams = () => void queryClient.invalidateQueries({ queryKey: teamsKeys.all });
    const offJoined = onAppEvent('teamJoined', refreshTeams);
    const offRole = onAppEvent('teamRoleChanged', (payload) => {
      refreshTeams();
      const { teamId } = asEvent(payload);
      const store = useSessionStore.getState();
      if (teamId !== store.teamId || store.teamId === null) return;
      void fetchRoleMenu(store.teamId)
        .then((router) => {
          useSessionStore.getState().setRouter(router);
          void queryClient.invalidateQueries({ queryKey: teamKeys.all });
          void message.info(t('teamUi.events.roleChanged'));
        })
        .catch(() => undefined);
    });
    const offRemoved = onAppEvent('teamRemoved', (payload) => {
      refreshTeams();
      const { teamId, teamName, currentTeamId } = asEvent(payload);
      if (teamId !== useSessionStore.getState().teamId) return;
      void message.warning(t('teamUi.events.removed', { team: typeof teamName === 'string' ? teamName : '' }));
      if (typeof currentTeamId !== 'number') {
        // No team left: the session carries on with the personal centre only.
        useSessionStore.getState().setTeam(null, null);
        useSessionStore.getState().setRouter({ menuVOList: [], buttonVOList: [] });
        navigateTo(firstMenuPath([]), { replace: true });
        return;
      }
      void switchTeam(currentTeamId)
        .then(() => navigateTo(firstMenuPath(useSessionStore.getState().menus), { replace: true }))
        .catch(() => undefined);
    });
    return () => {
      offJoined();
      offRole();
      offRemoved();
    };
  }, [message, queryClient, t]);
}
