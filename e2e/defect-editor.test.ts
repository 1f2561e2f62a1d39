/**
 * The image editor (issue 13 point 1) in a real browser against the built product: two posed fixture drone photos in
 * an inspection (a camera and a shooting distance, so the server can size what is drawn). With the mouse and the
 * keyboard only, as a user draws: view mode refuses drawing; in screening mode a crack is drawn as a polyline of
 * two points (L, a click on its start, a double-click on its end) and a spalling area as a polygon (P, clicks, Enter),
 * each given its type and level in the form; a crack of one point or an area of two corners gets a hint, no form. The side list shows both with the sizes the server measured (read back over the API); a vertex dragged
 * changes the crack's length, Ctrl+Z puts it back, Delete asks before deleting. A doubtful photo stays doubtful when
 * left, an unscreened one left in screening mode is screened. A viewer gets no screening mode. Screenshots in both
 * themes and the three languages.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUES, type Defect, type InspectionImage } from '@sightline/shared';
import { chooseOption } from './support/antd';
import { screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { layerView, pickType } from './support/defect-editor-ui';
import { modelAndPhotoFixtures, pickLanguage, seedInspectionPhotos } from './support/inspection-seed';
import { apiData, buttonName, createProject, logInByApi, startSnapshotServer, text, zh } from './support/team-api';

const fixtures = modelAndPhotoFixtures('e2e/defect-editor.test.ts', ['DJI_0012.JPG', 'DJI_0030.JPG']);
const ui = zh.defectEditor;

/** A point of the canvas by its share of the width and height. */
const at = (box: { x: number; y: number; width: number; height: number }, fx: number, fy: number) => ({
  x: box.x + box.width * fx,
  y: box.y + box.height * fy,
});

