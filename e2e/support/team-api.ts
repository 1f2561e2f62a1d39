/**
 * What the team, recycle-bin and licence journeys need besides the browser: a few calls straight
 * to the API (to register a second user, to make a project to delete, to sign in a user whose part
 * is only set-up) and the login steps in the UI.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATALOGUES } from '@sightline/shared';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, REPO_ROOT, startAppServer, type AppServer, type JourneyDatabase } from './app-server.js';

export const zh = CATALOGUES['zh-CN'];

/** antd puts a space between the two characters of a two-character CJK button label. */
export const buttonName = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** One API call; answers the whole envelope so a test can assert error keys. */
export async function callApi<T = unknown>(
  server: AppServer,
  path: string,
  options: {
    method?: string;
    token?: string | null;
    body?: unknown;
    /** A multipart body (file uploads) instead of JSON; fetch sets its content type. */
    form?: FormData;
    query?: Record<string, string>;
  } = {},
): Promise<Envelope<T>> {
  const url = new URL(`${server.url}/api${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  return (await response.json()) as Envelope<T>;
}

export async function apiData<T>(server: AppServer, path: string, options: Parameters<typeof callApi>[2] = {}) {
  const answer = await callApi<T>(server, path, options);
  if (answer.code !== 2000) throw new Error(`${options.method ?? 'GET'} ${path} answered ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** Registers a new user with an SMS code read from the server's log; every new user owns a team. */
export async function registerUser(server: AppServer, phone: string, name: string, password: string): Promise<void> {
  await apiData(server, '/web/sms', { method: 'POST', query: { phone, scene: 'register' } });
  const smsCode = await server.smsCode(phone);
  await apiData(server, '/web/register', {
    method: 'POST',
    body: {
      phone,
      smsCode,
      password,
      confirmPassword: password,
      name,
      organization: 'Bridge Institute',
      position: 'Engineer',
      agreement: true,
    },
  });
}

/**
 * Signs in through the API and answers the token, for set-up done on a user's behalf before (or
 * instead of) their browser session; it forces any other session of the user offline.
 */
export async function logInByApi(server: AppServer, identifier: string, password = DEMO_PASSWORD): Promise<string> {
  const { token } = await apiData<{ token: string }>(server, '/web/login', {
    method: 'POST',
    body: { account: identifier, password, clientType: 'PC', force: true },
  });
  return token;
}

/** Creates a project of the first project type in the caller's current team; answers its id. */
export async function createProject(
  server: AppServer,
  token: string,
  name: string,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const types = await apiData<Array<{ id: number }>>(server, '/project-type/findTeam', {
    method: 'POST',
    token,
    body: {},
  });
  const typeId = types[0]?.id;
  if (typeId === undefined) throw new Error('no project type');
  const { id } = await apiData<{ id: number }>(server, '/project', {
    method: 'POST',
    token,
    body: { name, typeId, ...fields },
  });
  return id;
}

/**
 * Deletes (to the recycle bin) every project of the caller's current team: a journey that needs a team without
 * projects seeds that itself, as a retry finds what its first attempt made (a no-op on a first attempt).
 */
export async function deleteTeamProjects(server: AppServer, token: string): Promise<void> {
  const projects = await apiData<Array<{ id: number }>>(server, '/project/findTeamAll', {
    method: 'POST',
    token,
    body: {},
  });
  for (const { id } of projects) await apiData(server, `/project/${id}`, { method: 'DELETE', token });
}

/**
 * Saves Chinese as the language of the user of `token` (the server at `origin`), the demo users' own: a journey
 * that switched language and failed before switching back would otherwise leave its retry in that language. Never
 * throws: a session gone offline since leaves the profile as it is.
 */
export async function restoreChinese(origin: string, token: string): Promise<void> {
  const server = { url: origin } as AppServer;
  const user = await callApi<{ name: string; language: string }>(server, '/user-client/details', {
    token,
    query: { clientType: 'PC' },
  }).catch(() => null);
  if (user?.code !== 2000 || user.data.language === 'zh-CN') return;
  await callApi(server, '/user-client', {
    method: 'PUT',
    token,
    body: { name: user.data.name, language: 'zh-CN' },
  }).catch(() => null);
}

/** Fills the login form; a session left by an earlier step is forced offline. */
export async function logInThroughUi(page: Page, identifier: string, landing: RegExp, password = DEMO_PASSWORD) {
  await page.getByTestId('login-identifier').fill(identifier);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  const force = page.getByRole('button', { name: buttonName(zh.ui.session.forceLogin) });
  // Until the landing page shows, a "log in anyway" question may come (a session left by an earlier step) and, on
  // a busy machine, come late or need a second click once its dialog has settled: answer it whenever it is there.
  const deadline = Date.now() + 90_000;
  while (!landing.test(page.url())) {
    if (Date.now() > deadline) throw new Error(`login as ${identifier} never reached ${landing} (at ${page.url()})`);
    if (await force.isVisible()) await force.click({ timeout: 5_000 }).catch(() => undefined);
    await page.waitForURL(landing, { timeout: 2_000 }).catch(() => undefined);
  }
  await page.waitForLoadState('load');
}

/** The token of the page's session, for API calls made on the user's behalf. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('the page has no session');
  return token;
}

/** Replaces the `{name}` placeholders of a catalogue text, as the web does. */
export function text(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * Starts the built product on a copy of web/dist taken under the build lock: other builds of the
 * shared tree empty web/dist while a test runs, and a page would then miss its script chunks. A plain start runs on
 * PostgreSQL when the machine's server answers (`JourneyDatabase`): the journeys that show the product as `npm start`
 * runs it, on its embedded database, start with `startAppServer`.
 */
export async function startSnapshotServer(
  env: Record<string, string> = {},
  database: JourneyDatabase = 'postgres',
): Promise<AppServer> {
  const snapshot = mkdtempSync(path.join(os.tmpdir(), 'sightline-web-'));
  const source = path.join(REPO_ROOT, 'web', 'dist');
  try {
    execFileSync('flock', ['/tmp/build.lock', 'cp', '-r', `${source}/.`, snapshot], { stdio: 'pipe' });
  } catch {
    cpSync(source, snapshot, { recursive: true });
  }
  const server = await startAppServer({ WEB_DIST: snapshot, ...env }, database);
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(snapshot, { recursive: true, force: true });
    },
  };
}
