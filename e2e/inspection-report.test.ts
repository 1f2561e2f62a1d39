/**
 * The inspection report screens (issue 16, "the report screens work in a browser test"), in a real browser against
 * the built product. An inspection of two photos with three cracks and two key defects is seeded through the API;
 * one key defect's screenshot file is then removed from the store. In the inspection's report panel a report is
 * configured in the three steps (name and the cover's branding; nine columns allowed and a tenth refused with the
 * translated limit; the report filter's defect types; the key defects, the one without a screenshot shown so and,
 * asked on generating, left out), becomes the latest, is downloaded as a Word file whose document holds the
 * configured sections' titles and no other, and is previewed. Generating it again makes the first historical; a
 * deletion asks first; a viewer sees the reports without the buttons that change them. Screenshots: zh dark, en light.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InspectionReport, KeyDefect, ReportFilterConfiguration } from '@sightline/shared';
import { tilesetSample } from '@sightline/imagery/test-fixtures';
import { attemptName } from './support/attempt';
import { chooseOption } from './support/antd';
import { browserSkipReason, screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { centreCrack, defectMaker, seedPlainPhotos } from './support/defect-seed';
import { MODEL_SAMPLE, pickLanguage } from './support/inspection-seed';
import { apiData, logInByApi, startSnapshotServer, text, zh } from './support/team-api';

const sampleDir = tilesetSample(MODEL_SAMPLE);
const skipReason = browserSkipReason('e2e/inspection-report.test.ts', { tileset: MODEL_SAMPLE });

const WIDTH = 1320;
const HEIGHT = 989;
const GRAPH = {
  kind: 'polygon',
  positions: [
    { lon: 114.05, lat: 22.54, height: 10 },
    { lon: 114.0501, lat: 22.54, height: 10 },
    { lon: 114.0501, lat: 22.5401, height: 12 },
  ],
};

/** The path of the stored file named `name` under `folder`, searched through its sub-folders. */
function findStored(folder: string, name: string): string | undefined {
  const hit = fs.readdirSync(folder, { recursive: true }).find((entry) => path.basename(String(entry)) === name);
  return hit === undefined ? undefined : path.join(folder, String(hit));
}

