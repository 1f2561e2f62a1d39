import { authCalls } from '@sightline/shared';
import type { RouterResponse, UserInfo } from '@sightline/shared';
import { call, API_BASE, setSessionActionHandler } from '../api/client';
import { dispatchAppEvent, onAppEvent } from '../api/events';
import { openEventStream, type EventStreamHandle } from '../api/event-stream';
import { cancelPendingToast, showToast } from '../api/notifier';
import { sessionEndTextKey } from '../api/outcome';
import { queryClient } from '../api/query-client';
import { isTeamQuery, isUserQuery } from '../api/query-keys';
import { changeTeam, fetchRoleMenu } from '../api/team';
import { getToken, removeToken, setToken } from '../api/token';
import { saveProfileLanguage, userDetailsQuery } from '../api/user';
import { currentLanguage, setLanguage, takeSignInLanguage, translate } from '../i18n';
import { useSessionStore } from '../stores/session-store';
import { navigateTo } from './navigation';
import { PROJECT_VERSION_STORAGE_KEY, needsReload } from './project-version';

/**
 * The session's life: bootstrap on first entry, the event stream, and the ways a session ends
 * (logout, 4003, forced offline, licence). SPEC section 2, navigation rules; section 8, codes.
 */

const EMPTY_ROUTER: RouterResponse = { menuVOList: [], buttonVOList: [] };

let eventStream: EventStreamHandle | null = null;

function startEventStream(): void {
  eventStream?.close();
  eventStream = openEventStream({
    url: `${API_BASE}/sse/userConnect`,
    getToken,
    onEvent: dispatchAppEvent,
    // Refused on reconnecting: the session ended while the stream was down, and the answer says why.
    onUnauthorized: (data) => endSession('forcedOffline', data),
  });
}

export function closeEventStream(): void {
  eventStream?.close();
  eventStream = null;
}

/** Menu, permissions, per-tab state and cached server data of the previous user. */
export function clearSessionState(): void {
  useSessionStore.getState().reset();
  try {
    sessionStorage.clear();
  } catch {
    // Storage can be unavailable (private mode); nothing to clear then.
  }
  // Status is 'anonymous' now, so the user queries are disabled and removing them fetches nothing.
  // Queries of the signed-out pages themselves (image codes, licence status) stay.
  queryClient.removeQueries({ predicate: isUserQuery });
}

export type SessionEnd = 'logout' | 'loginFailure' | 'forcedOffline' | 'license';

/**
 * Leaves the session. `forcedOffline`: the server ended it (its forceOffline event, or a refused event
 * stream) and `why` is what it sent, whose reason the warning explains.
 */
export function endSession(reason: SessionEnd, why?: unknown): void {
  closeEventStream();
  removeToken();
  // Navigate before clearing: a render with the old path and no menu would first detour via /404.
  if (reason === 'license') navigateTo('/authorization', { replace: true });
  else navigateTo('/login', { replace: reason !== 'logout' });
  clearSessionState();
  if (reason === 'forcedOffline') {
    cancelPendingToast();
    showToast('warning', translate(sessionEndTextKey(why)));
  }
}

function checkProjectVersion(user: UserInfo): boolean {
  const stored = localStorage.getItem(PROJECT_VERSION_STORAGE_KEY);
  localStorage.setItem(PROJECT_VERSION_STORAGE_KEY, user.projectVersion);
  if (!needsReload(stored, user.projectVersion)) return false;
  window.location.reload();
  return true;
}

let bootstrapping: Promise<void> | null = null;

/**
 * First entry with a token (after a login, or opening the app with a session): user info (PC client) and
 * the language saved with it, the team's menu, team id and name, event stream.
 */
export function bootstrapSession(): Promise<void> {
  bootstrapping ??= runBootstrap().finally(() => {
    bootstrapping = null;
  });
  return bootstrapping;
}

async function runBootstrap(): Promise<void> {
  const store = useSessionStore.getState();
  store.setStatus('bootstrapping');
  try {
    const user = await queryClient.fetchQuery({ ...userDetailsQuery(), staleTime: 0 });
    if (checkProjectVersion(user)) return;
    // The language saved in the profile follows the user to every browser (SPEC section 1), unless they have
    // just picked another on the sign-in page: the newest choice wins and is saved with them.
    const chosen = takeSignInLanguage();
    if (chosen && chosen !== user.language) {
      await saveProfileLanguage(user, chosen);
      queryClient.setQueryData(userDetailsQuery().queryKey, { ...user, language: chosen });
    } else if (user.language !== currentLanguage()) await setLanguage(user.language);
    const router = user.teamId === null ? EMPTY_ROUTER : await fetchRoleMenu(user.teamId);
    store.setTeam(user.teamId, user.teamName);
    store.setRouter(router);
    store.setStatus('ready');
    startEventStream();
  } catch {
    // A 4003 already ended the session (no token left); anything else leaves a retry screen.
    useSessionStore.getState().setStatus(getToken() ? 'failed' : 'anonymous');
  }
}

/** After a successful login: keep the token and enter the session. */
export async function startSession(token: string): Promise<void> {
  setToken(token);
  await bootstrapSession();
}

export async function logout(): Promise<void> {
  try {
    await call(authCalls.logout, { quiet: true });
  } catch {
    // The session ends here whatever the server says.
  }
  endSession('logout');
  showToast('info', translate('ui.session.loggedOut'));
}

/** Switches the current team: new menu, new team id and name, fresh data. */
export async function switchTeam(teamId: number): Promise<string | null> {
  const router = await changeTeam(teamId);
  const user = await queryClient.fetchQuery({ ...userDetailsQuery(), staleTime: 0 });
  const store = useSessionStore.getState();
  store.setTeam(user.teamId, user.teamName);
  store.setRouter(router);
  await queryClient.invalidateQueries({ predicate: isTeamQuery });
  return user.teamName;
}

/** Wires the client's global answers and the server's events to the session. Called once at start. */
export function installSessionHandlers(): void {
  setSessionActionHandler('loginFailure', () => endSession('loginFailure'));
  setSessionActionHandler('licenseRequired', () => endSession('license'));
  onAppEvent('forceOffline', (payload) => endSession('forcedOffline', payload));
  // Logged out from another tab sharing this session: this tab leaves too.
  onAppEvent('logout', () => {
    if (getToken()) endSession('logout');
  });
}
