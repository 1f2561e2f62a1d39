/**
 * Projects, 3D models and the 3D viewer in a real browser against the built product (issue 4, "Done means"):
 * a project created through the wizard, the fixture tileset uploaded zipped, the unzip followed to the end and
 * the model drawn in the project's 3D view (proved by comparing it with the same view with the tileset hidden);
 * an upload paused, the server restarted, the page reloaded and the upload continued to completion; and bad
 * inputs (a zip without tileset.json, a bad location file) answered with their translated errors.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { CATALOGUES } from '@sightline/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { zipSync } from 'fflate';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tilesetSample } from '@sightline/imagery/test-fixtures';
import { attemptName, trackAttempts } from './support/attempt';
import { DEMO_PASSWORD, startAppServer, type AppServer } from './support/app-server';
import { browserSkipReason, isolatedContext, launchBrowser, screenshotPath } from './support/browser';
import { differingFraction, tilesetFolderEntries } from './support/tileset-zip';
import { deleteTeamProjects } from './support/team-api';

const zh = CATALOGUES['zh-CN'];
/** antd puts a space between the two characters of a two-character CJK button label. */
const buttonName = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);
const SAMPLE = '1.0/TilesetWithDiscreteLOD';
const sampleDir = tilesetSample(SAMPLE);

const skipReason = browserSkipReason('e2e/project.test.ts', { tileset: SAMPLE });

/** A route near Philadelphia, where the sample tileset sits. */
const ROUTE_GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Dragon Route' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [-75.6125, 40.0418],
          [-75.6105, 40.0428],
          [-75.6085, 40.0421],
        ],
      },
    },
  ],
});
/** A line of one point: refused with the reason "too few points". */
const BAD_GEOJSON = JSON.stringify({
  type: 'Feature',
  properties: {},
  geometry: { type: 'LineString', coordinates: [[1, 2]] },
});

