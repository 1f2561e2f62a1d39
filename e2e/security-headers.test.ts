/**
 * The Content-Security-Policy in a real browser (issue 10, point 5): every screen of the app, public and signed in
 * (the menu's routes, the personal centre, the project wizard, settings and 3D view), loads under the policy the
 * server sends with no violation reported, and the 3D view still draws the fixture tileset (its workers, WebAssembly
 * decoders and blob: images all allowed).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MENU_TREE, type MenuDefinition, type MenuItem } from '@sightline/shared';
import { zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { tilesetSample } from '@sightline/imagery/test-fixtures';
import { attemptName } from './support/attempt';
import { browserSkipReason } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { differingFraction, tilesetFolderEntries } from './support/tileset-zip';
import { apiData, createProject, logInThroughUi, startSnapshotServer, tokenOf } from './support/team-api';

const SAMPLE = '1.0/TilesetWithDiscreteLOD';
const sampleDir = tilesetSample(SAMPLE);
const skipReason = browserSkipReason('e2e/security-headers.test.ts', { tileset: SAMPLE });

/** Public screens, reached without signing in. */
const PUBLIC_PATHS = [
  '/login',
  '/login/register',
  '/login/forget',
  '/invite?sid=abc123',
  '/license',
  '/authorization',
  '/selectBusiness',
  '/imgcompare',
  '/el-test',
  '/poseAdjustment',
  '/release/1',
];
/** Menu entries only a corporate role has (sales upgrade, the deployment's feedback): not the demo owner's. */
const CORPORATE_PATHS = ['/admin', '/feedback'];

const treePaths = (items: readonly MenuDefinition[]): string[] =>
  items.flatMap((item) => [item.menuPath, ...treePaths(item.children ?? [])]);
const menuPaths = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => [item.menuPath, ...menuPaths(item.childList)]);

describe.skipIf(skipReason !== null)('content security policy in the browser', () => {
  const suite = browserSuite(() => startSnapshotServer());
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'sightline-csp-e2e-'));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  /** What the browser reported against the policy, with the page it happened on. */
  const violations: string[] = [];
  const pageErrors: string[] = [];
  let current = '';

  async function openPage(): Promise<Page> {
    const context = await suite.newContext();
    await context.exposeBinding('reportCspViolation', (_source, report: string) => {
      violations.push(`${current}: ${report}`);
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
        void report(
          `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample})`,
        );
      });
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) violations.push(`${current}: ${message.text()}`);
    });
    page.on('pageerror', (error) => pageErrors.push(`${current}: ${error.message}`));
    return page;
  }

  /** Opens a screen and waits until its lazy chunk and first data have arrived. */
  async function visit(page: Page, pathname: string) {
    current = pathname;
    await page.goto(`${suite.server.url}${pathname}`);
    await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), null, {
      timeout: 30_000,
    });
    // Late work of the screen (images, styles injected after data) still reports in this time.
    await page.waitForTimeout(300);
  }

  it('is sent with the page: same origin only, wasm allowed, no framing, nosniff, no referrer, no HSTS over HTTP', async () => {
    const response = await fetch(`${suite.server.url}/login`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(policy).toContain("worker-src 'self' blob:");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('loads every screen and draws the 3D view with no violation of the policy', async () => {
    const page = await openPage();

    // The policy is enforced and its violations are seen: an injected inline script is refused and reported.
    await visit(page, '/login');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
    violations.length = 0;

    for (const pathname of PUBLIC_PATHS) await visit(page, pathname);

    await visit(page, '/login');
    await logInThroughUi(page, 'demoowner', /\/home$/);
    const token = await tokenOf(page);
    const { menuVOList } = await apiData<{ menuVOList: MenuItem[] }>(suite.server, '/role-menu/router', { token });
    const walked = menuPaths(menuVOList);
    // Every screen of the menu tree but the corporate ones is in the owner's menu, so the walk covers them.
    expect(walked.sort()).toEqual(
      treePaths(MENU_TREE)
        .filter((menuPath) => !CORPORATE_PATHS.includes(menuPath))
        .sort(),
    );
    for (const pathname of walked) await visit(page, pathname);
    await visit(page, '/personnelcenter');
    await visit(page, '/404');

    // The project's screens: the wizard, its settings, and the 3D view of an uploaded tileset.
    const projectId = await createProject(suite.server, token, attemptName('Policy bridge'));
    await visit(page, '/home/projects/new');
    await visit(page, `/home/projects/${projectId}/edit`);
    await visit(page, `/home/projects/${projectId}/config`);
    await visit(page, `/home/projects/${projectId}/edit?step=model`);
    const zip = path.join(workDir, 'dragon.zip');
    writeFileSync(zip, zipSync(tilesetFolderEntries(sampleDir as string)));
    await page.getByTestId('model-zip-input').setInputFiles(zip);
    await page.getByTestId('upload-start').click();
    await page.getByTestId('unzip-done').waitFor({ timeout: 60_000 });

    await page.setViewportSize({ width: 1024, height: 680 });
    await visit(page, `/home/projects/${projectId}/view`);
    const scene = page.getByTestId('project-scene');
    await expect.poll(() => scene.getAttribute('data-render-state'), { timeout: 120_000 }).toBe('idle');
    const viewer = page.getByTestId('model-viewer');
    const shown = PNG.sync.read(await viewer.screenshot());
    await page.getByTestId('viewer-toggle-model').click();
    await expect.poll(() => scene.getAttribute('data-model-visible')).toBe('false');
    await expect.poll(() => scene.getAttribute('data-render-state'), { timeout: 60_000 }).toBe('idle');
    const hidden = PNG.sync.read(await viewer.screenshot());
    // The dragon fills a good part of the default framing: the tileset was fetched, decoded and drawn.
    expect(differingFraction(shown, hidden)).toBeGreaterThan(0.02);

    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
