import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { missingTilesetMessage, tilesetSample } from '@sightline/imagery/test-fixtures';
import { REPO_ROOT } from './app-server.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A loopback address where nothing listens (the discard port): the browser's proxy for everything off the machine. */
const DEAD_PROXY = '127.0.0.1:9';
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'e2e', 'test-output');

/**
 * Why the browser journeys of `testFile` cannot run, or null, said once on the console so the run shows what it left
 * out: the 3D Tiles sample `tileset` is absent, `fixture` (the test's own reason a fixture of its is absent), or there
 * is no chromium.
 */
export function browserSkipReason(
  testFile: string,
  { tileset, fixture = null }: { tileset?: string; fixture?: string | null } = {},
): string | null {
  const reason =
    (tileset !== undefined && !tilesetSample(tileset) ? missingTilesetMessage(tileset) : null) ??
    fixture ??
    (fs.existsSync(CHROMIUM_PATH)
      ? null
      : `skipped: no chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
  if (reason) console.warn(`${testFile} ${reason}`);
  return reason;
}

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Debian's chromium is missing at ${CHROMIUM_PATH}: install the package "chromium"`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--use-gl=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Nothing leaves the machine: every request but loopback's (which Chromium never sends through a proxy) goes to
      // a proxy that is not there and fails. Unlike intercepting every request (Playwright's routing), this keeps the
      // browser's HTTP and code caches and sends no request through the test process.
      `--proxy-server=${DEAD_PROXY}`,
    ],
  });
}

/**
 * A browser context whose requests leaving the machine are recorded (the browser's proxy refuses them: see
 * `launchBrowser`), so a test fails when the product reaches for the internet. It asks for reduced motion.
 */
export async function isolatedContext(
  browser: Browser,
  options: { locale?: string; colorScheme?: 'dark' | 'light' } = {},
): Promise<{ context: BrowserContext; outboundRequests: string[] }> {
  const context = await browser.newContext({
    locale: options.locale ?? 'zh-CN',
    viewport: { width: 1440, height: 900 },
    colorScheme: options.colorScheme ?? 'dark',
    // Journeys need no animation (the product honours the preference): nothing to wait out, on a loaded machine too.
    reducedMotion: 'reduce',
  });
  const outboundRequests: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    const local =
      ['127.0.0.1', 'localhost'].includes(url.hostname) ||
      // The browser's own pages and extensions (its PDF viewer) stay inside it.
      ['data:', 'blob:', 'chrome:', 'chrome-extension:'].includes(url.protocol);
    if (!local) outboundRequests.push(url.toString());
  });
  return { context, outboundRequests };
}

export function screenshotPath(name: string): string {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}
