import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Picks the option labelled `label` of the antd Select that `trigger` opens. Only the open dropdown is searched:
 * antd keeps the lists of closed selects in the page, hidden, so one label appears once per select opened before.
 */
export async function chooseOption(page: Page, trigger: Locator, label: string | RegExp): Promise<void> {
  await trigger.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
}

/**
 * Waits until the antd modal `modal` has finished opening. Its zoom-in animation moves its buttons, and on a loaded
 * machine a click landed during it was lost (the dialog stayed open). Under reduced motion it opens at once.
 */
export async function modalOpened(modal: Locator): Promise<void> {
  await modal.waitFor();
  await expect.poll(async () => (await modal.getAttribute('class')) ?? '').not.toMatch(/-appear/);
}