describe.skipIf(fixtures.skipReason !== null)('image editor', () => {
  const suite = browserSuite(startSnapshotServer);

  it('draws a crack and a spalling area with mouse and keyboard, sizes them, edits, undoes, deletes and screens', async () => {
    const { server } = suite;
    const token = await logInByApi(server, 'demoowner');
    const members = await apiData<Array<{ userId: number; name: string }>>(server, '/team-client/users', { token });
    const viewerId = members.find((member) => member.name === 'Demo Viewer')!.userId;
    const projectId = await createProject(server, token, `Image editor ${Date.now()}`, { memberIds: [viewerId] });
    const { images } = await seedInspectionPhotos(server, token, projectId, 'Editor', fixtures.photos, 5);
    const [first, second] = images;
    const inspectionId = first!.inspectionId;
    const defectsOf = (imageId: number) =>
      apiData<Defect[]>(server, '/inspection-disease/list/img', { method: 'POST', token, body: { imageId } });
    const statusOf = async (imageId: number) =>
      (await apiData<InspectionImage>(server, `/inspection-image/${imageId}`, { token })).screeningStatus;

    const page = await suite.signedInPage(
      token,
      `/inspection/${inspectionId}/photo/${first!.id}/edit`,
      { width: 1440, height: 900 },
      'light',
    );
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const editor = page.getByTestId('defect-editor');
    const layer = page.getByTestId('defect-layer');
    await editor.waitFor();
    await expect.poll(() => layer.getAttribute('data-scale'), { timeout: 60_000 }).not.toBeNull();
    expect(await editor.getAttribute('data-mode')).toBe('view');
    await page.getByText(ui.list.empty).waitFor();

    // View mode: the drawing tools are off, their key says why, a click draws nothing.
    expect(await page.getByTestId('defect-tool-polyline').isDisabled()).toBe(true);
    const { box } = await layerView(page);
    await page.mouse.click(at(box, 0.5, 0.5).x, at(box, 0.5, 0.5).y);
    await page.keyboard.press('l');
    await page.getByText(ui.mode.needScreening).waitFor();
    await page.mouse.click(at(box, 0.3, 0.3).x, at(box, 0.3, 0.3).y);
    expect(await layer.getAttribute('data-draft-points')).toBe('0');

    // Screening mode; a double-click alone is a crack of one point: a hint says what it needs, no form opens.
    await page.getByTestId('defect-mode').getByText(ui.mode.screening).click();
    expect(await editor.getAttribute('data-mode')).toBe('screening');
    await page.keyboard.press('l');
    await page.getByText(ui.hint.polyline).waitFor();
    const form = page.getByTestId('defect-form-fields');
    await page.mouse.dblclick(at(box, 0.3, 0.6).x, at(box, 0.3, 0.6).y);
    await page.getByText(ui.refused.polyline).waitFor();
    expect(await layer.getAttribute('data-draft-points')).toBe('1');
    expect(await form.count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => layer.getAttribute('data-draft-points')).toBe('0');

    // The shortest crack, drawn at a user's pace: a click on its start, straight away a double-click on its end.
    await page.mouse.click(at(box, 0.2, 0.3).x, at(box, 0.2, 0.3).y);
    await page.mouse.dblclick(at(box, 0.5, 0.32).x, at(box, 0.5, 0.32).y);
    await form.waitFor();
    await pickType(page, zh.diseaseType.crack);
    await chooseOption(page, page.getByTestId('defect-form-level'), `4 · ${ui.level['4']}`);
    await page.getByLabel(ui.form.widthPx).fill('3');
    await page.getByTestId('defect-form-save').click();
    const items = page.getByTestId('defect-item');
    await expect.poll(() => items.count()).toBe(1);
    await form.waitFor({ state: 'detached' });

    // A spalling area: P, four clicks, Enter; Enter after two corners says an area needs three.
    await page.keyboard.press('p');
    await page.getByText(ui.hint.polygon).waitFor();
    const corners = [
      [0.55, 0.55],
      [0.75, 0.55],
      [0.78, 0.8],
      [0.58, 0.78],
    ] as const;
    for (const [fx, fy] of corners.slice(0, 2)) await page.mouse.click(at(box, fx, fy).x, at(box, fx, fy).y);
    await expect.poll(() => layer.getAttribute('data-draft-points')).toBe('2');
    await page.keyboard.press('Enter');
    await page.getByText(ui.refused.polygon).waitFor();
    expect(await form.count()).toBe(0);
    for (const [fx, fy] of corners.slice(2)) await page.mouse.click(at(box, fx, fy).x, at(box, fx, fy).y);
    await expect.poll(() => layer.getAttribute('data-draft-points')).toBe('4');
    await page.keyboard.press('Enter');
    await form.waitFor();
    await pickType(page, zh.diseaseType.spalling);
    await chooseOption(page, page.getByTestId('defect-form-level'), `3 · ${ui.level['3']}`);
    await page.getByTestId('defect-form-save').click();
    await expect.poll(() => items.count()).toBe(2);
    // The editor's keys wait for the form to close: a key pressed before would be the form's.
    await form.waitFor({ state: 'detached' });

    // What the server measured is what the list shows.
    let saved = await defectsOf(first!.id);
    expect(saved.map((defect) => [defect.shape.kind, defect.shape.points.length, defect.level])).toEqual([
      ['polyline', 2, 4],
      ['polygon', 4, 3],
    ]);
    const [crack, area] = saved as [Defect, Defect];
    expect(crack.shape.widthPx).toBe(3);
    expect(crack.size.lengthM).toBeGreaterThan(0);
    expect(crack.size.widthMm).toBeGreaterThan(0);
    expect(area.size.areaM2).toBeGreaterThan(0);
    const crackItem = page.locator(`[data-testid="defect-item"][data-defect-id="${crack.id}"]`);
    const areaItem = page.locator(`[data-testid="defect-item"][data-defect-id="${area.id}"]`);
    expect(Number(await crackItem.getAttribute('data-length'))).toBe(crack.size.lengthM);
    expect(Number(await crackItem.getAttribute('data-width'))).toBe(crack.size.widthMm);
    expect(Number(await areaItem.getAttribute('data-area'))).toBe(area.size.areaM2);
    expect(await crackItem.getByTestId('defect-item-sizes').textContent()).toContain(crack.size.lengthM!.toFixed(3));
    expect(await areaItem.getByTestId('defect-item-sizes').textContent()).toContain(area.size.areaM2!.toFixed(4));
    await expect.poll(async () => Number(await layer.getAttribute('data-drawn'))).toBe(2);
    await page.screenshot({ path: screenshotPath('defect-editor-light-zh') });

    // The select tool (V); the crack selected from the list; its end dragged further: measured longer.
    await page.keyboard.press('v');
    await page.getByText(ui.hint.select).waitFor();
    await crackItem.click();
    expect(await crackItem.getAttribute('data-selected')).toBe('true');
    const view = await layerView(page);
    const end = view.toScreen(crack.shape.points[1]!);
    await page.mouse.move(end.x, end.y);
    await page.mouse.down();
    await page.mouse.move(end.x + 60, end.y + 10, { steps: 6 });
    await page.mouse.move(end.x + 120, end.y + 20, { steps: 6 });
    await page.mouse.up();
    await expect
      .poll(async () => (await defectsOf(first!.id)).find((defect) => defect.id === crack.id)!.size.lengthM)
      .toBeGreaterThan(crack.size.lengthM!);
    saved = await defectsOf(first!.id);
    const longer = saved.find((defect) => defect.id === crack.id)!;
    expect(longer.shape.points[0]).toEqual(crack.shape.points[0]);
    await expect.poll(async () => Number(await crackItem.getAttribute('data-length'))).toBe(longer.size.lengthM);

    // Ctrl+Z: the shape before the drag is saved again and measured as before.
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => (await defectsOf(first!.id)).find((defect) => defect.id === crack.id)!.shape.points)
      .toEqual(crack.shape.points);
    await expect.poll(async () => Number(await crackItem.getAttribute('data-length'))).toBe(crack.size.lengthM);

    // Delete asks first; cancelled, the area stays; confirmed, it goes.
    await areaItem.click();
    await page.keyboard.press('Delete');
    const confirm = page.getByTestId('defect-delete-confirm');
    await confirm.waitFor();
    const dialog = page.locator('.ant-modal-confirm');
    expect(await dialog.locator('.ant-modal-confirm-title').textContent()).toBe(
      text(ui.deleteConfirm.title, { code: area.code }),
    );
    await page.screenshot({ path: screenshotPath('defect-editor-delete-light-zh') });
    await dialog.getByRole('button', { name: buttonName(ui.form.cancel) }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await defectsOf(first!.id)).length).toBe(2);
    await page.keyboard.press('Delete');
    await confirm.click();
    await expect.poll(() => items.count()).toBe(1);
    expect((await defectsOf(first!.id)).map((defect) => defect.id)).toEqual([crack.id]);

    // Doubtful stays doubtful when the photo is left; the next photo, left in screening mode, is screened.
    await page.getByTestId('defect-doubtful').click();
    await expect.poll(() => statusOf(first!.id)).toBe(2);
    await expect.poll(() => page.getByTestId('defect-screening-status').getAttribute('data-status')).toBe('2');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('PageDown');
    await page.waitForURL(new RegExp(`/photo/${second!.id}/edit$`));
    expect(await statusOf(first!.id)).toBe(2);
    expect(await editor.getAttribute('data-mode')).toBe('screening');
    await expect.poll(() => page.getByTestId('defect-screening-status').getAttribute('data-status')).toBe('0');
    await page.getByText(ui.list.empty).waitFor();
    await page.keyboard.press('PageUp');
    await page.waitForURL(new RegExp(`/photo/${first!.id}/edit$`));
    expect(await statusOf(second!.id)).toBe(1);

    // Back in view mode, nothing changes: no deleting, no drawing.
    await page.getByTestId('defect-mode').getByText(ui.mode.view).click();
    await expect.poll(() => items.count()).toBe(1);
    await crackItem.click();
    await page.keyboard.press('Delete');
    expect(await page.getByTestId('defect-delete-confirm').count()).toBe(0);
    expect(await page.getByTestId('defect-delete').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    // The help lists the keys; screenshots in the dark theme and the other languages.
    await page.getByTestId('defect-shortcuts-open').click();
    await page.getByTestId('defect-shortcuts').getByText(ui.shortcuts.polyline).waitFor();
    await page.screenshot({ path: screenshotPath('defect-editor-shortcuts-light-zh') });
    await page.getByTestId('defect-shortcuts-open').click();
    await page.getByTestId('theme-toggle').click();
    await page.screenshot({ path: screenshotPath('defect-editor-dark-zh') });
    for (const [language, label] of [
      ['en', 'English'],
      ['ja', '日本語'],
    ] as const) {
      await pickLanguage(page, label);
      await page.getByText(CATALOGUES[language].defectEditor.list.title).waitFor();
      await page.screenshot({ path: screenshotPath(`defect-editor-dark-${language}`) });
    }
    await pickLanguage(page, '简体中文');
    expect(errors).toEqual([]);

    // A viewer sees the defects, without screening mode or drawing tools.
    const viewerToken = await logInByApi(server, 'demoviewer');
    const viewerPage = await suite.signedInPage(viewerToken, `/inspection/${inspectionId}/photo/${first!.id}/edit`, {
      width: 1440,
      height: 900,
    });
    await viewerPage.getByTestId('defect-item').first().waitFor();
    expect(await viewerPage.getByTestId('defect-mode').count()).toBe(0);
    expect(await viewerPage.getByTestId('defect-tool-polygon').isDisabled()).toBe(true);
    await viewerPage.keyboard.press('p');
    await viewerPage.getByText(ui.mode.noRight).waitFor();
  }, 400_000);
});
