/**
 * Merging defects, repeated defects and the statistics of an inspection's defects (issue 13), in a real browser
 * against the built product. Two photos posed on one line through the model (the second farther back) see the same
 * place at their centres. In the defect list, two overlapping rectangles of the first photo are merged through the
 * toolbar into one whose area is the server's measure of their union, drawn as one rectangle; a rectangle that does
 * not meet them is refused with the translated error. The repeated-defect dialog refuses a threshold under 0.05 m,
 * finds the merged defect and the second photo's copy of it as one group keeping the nearer photo's, and deletes the
 * copy; the statistics drawer counts what is left by type and level.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, type Defect } from '@sightline/shared';
import { tilesetSample } from '@sightline/imagery/test-fixtures';
import { formatSize } from '../web/src/features/defect/defect-display';
import { attemptName } from './support/attempt';
import { browserSkipReason, screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { centreCrack, defectMaker, poseOnOneAxis, seedPlainPhotos } from './support/defect-seed';
import { MODEL_SAMPLE, pickLanguage } from './support/inspection-seed';
import { apiData, buttonName, callApi, startSnapshotServer, text, zh } from './support/team-api';

const sampleDir = tilesetSample(MODEL_SAMPLE);
const skipReason = browserSkipReason('e2e/defect-merge.test.ts', { tileset: MODEL_SAMPLE });

const WIDTH = 1320;
const HEIGHT = 989;
type Rect = { left: number; top: number; right: number; bottom: number };
const corners = ({ left, top, right, bottom }: Rect) => [
  [left, top],
  [right, top],
  [right, bottom],
  [left, bottom],
];
const pixels = ({ left, top, right, bottom }: Rect) => Math.max(0, right - left) * Math.max(0, bottom - top);

describe.skipIf(skipReason !== null)('merging defects, repeated defects and defect statistics', () => {
  const suite = browserSuite(startSnapshotServer);

  it(
    'merges overlapping defects, refuses apart ones, deletes a repeat keeping the best view and counts the rest',
    { timeout: 900_000 },
    async () => {
      const server = suite.server;
      const { token, projectId, inspection, photo } = await seedPlainPhotos(
        server,
        sampleDir as string,
        { project: attemptName('Merge Bridge'), inspection: 'Merge 2026' },
        { width: WIDTH, height: HEIGHT },
        { 'NEAR.JPG': [200, 200, 200], 'FAR.JPG': [160, 190, 210] },
      );
      const near = photo('NEAR.JPG');
      const far = photo('FAR.JPG');
      await poseOnOneAxis(server, token, sampleDir as string, inspection.id, [near.id, far.id]);

      const { crack, spalling, create } = await defectMaker(server, token, projectId);
      const rectangle = (imageId: number, level: number, rect: Rect) =>
        create({ imageId, typeId: spalling.id, level, shape: { kind: 'rectangle', points: corners(rect) } });
      const cx = WIDTH / 2;
      const cy = HEIGHT / 2;
      const left: Rect = { left: cx - 100, top: cy - 100, right: cx + 20, bottom: cy + 100 };
      const right: Rect = { left: cx - 20, top: cy - 100, right: cx + 100, bottom: cy + 100 };
      const overlap: Rect = { left: right.left, top: left.top, right: left.right, bottom: left.bottom };
      // Their union is one rectangle centred on the photo's centre.
      const union: Rect = { left: left.left, top: left.top, right: right.right, bottom: left.bottom };
      expect(pixels(left) + pixels(right) - pixels(overlap)).toBe(pixels(union));

      // The server's measure of the union, drawn as one defect and taken away again before the list opens.
      const reference = await rectangle(near.id, 1, union);
      expect(reference.locationState).toBe('located');
      await apiData(server, `/inspection-disease/${reference.id}`, { method: 'DELETE', token });

      const first = await rectangle(near.id, 2, left);
      const second = await rectangle(near.id, 3, right);
      const apart = await rectangle(near.id, 3, { left: 20, top: 20, right: 80, bottom: 80 });
      // The same place seen from the farther photo: its centre pixel's ray is the nearer photo's.
      const copy = await rectangle(far.id, 3, union);
      const farCrack = await create({
        imageId: far.id,
        typeId: crack.id,
        level: 2,
        shape: centreCrack(WIDTH, HEIGHT),
      });
      expect(copy.locationState).toBe('located');
      for (const axis of ['lon', 'lat'] as const) {
        expect(Math.abs(copy.position![axis] - reference.position![axis]), axis).toBeLessThan(1e-7);
      }

      const inspectionPage = (theme: 'light' | 'dark') =>
        suite.signedInPage(token, `/inspection/${inspection.id}`, { width: 1440, height: 900 }, theme);
      const page = await inspectionPage('light');
      const section = page.getByTestId('defects-section');
      const rows = section.getByTestId('defect-row');
      await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(5);
      const row = (id: number) => section.locator(`[data-testid="defect-row"][data-defect-id="${id}"]`);
      const select = (id: number) => row(id).locator('.ant-table-selection-column input[type="checkbox"]').click();
      const merge = async () => {
        await section.getByTestId('defect-merge').click();
        await page.getByTestId('defect-merge-ok').click();
        await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
      };

      // Rectangles that do not meet are refused with the server's reason, translated; nothing changes.
      await select(first.id);
      await select(apart.id);
      await merge();
      await page.getByText(zh.errors.DISEASE_MERGE_NO_INTERSECTION).first().waitFor();
      expect(await rows.count()).toBe(5);

      // The two overlapping ones become one, measured as their union.
      await select(apart.id);
      await select(second.id);
      expect(await section.locator('.ant-table-tbody input[type="checkbox"]:checked').count()).toBe(2);
      await merge();
      await expect.poll(() => rows.count()).toBe(4);
      await expect.poll(() => row(first.id).count()).toBe(0);
      expect(await row(second.id).count()).toBe(0);
      const ids = await rows.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-defect-id'))));
      const mergedId = ids.find((id) => ![apart.id, copy.id, farCrack.id].includes(id))!;
      const merged = await apiData<Defect>(server, `/inspection-disease/${mergedId}`, { token });
      expect(merged.imageId).toBe(near.id);
      expect(merged.level).toBe(3);
      expect(merged.size.areaM2).toBeCloseTo(reference.size.areaM2!, 6);
      await expect
        .poll(() => row(mergedId).getByTestId('defect-areaM2').textContent())
        .toBe(formatSize(reference.size.areaM2, 'areaM2'));
      await page.screenshot({ path: screenshotPath('defect-merge-list-light-zh') });

      // Repeated defects: under 0.05 m is refused with the minimum said; at 0.05 m the copy is found.
      await section.getByTestId('repeat-open').click();
      const distance = page.getByTestId('repeat-distance');
      await distance.fill('0.04');
      await expect.poll(() => page.getByTestId('repeat-find').isDisabled()).toBe(true);
      await page
        .locator('.ant-typography-danger', { hasText: text(zh.defectAnalysis.repeat.distanceHint, { min: 0.05 }) })
        .waitFor();
      await distance.fill('0.05');
      await expect.poll(() => page.getByTestId('repeat-find').isDisabled()).toBe(false);
      await page.getByTestId('repeat-find').click();
      const groups = page.getByTestId('repeat-group');
      await expect.poll(() => groups.count(), { timeout: 60_000 }).toBe(1);
      // The nearer photo's view is kept.
      await groups.getByTestId('repeat-keep').getByText(merged.code, { exact: true }).waitFor();
      expect(await groups.getByTestId('repeat-repeated').count()).toBe(1);
      await groups.getByTestId('repeat-repeated').getByText(copy.code, { exact: true }).waitFor();
      await page.screenshot({ path: screenshotPath('defect-merge-repeat-light-zh') });
      await page.getByTestId('repeat-delete').click();
      await page.getByText(text(zh.defectAnalysis.repeat.confirm, { count: 1 })).waitFor();
      await page.getByTestId('repeat-delete-ok').click();
      await expect.poll(() => groups.count()).toBe(0);
      expect((await callApi(server, `/inspection-disease/${copy.id}`, { token })).msg).toBe(
        'INSPECTION_DISEASE_NOT_EXISTING',
      );
      expect((await apiData<Defect>(server, `/inspection-disease/${mergedId}`, { token })).id).toBe(mergedId);
      await page
        .locator('.ant-modal-footer')
        .getByRole('button', { name: buttonName(zh.defectAnalysis.repeat.close) })
        .click();
      await expect.poll(() => rows.count()).toBe(3);

      // Statistics of what is left: two spallings and a crack; two of level 3, one of level 2.
      const countOf = async (drawn: Page, label: string) =>
        (await drawn.locator('.ant-drawer tr', { hasText: label }).locator('td').last().textContent())?.trim();
      await section.getByTestId('defect-statistics-open').click();
      const total = (drawn: Page) => drawn.locator('.ant-drawer .ant-statistic-content-value').textContent();
      await expect.poll(() => total(page)).toBe('3');
      await expect.poll(() => countOf(page, zh.diseaseType.spalling)).toBe('2');
      expect(await countOf(page, zh.diseaseType.crack)).toBe('1');
      expect(await countOf(page, `3 · ${zh.defectList.level['3']}`)).toBe('2');
      expect(await countOf(page, `2 · ${zh.defectList.level['2']}`)).toBe('1');

      const dark = await inspectionPage('dark');
      await pickLanguage(dark, 'English');
      await expect.poll(() => dark.getByTestId('defect-row').count(), { timeout: 60_000 }).toBe(3);
      await dark.getByTestId('defect-statistics-open').click();
      await expect.poll(() => total(dark)).toBe('3');
      await dark.screenshot({ path: screenshotPath('defect-merge-statistics-dark-en') });
      await dark.locator('.ant-drawer-close').click();
      await dark.locator('.ant-drawer-content').waitFor({ state: 'hidden' });
      await dark.getByTestId('repeat-open').click();
      await dark.getByTestId('repeat-find').click();
      await dark.getByText(CATALOGUES.en.defectAnalysis.repeat.empty).waitFor();
      await dark.screenshot({ path: screenshotPath('defect-merge-repeat-dark-en') });
    },
  );
});
