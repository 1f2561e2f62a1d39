/**
 * Historical defect matching and comparison (issue 15, points 2 and 3) in a real browser against the built product.
 * Two inspections of the fixture model a year apart, each with one plain photo posed identically (so a shape at the
 * same pixels is placed at the same point of the model): the earlier one with a crack and a spalling, the later one
 * with the crack grown (longer) and a new rust area; the spalling is gone (repaired). The matching runs from the
 * inspection's panel; its totals and table show exactly those changes; the crack's chain shows both photos and its
 * length over time, and opens the 2D photo comparison with both photos; the 3D comparison draws each inspection's
 * defects in its own view; the new area is then bound by hand to the repaired one. The panel in both themes and three
 * languages, switched in place.
 *
 * The demo team has no historical defect package and no UI of the demo grants one: the server runs on a scratch
 * PostgreSQL database the test grants it in.
 */
import type { Locator } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOGUES, type Defect, type DefectType, type HistoryRelation } from '@sightline/shared';
import { tilesetSample } from '@sightline/imagery/test-fixtures';
import { attemptName } from './support/attempt';
import { chooseOption, modalOpened } from './support/antd';
import { browserSkipReason, screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { centreCrack, defectMaker, plainPhoto, poseOnOneAxis, seedPlainPhotos } from './support/defect-seed';
import { MODEL_SAMPLE, pickLanguage, seedInspectionPhotos } from './support/inspection-seed';
import { createScratchDatabase, postgresAnswers, type ScratchDatabase } from './support/postgres';
import { apiData, buttonName, callApi, logInByApi, startSnapshotServer, text, zh } from './support/team-api';

const sampleDir = tilesetSample(MODEL_SAMPLE);
const skipReason = browserSkipReason('e2e/defect-history.test.ts', {
  tileset: MODEL_SAMPLE,
  fixture: (await postgresAnswers()) ? null : 'skipped: no PostgreSQL server at 127.0.0.1:5432',
});

const WIDTH = 1320;
const HEIGHT = 989;
const ui = zh.historyUi;

/** A closed shape of `side` pixels centred on the photo's centre (so it is placed where the optical axis meets the mesh). */
const centreSquare = (kind: 'rectangle' | 'polygon', side: number) => {
  const [cx, cy, half] = [WIDTH / 2, HEIGHT / 2, side / 2];
  return {
    kind,
    points: [
      [cx - half, cy - half],
      [cx + half, cy - half],
      [cx + half, cy + half],
      [cx - half, cy + half],
    ],
  };
};

describe.skipIf(skipReason !== null)('historical defect matching and comparison', () => {
  let database: ScratchDatabase | undefined;
  const suite = browserSuite(async () => {
    database = await createScratchDatabase();
    return startSnapshotServer({ DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it(
    'matches a grown crack, a new and a repaired defect, shows their chain and compares them in 2D and 3D',
    { timeout: 900_000 },
    async () => {
      const server = suite.server;
      const seeded = await seedPlainPhotos(
        server,
        sampleDir as string,
        { project: attemptName('History Bridge'), inspection: 'Flight 2025' },
        { width: WIDTH, height: HEIGHT },
        { 'BEFORE.JPG': [190, 190, 190] },
      );
      const { token, projectId } = seeded;
      await database!.query(
        `insert into team_functions (team_id, function_code, validity_days, activated_at, expires_at)
         select current_team_id, 'historical_defect', 30, now(), now() + interval '30 days' from users
         where account = 'demoowner'
         on conflict (team_id, function_code) do update set activated_at = now(), expires_at = now() + interval '30 days'`,
      );
      const earlier = seeded.inspection;
      const later = await seedInspectionPhotos(
        server,
        token,
        projectId,
        'Flight 2026',
        [{ name: 'AFTER.JPG', bytes: await plainPhoto(WIDTH, HEIGHT, 170, 170, 170) }],
        12,
      );
      const before = seeded.photo('BEFORE.JPG');
      const after = later.images[0]!;
      for (const [id, name, inspectionDate, previousInspectionId] of [
        [earlier.id, 'Flight 2025', '2025-05-01', null],
        [later.inspection.id, 'Flight 2026', '2026-05-01', earlier.id],
      ] as const) {
        await apiData(server, '/inspection-task', {
          method: 'PUT',
          token,
          body: { id, name, inspectionDate, previousInspectionId },
        });
      }
      // Both photos from one pose: a shape at the same pixels lies at the same place of the model.
      const { pose } = await poseOnOneAxis(server, token, sampleDir as string, earlier.id, [before.id]);
      const posed = await callApi(server, '/inspection-image/pose/add', {
        method: 'POST',
        token,
        body: { mode: 'absolute', inspectionId: later.inspection.id, imageId: after.id, pose },
      });
      expect(posed.code).toBe(2000);

      const { crack, spalling, create } = await defectMaker(server, token, projectId);
      const types = await apiData<DefectType[]>(server, '/disease-type/list', {
        token,
        query: { projectId: String(projectId) },
      });
      const rust = types.find((type) => type.code === 'rust')!;
      const oldCrack = await create({
        imageId: before.id,
        typeId: crack.id,
        level: 2,
        shape: centreCrack(WIDTH, HEIGHT),
      });
      const repaired = await create({
        imageId: before.id,
        typeId: spalling.id,
        level: 3,
        shape: centreSquare('rectangle', 160),
      });
      // The crack 200 px long instead of 120, centred as before.
      const grown = await create({
        imageId: after.id,
        typeId: crack.id,
        level: 3,
        shape: {
          kind: 'polyline',
          points: [
            [WIDTH / 2 - 100, HEIGHT / 2],
            [WIDTH / 2 + 100, HEIGHT / 2],
          ],
          widthPx: 3,
        },
      });
      const added = await create({ imageId: after.id, typeId: rust.id, level: 2, shape: centreSquare('polygon', 120) });
      for (const defect of [oldCrack, repaired, grown, added]) expect(defect.locationState).toBe('located');
      expect(grown.size.lengthM!).toBeGreaterThan(oldCrack.size.lengthM! * 1.5);

      const page = await suite.signedInPage(
        token,
        `/inspection/${later.inspection.id}`,
        { width: 1440, height: 900 },
        'light',
      );
      const section = page.getByTestId('history-section');
      const state = section.getByTestId('history-state');
      await expect.poll(() => state.getAttribute('data-state'), { timeout: 60_000 }).toBe('uncalculated');
      await section.getByTestId('history-empty').waitFor();

      // Matched from the panel: the state follows the job to its end.
      await section.getByTestId('history-continue').click();
      await expect.poll(() => state.getAttribute('data-state'), { timeout: 120_000 }).toBe('done');

      // The table holds the planted changes exactly, and the totals count them.
      const rows = section.getByTestId('history-row');
      await expect.poll(() => rows.count()).toBe(3);
      const shown = async () =>
        (
          await rows.evaluateAll((elements) =>
            elements.map((row) => [
              row.getAttribute('data-defect-id'),
              row.getAttribute('data-previous-id'),
              row.getAttribute('data-kind'),
            ]),
          )
        ).sort();
      expect(await shown()).toEqual(
        [
          [String(grown.id), String(oldCrack.id), 'length'],
          [String(added.id), '', 'new'],
          ['', String(repaired.id), 'repaired'],
        ].sort(),
      );
      const totalOf = (kind: string) =>
        section
          .locator(`[data-testid="history-total"][data-kind="${kind}"] .ant-statistic-content-value`)
          .textContent();
      for (const [kind, count] of [
        ['length', '1'],
        ['new', '1'],
        ['repaired', '1'],
        ['unchanged', '0'],
        ['area', '0'],
      ] as const) {
        await expect.poll(() => totalOf(kind)).toBe(count);
      }
      const entries = await apiData<HistoryRelation[]>(server, '/inspection-disease-relation/find/all', {
        method: 'POST',
        token,
        body: { inspectionId: later.inspection.id },
      });
      const growth = entries.find((entry) => entry.defect?.id === grown.id)!;
      expect(growth.delta?.lengthM).toBeCloseTo(grown.size.lengthM! - oldCrack.size.lengthM!, 6);

      // Matched all again after a confirmation: the same changes.
      await section.getByTestId('history-all').click();
      await page
        .locator('.ant-modal-confirm', { hasText: ui.allConfirm })
        .getByRole('button', { name: buttonName(ui.all) })
        .click();
      await expect.poll(() => state.getAttribute('data-state'), { timeout: 120_000 }).toBe('done');
      await expect
        .poll(() => shown())
        .toEqual(
          [
            [String(grown.id), String(oldCrack.id), 'length'],
            [String(added.id), '', 'new'],
            ['', String(repaired.id), 'repaired'],
          ].sort(),
        );

      // The filter keeps the new defect alone.
      await chooseOption(page, section.getByTestId('history-filter'), ui.kind.new);
      await page.keyboard.press('Escape');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-defect-id')).toBe(String(added.id));
      await chooseOption(page, section.getByTestId('history-filter'), ui.kind.new);
      await page.keyboard.press('Escape');
      await expect.poll(() => rows.count()).toBe(3);
      await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
      await section.screenshot({ path: screenshotPath('defect-history-panel-light-zh') });

      // The grown crack's chain: both inspections' photos around it, its length over time.
      const row = (defect: Defect): Locator =>
        section.locator(`[data-testid="history-row"][data-defect-id="${defect.id}"]`);
      await row(grown).getByTestId('history-chain').click();
      const drawer = page.getByTestId('history-chain-drawer');
      await drawer.waitFor();
      const chainEntries = drawer.getByTestId('history-chain-entry');
      await expect.poll(() => chainEntries.count()).toBe(2);
      expect(
        await chainEntries.evaluateAll((list) => list.map((entry) => entry.getAttribute('data-defect-id'))),
      ).toEqual([String(oldCrack.id), String(grown.id)]);
      await expect.poll(() => drawer.getByTestId('defect-crop').count()).toBe(2);
      const chart = drawer.getByTestId('history-size-chart');
      await expect.poll(() => chart.getAttribute('data-series')).not.toBeNull();
      const series = JSON.parse((await chart.getAttribute('data-series'))!) as Array<{ id: string; values: number[] }>;
      expect(series.find((line) => line.id === 'lengthM')?.values).toEqual([oldCrack.size.lengthM, grown.size.lengthM]);
      expect(await chart.locator('svg').count()).toBeGreaterThan(0);
      await page.screenshot({ path: screenshotPath('defect-history-chain-light-zh') });

      // Its photos in the 2D comparison, oldest first.
      await drawer.getByTestId('history-chain-compare').click();
      await page.waitForURL(/\/imgcompare/);
      const url = new URL(page.url());
      expect(url.searchParams.get('mode')).toBe('2d');
      expect(url.searchParams.get('images')).toBe(`${before.id},${after.id}`);
      await expect.poll(() => page.getByTestId('compare-2d').getByTestId('compare-panel').count()).toBe(2);
      await page.goBack();

      // The 3D comparison: each inspection's defects in its own view.
      await section.getByTestId('history-compare-open').click();
      const compare = page.getByTestId('history-compare-3d');
      await compare.waitFor();
      const scene = (side: string) => compare.locator(`[data-testid="history-compare-scene"][data-side="${side}"]`);
      for (const side of ['previous', 'current']) {
        await expect.poll(() => scene(side).getAttribute('data-render-state'), { timeout: 180_000 }).toBe('idle');
        expect(await scene(side).getAttribute('data-count')).toBe('2');
      }
      await page.screenshot({ path: screenshotPath('defect-history-3d-light-zh') });
      // Dragging the right view turns the left one with it.
      const cameraOf = async (side: string) =>
        JSON.parse((await scene(side).getAttribute('data-camera')) ?? '{}') as Record<string, number>;
      const start = await cameraOf('previous');
      const right = (await compare
        .locator('[data-testid="history-compare-panel"][data-side="current"] canvas')
        .first()
        .boundingBox())!;
      await page.mouse.move(right.x + right.width / 2, right.y + right.height / 2);
      await page.mouse.down();
      await page.mouse.move(right.x + right.width / 2 + 150, right.y + right.height / 2 + 40, { steps: 10 });
      await page.mouse.up();
      const differs = (a: Record<string, number>, b: Record<string, number>) =>
        ['lon', 'lat', 'height', 'heading', 'pitch'].some(
          (key) => Math.abs(a[key]! - b[key]!) > 1e-6 * Math.max(1, Math.abs(b[key]!)),
        );
      await expect.poll(async () => differs(await cameraOf('current'), start)).toBe(true);
      await expect.poll(async () => differs(await cameraOf('previous'), await cameraOf('current'))).toBe(false);
      expect(differs(await cameraOf('previous'), start)).toBe(true);
      await page.keyboard.press('Escape');
      await compare.waitFor({ state: 'detached' });

      // The new rust area bound by hand to the repaired spalling: no longer new, the spalling no longer repaired.
      await row(added).getByTestId('history-rebind').click();
      const dialog = page.getByTestId('history-rebind-dialog');
      await chooseOption(page, dialog.getByTestId('history-rebind-select'), repaired.code);
      await dialog.getByTestId('history-rebind-ok').click();
      const confirm = page.locator('.ant-modal-confirm');
      await confirm.getByRole('button', { name: buttonName(ui.rebind.ok) }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => rows.count()).toBe(2);
      await expect.poll(() => row(added).getAttribute('data-previous-id')).toBe(String(repaired.id));
      await expect.poll(() => totalOf('new')).toBe('0');
      await expect.poll(() => totalOf('repaired')).toBe('0');

      // A viewer (made a member of the project) reads everything without the buttons that change it.
      const members = await apiData<Array<{ userId: number; name: string }>>(server, '/team-client/users', { token });
      const viewerId = members.find((member) => member.name === 'Demo Viewer')!.userId;
      await apiData(server, '/project', { method: 'PUT', token, body: { id: projectId, memberIds: [viewerId] } });
      const viewer = await suite.signedInPage(
        await logInByApi(server, 'demoviewer'),
        `/inspection/${later.inspection.id}`,
        { width: 1440, height: 900 },
        'dark',
      );
      const readOnly = viewer.getByTestId('history-section');
      await expect.poll(() => readOnly.getByTestId('history-row').count(), { timeout: 60_000 }).toBe(2);
      expect(await readOnly.getByTestId('history-chain').count()).toBe(2);
      for (const action of ['history-continue', 'history-all', 'history-cancel', 'history-rebind']) {
        expect(await readOnly.getByTestId(action).count(), action).toBe(0);
      }
      await viewer.context().close();

      // Both themes and three languages, switched in place on the owner's page: a page opened for each of the six
      // would load the inspection and its panel again for nothing but the picture.
      for (const theme of ['light', 'dark'] as const) {
        if (theme === 'dark') await page.getByTestId('theme-toggle').click();
        await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe(theme);
        for (const [language, label, locale] of [
          ['en', 'English', 'en'],
          ['ja', '日本語', 'ja'],
          ['zh', '简体中文', 'zh-CN'],
        ] as const) {
          await pickLanguage(page, label);
          await section.getByText(CATALOGUES[locale].historyUi.title).waitFor();
          await expect.poll(() => rows.count()).toBe(2);
          await section.screenshot({ path: screenshotPath(`defect-history-panel-${theme}-${language}`) });
        }
      }

      // Changing the previous inspection asks first, naming the links it drops; cancelled, nothing changes.
      await page.getByTestId('inspection-detail-edit').click();
      const form = page.getByTestId('inspection-form');
      await chooseOption(page, form.getByTestId('inspection-previous'), zh.inspectionUi.form.previousNone);
      const save = async (confirm: boolean) => {
        await page.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
        const question = page.locator('.ant-modal-confirm', { hasText: ui.previousChange.title });
        await question.getByText(text(ui.previousChange.content, { count: 2 })).waitFor();
        await modalOpened(question);
        await question
          .getByRole('button', { name: buttonName(confirm ? ui.previousChange.ok : zh.ui.common.cancel) })
          .click();
        await question.waitFor({ state: 'detached' });
      };
      const links = async () =>
        (
          await apiData<{ links: number }>(server, '/inspection-disease-his-pre/count/history/disease', {
            method: 'POST',
            token,
            body: { inspectionId: later.inspection.id },
          })
        ).links;
      await save(false);
      expect(await links()).toBe(2);
      await save(true);
      // The panel goes with the previous inspection.
      await section.waitFor({ state: 'detached' });
      expect(await links()).toBe(0);
    },
  );
});
