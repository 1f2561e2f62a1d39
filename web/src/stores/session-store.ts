import { create } from 'zustand';
import type { MenuItem, RouterResponse } from '@sightline/shared';

/**
 * The signed-in session: what the router and the permission checks need synchronously.
 * The user's details live in the TanStack Query cache (api/user.ts); this holds the menu.
 */
export type SessionStatus = 'anonymous' | 'bootstrapping' | 'ready' | 'failed';

const TEAM_ID_KEY = 'teamId';
const TEAM_NAME_KEY = 'teamName';

interface SessionState {
  status: SessionStatus;
  menus: MenuItem[];
  buttons: string[];
  teamId: number | null;
  teamName: string | null;
  setStatus(status: SessionStatus): void;
  setRouter(router: RouterResponse): void;
  setTeam(teamId: number | null, teamName: string | null): void;
  reset(): void;
}

function readStoredTeamId(): number | null {
  try {
    const value = sessionStorage.getItem(TEAM_ID_KEY);
    return value ? Number(value) : null;
  } catch {
    return null;
  }
}

function readStoredTeamName(): string | null {
  try {
    return sessionStorage.getItem(TEAM_NAME_KEY);
  } catch {
    return null;
  }
}

export const useSessionStore = create<SessionState>((set) => ({
  status: 'anonymous',
  menus: [],
  buttons: [],
  teamId: readStoredTeamId(),
  teamName: readStoredTeamName(),
  setStatus: (status) => set({ status }),
  setRouter: (router) => set({ menus: router.menuVOList, buttons: router.buttonVOList }),
  setTeam: (teamId, teamName) => {
    // The team is per browser tab (session storage), as the project context is.
    if (teamId === null) sessionStorage.removeItem(TEAM_ID_KEY);
    else sessionStorage.setItem(TEAM_ID_KEY, String(teamId));
    if (teamName === null) sessionStorage.removeItem(TEAM_NAME_KEY);
    else sessionStorage.setItem(TEAM_NAME_KEY, teamName);
    set({ teamId, teamName });
  },
  reset: () => set({ status: 'anonymous', menus: [], buttons: [], teamId: null, teamName: null }),
}));

/** The session is ready: queries of the signed-in user may run. */
export const useSignedIn = (): boolean => useSessionStore((state) => state.status === 'ready');

/** The session is ready in a team: queries of the current team may run. */
export const useInTeam = (): boolean => useSessionStore((state) => state.status === 'ready' && state.teamId !== null);