describe.skipIf(skipReason !== null)('inspection report screens', () => {
  const suite = browserSuite(startSnapshotServer);
  beforeAll(() => vi.setConfig({ expect: { poll: { timeout: 120_000 } } }));
  afterAll(() => vi.resetConfig());

  it(
    'configures a report in three steps, downloads and previews it, generates it again',
    { timeout: 900_000 },
    async () => {
      const server = suite.server;
      const { token, projectId, inspection, photo } = await seedPlainPhotos(
        server,
        sampleDir as string,
        { project: attemptName('Report Bridge'), inspection: 'Reports 2026' },
        { width: WIDTH, height: HEIGHT },
        { 'DECK.JPG': [200, 200, 200], 'PIER.JPG': [170, 170, 170] },
      );
      const { crack, create } = await defectMaker(server, token, projectId);
      for (const [name, dy] of [
        ['DECK.JPG', -80],
        ['DECK.JPG', 80],
        ['PIER.JPG', 0],
      ] as const) {
        await create({ imageId: photo(name).id, typeId: crack.id, level: 2, shape: centreCrack(WIDTH, HEIGHT, dy) });
      }
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 90, b: 160 } } })
        .png()
        .toBuffer();
      async function keyDefect(name: string) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shot.png');
        const { screenshot } = await apiData<{ screenshot: string }>(
          server,
          '/inspection-disease-important/screenshot',
          {
            method: 'POST',
            token,
            form,
            query: { inspectionId: String(inspection.id) },
          },
        );
        return apiData<KeyDefect>(server, '/inspection-disease-important', {
          method: 'POST',
          token,
          body: {
            inspectionId: inspection.id,
            name,
            typeId: crack.id,
            level: 3,
            description: '',
            graph: GRAPH,
            screenshot,
            screenRange: { width: 120, height: 80 },
          },
        });
      }
      const shown = await keyDefect('North bearing crack');
      const lost = await keyDefect('South bearing crack');
      // The second key defect's screenshot is gone from the store: the report cannot show it.
      fs.rmSync(findStored(server.dataDir, lost.screenshot)!);

      // The report filter's size interval, counted in the statistics, shows in step 2.
      await apiData(server, '/report-filter/adds', {
        method: 'POST',
        token,
        body: { projectId, ranges: [{ dimension: 'length', min: 0, max: 2 }] },
      });

      const page = await suite.signedInPage(
        token,
        `/inspection/${inspection.id}`,
        { width: 1440, height: 900 },
        'dark',
      );
      const section = page.getByTestId('report-section');
      const rows = section.getByTestId('report-row');
      await section.getByTestId('report-empty').waitFor();

      // Step 1: template and cover, with the system config's company name and logo.
      await section.getByTestId('report-create').click();
      // The dialog's footer (cancel) stays while its steps change.
      const dialog = page.locator('.ant-modal', { has: page.getByTestId('report-cancel') });
      await dialog.getByTestId('report-step-cover').waitFor();
      const branding = await apiData<Array<{ key: string; value: string }>>(
        server,
        '/dictionary-data/find/system/config',
      );
      const companyName = branding.find((entry) => entry.key === 'companyName')?.value;
      if (companyName) await dialog.getByTestId('report-cover-branding').getByText(companyName).waitFor();
      await expect
        .poll(() =>
          dialog
            .locator('[data-testid="report-cover-branding"] img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      await dialog.getByTestId('report-name').fill('Bridge report 2026');
      await dialog.getByTestId('report-next').click();

      // Step 2: a ninth column is allowed, a tenth refused with the translated limit; cracks only.
      await dialog.getByTestId('report-step-table').waitFor();
      const fieldsBox = dialog.getByTestId('report-fields');
      await fieldsBox.getByText(zh.defectExport.column.description, { exact: true }).click();
      await dialog
        .getByTestId('report-fields-help')
        .getByText(text(zh.reportUi.table.fieldsHelp, { count: 9, num: 9 }))
        .waitFor();
      await fieldsBox.getByText(zh.defectExport.column.position, { exact: true }).click();
      await dialog
        .getByTestId('report-fields-help')
        .getByText(text(zh.reportUi.table.fieldsTooMany, { num: 9 }))
        .waitFor();
      expect(await dialog.getByTestId('report-next').isDisabled()).toBe(true);
      await fieldsBox.getByText(zh.defectExport.column.position, { exact: true }).click();
      await dialog.getByTestId('report-ranges').getByText(`${zh.defectExport.column.length}: 0 – 2`).waitFor();
      await chooseOption(page, dialog.getByTestId('report-types'), crack.name);
      // The multiple select's list stays open: a click on the dialog's title closes it.
      await dialog.locator('.ant-modal-title').click();
      await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
      await dialog.getByTestId('report-next').click();

      // Step 3: the key defects with their graph and screenshot; the one without is shown so.
      await dialog.getByTestId('report-step-key-defects').waitFor();
      const keyRow = (id: number) => dialog.locator(`[data-key-defect-id="${id}"]`);
      await keyRow(shown.id).getByTestId('report-key-defect-graph').waitFor();
      await expect
        .poll(() =>
          keyRow(shown.id)
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      await keyRow(lost.id).getByTestId('report-key-defect-no-screenshot').waitFor();
      await page.screenshot({ path: screenshotPath('inspection-report-steps-dark-zh'), animations: 'disabled' });
      await dialog.getByTestId('report-generate').click();
      const confirm = page.locator('.ant-modal-confirm');
      await confirm.getByText(lost.name, { exact: false }).waitFor();
      await confirm.getByTestId('report-leave-out').click();
      await dialog.waitFor({ state: 'detached' });

      // The list shows it until it is the latest.
      await expect.poll(() => rows.count()).toBe(1);
      await expect.poll(() => rows.first().getAttribute('data-state'), { timeout: 300_000 }).toBe('latest');
      await rows.first().getByText(zh.reportUi.state.latest).waitFor();
      const listed = await apiData<{ records: InspectionReport[] }>(server, '/inspection-report/find/page', {
        token,
        query: { inspectionId: String(inspection.id), pageNum: '1', pageSize: '10' },
      });
      const first = listed.records[0]!;
      expect(first.name).toBe('Bridge report 2026');
      expect(first.sections).toEqual(['summary', 'statistics', 'defects', 'keyDefects']);
      expect(first.fields).toContain('description');
      expect(first.fields).toHaveLength(9);
      expect(first.keyDefectIds).toEqual([shown.id]);
      expect(first.defectCount).toBe(3);
      await rows.first().getByText('Demo Owner').waitFor();
      const filter = await apiData<ReportFilterConfiguration>(server, '/report-filter/findConfiguration', {
        method: 'POST',
        token,
        body: { projectId },
      });
      expect(filter.diseaseTypeIds).toEqual([crack.id]);

      // The Word file: a docx whose document has the configured sections' titles, the shown key defect only.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        rows.first().getByTestId('report-download').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.docx$/);
      const docx = fs.readFileSync((await download.path())!);
      const files = unzipSync(new Uint8Array(docx));
      expect(Object.keys(files)).toContain('[Content_Types].xml');
      const document = strFromU8(files['word/document.xml']!);
      for (const title of ['summary', 'statistics', 'defects', 'keyDefects'] as const) {
        expect(document, title).toContain(zh.inspectionReport.section[title]);
      }
      expect(document).not.toContain(zh.inspectionReport.section.comparison);
      expect(document).toContain('Bridge report 2026');
      expect(document).toContain(shown.name);
      expect(document).not.toContain(lost.name);

      // The preview: the PDF in a frame when the server converts to PDF, else the note that PDF needs LibreOffice.
      await rows.first().getByTestId('report-preview').click();
      const drawer = page.getByTestId('report-preview-drawer');
      if (first.previewUrl) {
        const frame = drawer.getByTestId('report-preview-frame');
        await frame.waitFor();
        const source = (await frame.getAttribute('src'))!;
        const answer = await page.evaluate(async (url) => {
          const response = await fetch(url);
          const bytes = new Uint8Array(await response.arrayBuffer());
          return { type: response.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 5)) };
        }, source);
        expect(answer.type).toContain('application/pdf');
        expect(answer.head).toBe('%PDF-');
        // The frame shows it: the browser did not refuse to frame the response (its error page has another URL).
        const framed = (await frame.elementHandle()).contentFrame();
        await expect.poll(async () => (await framed)?.url()).toContain(`/api/inspection-report/preview/${first.id}`);
        // The browser's PDF viewer opened inside it.
        await expect
          .poll(async () =>
            (await framed)?.childFrames().some((child) => child.url().startsWith('chrome-extension://')),
          )
          .toBe(true);
      } else {
        await drawer.getByText(zh.reportUi.preview.noPdf).waitFor();
      }
      await page.screenshot({ path: screenshotPath('inspection-report-preview-dark-zh'), animations: 'disabled' });
      await drawer.getByTestId('report-preview-close').click();
      await drawer.waitFor({ state: 'hidden' });

      // Generated again: the new one is the latest, the first historical.
      await rows.first().getByTestId('report-again').click();
      await expect.poll(() => rows.count()).toBe(2);
      await expect
        .poll(() => rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-state'))), { timeout: 300_000 })
        .toEqual(['latest', 'historical']);
      expect(await rows.nth(1).getAttribute('data-report-id')).toBe(String(first.id));
      await rows.nth(1).getByText(zh.reportUi.state.historical).waitFor();
      await section.screenshot({ path: screenshotPath('inspection-report-list-dark-zh') });

      // A viewer (made a member of the project) reads and downloads without the buttons that change reports.
      const members = await apiData<Array<{ userId: number; name: string }>>(server, '/team-client/users', { token });
      const viewerId = members.find((member) => member.name === 'Demo Viewer')!.userId;
      await apiData(server, '/project', { method: 'PUT', token, body: { id: projectId, memberIds: [viewerId] } });
      const viewer = await suite.signedInPage(
        await logInByApi(server, 'demoviewer'),
        `/inspection/${inspection.id}`,
        { width: 1440, height: 900 },
        'dark',
      );
      const readOnly = viewer.getByTestId('report-section');
      await expect.poll(() => readOnly.getByTestId('report-row').count()).toBe(2);
      expect(await readOnly.getByTestId('report-download').count()).toBe(2);
      for (const action of ['report-create', 'report-again', 'report-delete']) {
        expect(await readOnly.getByTestId(action).count(), action).toBe(0);
      }

      // English, light: the list and the first step.
      const english = await suite.signedInPage(
        token,
        `/inspection/${inspection.id}`,
        { width: 1440, height: 900 },
        'light',
      );
      await pickLanguage(english, 'English');
      const list = english.getByTestId('report-section');
      await expect.poll(() => list.getByTestId('report-row').count()).toBe(2);
      await list.getByText('Historical').waitFor();
      await list.screenshot({ path: screenshotPath('inspection-report-list-light-en') });
      await list.getByTestId('report-create').click();
      await english.getByTestId('report-step-cover').waitFor();
      await english.screenshot({ path: screenshotPath('inspection-report-steps-light-en'), animations: 'disabled' });
      await english.getByTestId('report-cancel').click();
      await english.getByTestId('report-step-cover').waitFor({ state: 'detached' });

      // Deleting the historical report asks first.
      await rows.nth(1).getByTestId('report-delete').click();
      await page.locator('.ant-modal-confirm').getByTestId('report-delete-confirm').click();
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-state')).toBe('latest');
      await expect
        .poll(async () =>
          (
            await apiData<{ records: InspectionReport[] }>(server, '/inspection-report/find/page', {
              token,
              query: { inspectionId: String(inspection.id), pageNum: '1', pageSize: '10' },
            })
          ).records.map((report) => report.id),
        )
        .not.toContain(first.id);
    },
  );
});
