/**
 * The licence page of a local deployment in a real browser: without a licence every call answers
 * 5012 and the web goes to /authorization, which shows the machine code; a licence file signed by
 * a key the server does not trust (made here with tools/licence/sign-licence.ts) is refused with
 * LICENSE_CODE_ERROR, and a file that is not a licence with LICENSE_INFO_EXCEPTION.
 *
 * Not covered: a successful activation. The server trusts only the public key compiled into
 * server/src/modules/licence/licence-public-key.ts and has no setting to trust another one, so a
 * test cannot sign a licence it accepts without the vendor's private key.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, type AppServer } from './support/app-server';
import { browserSkipReason, isolatedContext, launchBrowser, screenshotPath } from './support/browser';
import { startSnapshotServer, zh } from './support/team-api';

const skipReason = browserSkipReason('e2e/licence.test.ts');

describe.skipIf(skipReason !== null)('licence of a local deployment', () => {
  let server: AppServer;
  let browser: Browser;
  let isolated: { context: BrowserContext; outboundRequests: string[] };
  let keyDir: string;

  beforeAll(async () => {
    server = await startSnapshotServer({ LOCAL_MODE: 'true' });
    browser = await launchBrowser();
    isolated = await isolatedContext(browser);
    keyDir = mkdtempSync(path.join(os.tmpdir(), 'sightline-licence-'));
  });

  afterAll(async () => {
    await isolated?.context.close();
    expect(isolated?.outboundRequests ?? []).toEqual([]);
    await browser?.close();
    await server?.stop();
    if (keyDir) rmSync(keyDir, { recursive: true, force: true });
  });

  it('sends an unlicensed deployment to /authorization and refuses foreign or broken licence files', async () => {
    const page = await isolated.context.newPage();
    await page.goto(`${server.url}/login`);
    // The login page's first call answers 5012: the web moves to the licence page.
    await page.waitForURL(/\/authorization$/);
    await page.getByTestId('license-status').getByText(zh.ui.license.statusUnauthorized).waitFor();
    const machineCode = ((await page.getByTestId('license-machine-code').textContent()) ?? '').trim();
    expect(machineCode).toMatch(/^[0-9A-F]{4}(?:-[0-9A-F]{4}){3}$/);

    // A licence for this machine, signed by a key pair of the test's own.
    const tool = path.join(REPO_ROOT, 'tools', 'licence', 'sign-licence.ts');
    execFileSync(process.execPath, ['--import', 'tsx', tool, '--generate-keys', keyDir], { stdio: 'pipe' });
    const licencePath = path.join(keyDir, 'site.lic');
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        tool,
        '--machine-code',
        machineCode,
        '--issued-to',
        'Test Bridge Authority',
        '--days',
        '30',
        '--function',
        'ai_screening:30',
        '--key',
        path.join(keyDir, 'licence-private-key.pem'),
        '--out',
        licencePath,
      ],
      { stdio: 'pipe' },
    );
    const upload = page.locator('input[type=file]');
    await upload.setInputFiles({ name: 'site.lic', mimeType: 'text/plain', buffer: readFileSync(licencePath) });
    await page.getByTestId('license-error').getByText(zh.errors.LICENSE_CODE_ERROR).waitFor();
    await page.screenshot({ path: screenshotPath('licence-refused') });

    const broken = path.join(keyDir, 'broken.lic');
    writeFileSync(broken, 'this is not a licence');
    await upload.setInputFiles(broken);
    await page.getByTestId('license-error').getByText(zh.errors.LICENSE_INFO_EXCEPTION).waitFor();
    await page.getByTestId('license-status').getByText(zh.ui.license.statusUnauthorized).waitFor();
  });
});