describe.skipIf(skipReason !== null)('projects, 3D models and the 3D viewer', () => {
  let server: AppServer;
  let browser: Browser;
  let token: string;
  let workDir: string;
  const files = { tileset: '', padded: '', noTileset: '', route: '', badRoute: '', badFields: '', fields: '' };
  const contexts: { context: BrowserContext; outboundRequests: string[] }[] = [];
  const pageErrors: string[] = [];

  async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
    const response = await fetch(`${server.url}/api${url}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { code: number; msg: string; data: T };
    if (envelope.code !== 2000) throw new Error(`${method} ${url}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  }

  async function logIn() {
    const response = await fetch(`${server.url}/api/web/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ account: 'demoowner', password: DEMO_PASSWORD, clientType: 'PC', force: true }),
    });
    const envelope = (await response.json()) as { data: { token: string } };
    token = envelope.data.token;
  }

  /** A signed-in page (the token of `logIn`), in Chinese, dark theme. */
  async function openPage(pathname: string): Promise<Page> {
    const isolated = await isolatedContext(browser);
    contexts.push(isolated);
    await isolated.context.addInitScript((value) => localStorage.setItem('token', value), token);
    const page = await isolated.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.url}${pathname}`);
    return page;
  }

  async function typeId(code: string): Promise<number> {
    const types = await api<Array<{ id: number; code: string | null }>>('POST', '/project-type/findTeam', {});
    const type = types.find((candidate) => candidate.code === code);
    if (!type) throw new Error(`no project type ${code}`);
    return type.id;
  }

  trackAttempts();

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(os.tmpdir(), 'sightline-project-e2e-'));
    const entries = tilesetFolderEntries(sampleDir as string);
    files.tileset = path.join(workDir, 'dragon.zip');
    writeFileSync(files.tileset, zipSync(entries));
    // The same tileset with 24 MB of stored padding: large enough to pause mid-way.
    files.padded = path.join(workDir, 'dragon-large.zip');
    writeFileSync(
      files.padded,
      zipSync({ ...entries, 'padding.bin': [new Uint8Array(randomBytes(24 * 1024 * 1024)), { level: 0 }] }),
    );
    files.noTileset = path.join(workDir, 'no-tileset.zip');
    writeFileSync(files.noTileset, zipSync({ 'model/readme.txt': new TextEncoder().encode('no tileset here') }));
    files.route = path.join(workDir, 'route.geojson');
    writeFileSync(files.route, ROUTE_GEOJSON);
    files.badRoute = path.join(workDir, 'one-point.geojson');
    writeFileSync(files.badRoute, BAD_GEOJSON);
    files.badFields = path.join(workDir, 'bad-fields.csv');
    writeFileSync(files.badFields, 'name,widget,options,visibleWhenMarking\nGrade,single,A|B|A,true\n');
    files.fields = path.join(workDir, 'fields.csv');
    writeFileSync(
      files.fields,
      'name,widget,options,visibleWhenMarking\nGrade,single,A|B|C,true\nRemarks,input,,false\n',
    );

    server = await startAppServer();
    browser = await launchBrowser();
    await logIn();
  });

  afterEach(async () => {
    for (const { context, outboundRequests } of contexts.splice(0)) {
      await context.close();
      expect(outboundRequests).toEqual([]);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
    expect(pageErrors).toEqual([]);
  });

  it('creates a project in the wizard, uploads the zipped tileset, and draws it in the 3D view', async () => {
    // The home starts with no projects: a retry first deletes (to the recycle bin) what its first attempt made.
    await deleteTeamProjects(server, token);
    const page = await openPage('/home');
    await page.getByTestId('no-projects').waitFor();
    await page.getByTestId('project-create').first().click();
    await page.waitForURL(/\/home\/projects\/new$/);

    // Step 1: the project's information, with a location file read by the server and previewed.
    await page.getByTestId('project-name').fill(attemptName('Dragon bridge'));
    await page.getByTestId('project-type').click();
    await page.locator('.ant-select-item-option').filter({ hasText: zh.projectType.bridge }).click();
    await page.getByTestId('project-description').fill('The fixture tileset, uploaded from the browser test.');
    await page.getByTestId('location-field').locator('input[type=file]').setInputFiles(files.route);
    await page.getByTestId('location-preview').waitFor();
    expect(await page.getByTestId('location-kind').textContent()).toBe(zh.projectUi.locationKind.line);
    expect(await page.getByTestId('project-route').inputValue()).toBe('Dragon Route');
    await page.getByTestId('project-next').click();

    // Step 2: the zip goes up over tus, then the server unzips it and says so on the event stream.
    await page.waitForURL(/\/home\/projects\/\d+\/edit\?step=model$/);
    const projectId = Number(/projects\/(\d+)\//.exec(page.url())?.[1]);
    await page.getByTestId('model-zip-input').setInputFiles(files.tileset);
    await page.getByTestId('upload-start').click();
    await page.getByTestId('upload-complete').waitFor({ timeout: 60_000 });
    await page.getByTestId('unzip-done').waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.getByTestId('model-summary').getByTestId('model-state').getAttribute('data-state'))
      .toBe('done');
    await page.screenshot({ path: screenshotPath('project-wizard-model-done') });

    // The home page lists the project with its model ready.
    await page.getByTestId('wizard-finish').click();
    const card = page.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`);
    await expect.poll(() => card.getByTestId('model-state').getAttribute('data-state')).toBe('done');
    await page.screenshot({ path: screenshotPath('project-home') });

    // The 3D view: the model drawn at its place; hiding it changes what is on screen. A smaller window keeps
    // software rendering (SwiftShader) quick.
    await page.setViewportSize({ width: 1024, height: 680 });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await card.getByTestId('project-open').click();
    await page.waitForURL(new RegExp(`/home/projects/${projectId}/view$`));
    const scene = page.getByTestId('project-scene');
    await expect.poll(() => scene.getAttribute('data-render-state'), { timeout: 120_000 }).toBe('idle');
    const viewer = page.getByTestId('model-viewer');
    const shownBytes = await viewer.screenshot({ path: screenshotPath('project-view-model-shown') });
    await page.getByTestId('viewer-toggle-model').click();
    await expect.poll(() => scene.getAttribute('data-model-visible')).toBe('false');
    await expect.poll(() => scene.getAttribute('data-render-state'), { timeout: 60_000 }).toBe('idle');
    const hiddenBytes = await viewer.screenshot({ path: screenshotPath('project-view-model-hidden') });
    const fraction = differingFraction(PNG.sync.read(shownBytes), PNG.sync.read(hiddenBytes));
    // The dragon fills a good part of the default framing: far more than anti-aliasing noise.
    expect(fraction).toBeGreaterThan(0.02);
    // CesiumJS fetched the tiles with a signed link to the version's folder; no URL carried the session token.
    const tiles = requested.filter((url) => url.includes(`/api/project-model/tiles/${projectId}/`));
    expect(tiles.some((url) => url.includes('.b3dm'))).toBe(true);
    expect(tiles.every((url) => /[?&]sig=/.test(url))).toBe(true);
    const sessionToken = await page.evaluate(() => localStorage.getItem('token'));
    expect(sessionToken).toBeTruthy();
    expect(requested.filter((url) => url.includes(sessionToken!))).toEqual([]);
  });

  it('explains a bad location file and a zip without tileset.json, keeping nothing', async () => {
    const page = await openPage('/home/projects/new');
    await page.getByTestId('project-info-form').waitFor();
    await page.getByTestId('location-field').locator('input[type=file]').setInputFiles(files.badRoute);
    const locationError = page.getByTestId('location-error');
    await locationError.waitFor();
    const text = await locationError.textContent();
    expect(text).toContain(zh.errors.PROJECT_VECTOR_FILE_ERROR);
    expect(text).toContain(zh.projectUi.vectorReason.tooFewPoints);
    expect(await page.getByTestId('location-preview').count()).toBe(0);

    // A project to upload into (made through the API: the wizard itself is covered above).
    const { id } = await api<{ id: number }>('POST', '/project', {
      name: attemptName('No tileset'),
      typeId: await typeId('dam'),
    });
    await page.goto(`${server.url}/home/projects/${id}/edit?step=model`);
    await page.getByTestId('model-zip-input').setInputFiles(files.noTileset);
    await page.getByTestId('upload-start').click();
    const uploadError = page.getByTestId('upload-error');
    await uploadError.waitFor({ timeout: 60_000 });
    expect(await uploadError.getAttribute('data-error-key')).toBe('PROJECT_MODEL_TILESET_MISSING');
    expect(await uploadError.textContent()).toContain(zh.errors.PROJECT_MODEL_TILESET_MISSING);
    await page.screenshot({ path: screenshotPath('project-upload-no-tileset') });
    // Nothing was kept: no model, no upload lock.
    expect(await api('GET', `/project-model/findByProjectId/${id}`)).toBeNull();
    expect(await api('GET', `/project-model/find/project/model/user?projectId=${id}`)).toBeNull();
  });

  it('continues an upload paused before a server restart, after a reload', async () => {
    const { id } = await api<{ id: number }>('POST', '/project', {
      name: attemptName('Restart case'),
      typeId: await typeId('tunnel'),
    });
    const page = await openPage(`/home/projects/${id}/edit?step=model`);
    // A slow uplink, so the upload can be paused part-way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 3 * 1024 * 1024,
    });
    await page.getByTestId('model-zip-input').setInputFiles(files.padded);
    await page.getByTestId('upload-start').click();
    const progress = page.getByTestId('upload-progress');
    await expect
      .poll(async () => Number(await progress.getAttribute('data-percent')), { timeout: 60_000 })
      .toBeGreaterThan(10);
    await page.getByTestId('upload-pause').click();
    await expect.poll(() => progress.getAttribute('data-phase')).toBe('paused');
    const pausedAt = Number(await progress.getAttribute('data-percent'));
    expect(pausedAt).toBeLessThan(100);
    await page.screenshot({ path: screenshotPath('project-upload-paused') });

    // The tab goes away (the server's shutdown waits for open event streams), the server restarts, and the
    // page is opened again in the same browser profile: what a reload after a restart amounts to.
    const context = page.context();
    await page.close();
    await server.restart();
    const again = await context.newPage();
    again.on('pageerror', (error) => pageErrors.push(error.message));
    // tus asks the server where the upload stands (HEAD) before it sends the rest.
    const offsets: number[] = [];
    again.on('response', (response) => {
      if (response.request().method() === 'HEAD' && response.url().includes('/api/project-model/upload/')) {
        offsets.push(Number(response.headers()['upload-offset']));
      }
    });
    await again.goto(`${server.url}/home/projects/${id}/edit?step=model`);
    // The server still holds this user's upload; choosing the same file continues it.
    await again.getByTestId('upload-interrupted').waitFor({ timeout: 30_000 });
    await again.getByTestId('model-zip-input').setInputFiles(files.padded);
    const start = again.getByTestId('upload-start');
    expect(await start.textContent()).toContain(zh.projectUi.upload.continue);
    await start.click();
    await again.getByTestId('upload-complete').waitFor({ timeout: 90_000 });
    await again.getByTestId('unzip-done').waitFor({ timeout: 90_000 });
    // It went on from the bytes the server kept through the restart, not from the start.
    expect(offsets.length).toBeGreaterThan(0);
    expect(offsets[0]).toBeGreaterThan(0);
    const model = await api<{ state: string; fileName: string }>('GET', `/project-model/findByProjectId/${id}`);
    expect(model).toMatchObject({ state: 'done', fileName: 'dragon-large.zip' });
  });

  it('configures the damage filter range, defect types and defect fields with the shared rules', async () => {
    const { id } = await api<{ id: number }>('POST', '/project', {
      name: attemptName('Config case'),
      typeId: await typeId('building'),
    });
    const page = await openPage(`/home/projects/${id}/config?tab=filter`);
    const lengthMin = page.getByTestId('filter-crackLengthMin');
    const lengthMax = page.getByTestId('filter-crackLengthMax');
    await lengthMin.fill('5');
    await lengthMax.fill('1');
    await page.getByText(zh.validation.lengthRangeMinGreater).waitFor();
    await lengthMax.fill('5');
    await page.getByText(zh.validation.lengthRangeEqual).waitFor();
    await lengthMax.fill('8');
    await page.getByTestId('filter-save').click();
    await page.getByText(zh.projectUi.filter.saved).waitFor();
    expect(await api('GET', `/disease-filter?projectId=${id}`)).toMatchObject({ crackLengthMin: 5, crackLengthMax: 8 });

    // A custom defect type beside the 20 built-in ones.
    await page.getByRole('tab', { name: zh.projectUi.configTabs.types }).click();
    await page.getByTestId('defect-type-add').click();
    await page.getByTestId('defect-type-name').fill('支座位移');
    await page.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
    await page.getByTestId('defect-types').getByText('支座位移').waitFor();
    const types = await api<Array<{ name: string; system: boolean }>>('GET', `/disease-type/list?projectId=${id}`);
    expect(types.filter((type) => type.system)).toHaveLength(20);
    expect(types.some((type) => type.name === '支座位移' && !type.system)).toBe(true);

    // Defect fields from a file: a repeated option is refused row by row, a good file is imported.
    await page.getByRole('tab', { name: zh.projectUi.configTabs.fields }).click();
    const fields = page.getByTestId('defect-fields');
    await fields.locator('input[type=file]').setInputFiles(files.badFields);
    const problems = page.getByTestId('defect-field-import-error');
    await problems.waitFor();
    expect(await problems.textContent()).toContain(zh.validation.duplicateOption);
    await fields.locator('input[type=file]').setInputFiles(files.fields);
    await fields.getByText('Remarks').waitFor();
    await page.screenshot({ path: screenshotPath('project-config-fields') });
    const saved = await api<Array<{ name: string; options: string[] }>>('GET', `/disease-field/list?projectId=${id}`);
    expect(saved.map((field) => field.name)).toEqual(['Grade', 'Remarks']);
  });
});
