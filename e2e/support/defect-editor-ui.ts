/**
 * The image editor as a user drives it in the browser tests: where the canvas shows a photo pixel, a type picked
 * as a user finds it, and a shape drawn with the mouse and the keyboard (L for a crack: clicks and a double-click on
 * the last point; P for an area: clicks and Enter), then given its type and level in the form and saved.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { chooseOption } from './antd.js';
import { zh } from './team-api.js';

const ui = zh.defectEditor;

/** Where the editor's canvas says the photo is: screen = box corner + origin + pixel × scale. */
export async function layerView(page: Page) {
  const layer = page.getByTestId('defect-layer');
  const box = (await layer.boundingBox())!;
  const [scale, originX, originY] = await Promise.all(
    ['data-scale', 'data-origin-x', 'data-origin-y'].map(async (name) => Number(await layer.getAttribute(name))),
  );
  return {
    box,
    toScreen: ([u, v]: readonly [number, number]) => ({
      x: box.x + originX! + u * scale!,
      y: box.y + originY! + v * scale!,
    }),
  };
}

/** A type picked as a user finds it in a long list: typed into the search, then Enter. */
export async function pickType(page: Page, label: string) {
  await page.getByTestId('defect-form-type').click();
  await page.keyboard.type(label);
  await page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByTestId('defect-form-type').getByTitle(label, { exact: true }).waitFor();
}

/**
 * Draws a crack (`polyline`, with its drawn width) or an area (`polygon`) through the photo pixels `points` in
 * screening mode, gives it `type` and `level` and saves it; answers when the side list holds one more defect.
 */
export async function markDefect(
  page: Page,
  shape: { kind: 'polyline' | 'polygon'; points: ReadonlyArray<readonly [number, number]>; widthPx?: number },
  type: string,
  level: 1 | 2 | 3 | 4 | 5,
) {
  const items = page.getByTestId('defect-item');
  const before = await items.count();
  const layer = page.getByTestId('defect-layer');
  const { toScreen } = await layerView(page);
  const screen = shape.points.map(toScreen);
  await page.keyboard.press(shape.kind === 'polyline' ? 'l' : 'p');
  await page.getByText(shape.kind === 'polyline' ? ui.hint.polyline : ui.hint.polygon).waitFor();
  const clicked = shape.kind === 'polyline' ? screen.slice(0, -1) : screen;
  for (const { x, y } of clicked) await page.mouse.click(x, y);
  await expect.poll(() => layer.getAttribute('data-draft-points')).toBe(String(clicked.length));
  if (shape.kind === 'polyline') await page.mouse.dblclick(screen.at(-1)!.x, screen.at(-1)!.y);
  else await page.keyboard.press('Enter');
  const form = page.getByTestId('defect-form-fields');
  await form.waitFor();
  await pickType(page, type);
  await chooseOption(page, page.getByTestId('defect-form-level'), `${level} · ${ui.level[String(level) as '1']}`);
  if (shape.widthPx !== undefined) await page.getByLabel(ui.form.widthPx).fill(String(shape.widthPx));
  await page.getByTestId('defect-form-save').click();
  await expect.poll(() => items.count()).toBe(before + 1);
  await form.waitFor({ state: 'detached' });
}
