/**
 * Total-station monitoring in a real browser against the built product: a point created through its dialog (a
 * threshold with four decimals refused on the field), surveys entered inline (a second new row refused while one
 * is being edited), a CSV imported with one bad row shown by its row number, the chart's series as ECharts holds
 * them (current and cumulative displacements computed by the server, the threshold line, the alarm), the point's
 * alarm and its notice; both themes and the three languages.
 *
 * The demo team has no total-station package, and nothing in the product grants one short of a sales manager's
 * upgrade (no such account in the demo seed): the server runs on a scratch PostgreSQL database the test grants it in.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { CATALOGUES, type DisplacementRecord, type MonitorPoint } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { attemptName } from './support/attempt';
import { browserSkipReason, screenshotPath } from './support/browser';
import { functionPackageSuite, scratchDatabaseMissing } from './support/function-package-suite';
import { pickLanguage } from './support/inspection-seed';
import { apiData, buttonName, createProject, logInThroughUi, text, tokenOf, zh } from './support/team-api';

const skipReason = browserSkipReason('e2e/total-station.test.ts', {
  fixture: await scratchDatabaseMissing(),
});

const ui = zh.monitorUi;

interface DrawnSeries {
  id: string;
  values: number[];
  alarms: boolean[];
  threshold: number | null;
}

describe.skipIf(skipReason !== null)('total-station monitoring', () => {
  let page: Page;
  const suite = functionPackageSuite('total_station');

  const drawnSeries = async (): Promise<DrawnSeries[]> =>
    JSON.parse((await page.getByTestId('displacement-chart').getAttribute('data-series')) ?? '[]') as DrawnSeries[];

  it('creates a point, enters and imports surveys, draws them and raises the alarm', async () => {
    const context = await suite.newContext();
    page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${suite.server.url}/login`);
    await logInThroughUi(page, 'demoowner', /\/home$/);
    const token = await tokenOf(page);
    const projectName = attemptName('Lujiazui Tunnel');
    const projectId = await createProject(suite.server, token, projectName);

    await page.goto(`${suite.server.url}/home/projects/${projectId}/view`);
    await page.getByTestId('view-total-station').click();
    await page.waitForURL(/\/total-station$/);
    await page.getByTestId('points-empty').waitFor();

    // A point through its dialog: four decimals of threshold are refused on the field, three are kept.
    await page.getByTestId('point-add').click();
    const form = page.getByTestId('monitor-point-form');
    await form.getByTestId('monitor-point-name').fill('Portal north');
    const fill = async (field: string, value: string) => form.getByTestId(`monitor-point-${field}`).fill(value);
    await fill('lon', '121.5054321');
    await fill('lat', '31.2401234');
    await fill('baseX', '1000');
    await fill('baseY', '2000');
    await fill('temperature', '21');
    await fill('thresholdMm', '10.0005');
    await page.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
    await form.getByText(zh.validation.thresholdDecimals).waitFor();
    await fill('thresholdMm', '10.5');
    await page.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
    await page.getByText(ui.points.saved).waitFor();
    await page.getByTestId('point-row-Portal north').waitFor();
    await page.getByTestId('displacement-chart-empty').waitFor();

    // Surveys inline: one row at a time.
    const enterSurvey = async (time: string, x: string, y: string) => {
      await page.getByTestId('record-add').click();
      await page.getByTestId('record-monitorTime').fill(time);
      await page.getByTestId('record-temperature').fill('20');
      await page.getByTestId('record-x').fill(x);
      await page.getByTestId('record-y').fill(y);
    };
    await enterSurvey('2024-05-01 08:00', '1000.003', '2000.004');
    await page.getByTestId('record-add').click();
    await page.getByText(ui.records.finishEditFirst).waitFor();
    await page.getByTestId('record-save').click();
    await page.getByTestId('record-row-2024-05-01 08:00').waitFor();
    await enterSurvey('2024-05-01 08:00', '1000', '2000');
    await page.getByTestId('record-save').click();
    await page.getByText(zh.validation.monitorTimeTaken).waitFor();
    await page.getByTestId('record-monitorTime').fill('2024-05-03 08:00');
    await page.getByTestId('record-save').click();
    await page.getByTestId('record-row-2024-05-03 08:00').waitFor();

    // A CSV with one bad row: it is named by its row number, the others are imported.
    const folder = mkdtempSync(path.join(os.tmpdir(), 'total-station-'));
    const csv = path.join(folder, 'surveys.csv');
    writeFileSync(
      csv,
      [
        'monitorTime,temperature,x,y',
        '2024-05-02 08:00,19.5,1000.006,2000.008',
        '2024-05-04 08:00,abc,1000.006,2000.008',
        '2024-05-05 08:00,22,1000.009,2000.012',
      ].join('\n'),
    );
    await page.getByTestId('records-import').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('import-choose').click();
    await (await chooser).setFiles(csv);
    await page
      .getByTestId('import-row-3')
      .getByText(`${ui.records.temperature}: ${zh.validation.invalidValue}`)
      .waitFor();
    await page
      .getByTestId('import-summary')
      .getByText(text(ui.import.invalidRows, { count: 1 }), { exact: false })
      .waitFor();
    await page.screenshot({ path: screenshotPath('total-station-import-zh-dark') });
    await page.getByTestId('import-submit').click();
    await page.getByText(text(ui.import.imported, { count: 2 })).waitFor();

    // The server's series, drawn: by hand, (3, 4) mm from the baseline is 5 mm; (6, 8) mm is 10 mm from it and 5 mm
    // from the one before; the baseline itself (0, 0) is 0 mm from it and 10 mm from (6, 8); (9, 12) mm is 15 mm from
    // both, above the 10.5 mm threshold: the alarm.
    const records = await apiData<DisplacementRecord[]>(suite.server, '/monitor-point-displacement/list', {
      token,
      query: {
        monitorPointId: String(
          (
            await apiData<MonitorPoint[]>(suite.server, '/monitor-point/list', {
              token,
              query: { projectId: String(projectId) },
            })
          )[0]?.id,
        ),
      },
    });
    expect(records.map((record) => [record.monitorTime, record.currentMm, record.cumulativeMm, record.alarm])).toEqual([
      ['2024-05-01 08:00', 5, 5, false],
      ['2024-05-02 08:00', 5, 10, false],
      ['2024-05-03 08:00', 10, 0, false],
      ['2024-05-05 08:00', 15, 15, true],
    ]);
    await expect.poll(drawnSeries).toEqual([
      { id: 'current', values: [5, 5, 10, 15], alarms: [false, false, false, false], threshold: null },
      { id: 'cumulative', values: [5, 10, 0, 15], alarms: [false, false, false, true], threshold: 10.5 },
    ]);
    await page.getByTestId('point-row-Portal north').getByTestId('point-alarm').waitFor();
    await page.getByTestId('record-row-2024-05-05 08:00').getByText(ui.points.alarm).waitFor();
    await page.screenshot({ path: screenshotPath('total-station-zh-dark') });

    // The alarm's notice, in the notice list.
    const notices = await apiData<{ records: Array<{ title: string; params: Record<string, unknown> }> }>(
      suite.server,
      '/notice/page',
      { token, query: { pageNum: '1', pageSize: '20' } },
    );
    expect(
      notices.records
        // A retry's notices come with those of its first attempt, about that attempt's project.
        .filter((notice) => notice.title === 'monitorUi.notice.alarmTitle' && notice.params.project === projectName)
        .map((notice) => notice.params),
    ).toEqual([
      { project: projectName, point: 'Portal north', time: '2024-05-05 08:00', cumulative: 15, threshold: 10.5 },
    ]);

    // Both themes and the three languages.
    await page.getByTestId('theme-toggle').click();
    await page.screenshot({ path: screenshotPath('total-station-zh-light') });
    await pickLanguage(page, 'English');
    await page.getByText(CATALOGUES.en.monitorUi.points.title).first().waitFor();
    await page.screenshot({ path: screenshotPath('total-station-en-light') });
    await page.getByTestId('theme-toggle').click();
    await page.screenshot({ path: screenshotPath('total-station-en-dark') });
    await pickLanguage(page, '日本語');
    await page.getByText(CATALOGUES.ja.monitorUi.points.title).first().waitFor();
    await page.screenshot({ path: screenshotPath('total-station-ja-dark') });
    await page.getByTestId('theme-toggle').click();
    await page.screenshot({ path: screenshotPath('total-station-ja-light') });
    await pickLanguage(page, '简体中文');
  });
});
