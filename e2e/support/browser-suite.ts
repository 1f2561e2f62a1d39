import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { AppServer } from './app-server.js';
import { trackAttempts } from './attempt.js';
import { isolatedContext, launchBrowser } from './browser.js';

export interface BrowserSuite {
  /** The suite's server, started before its first test. */
  readonly server: AppServer;
  /** A context of its own that refuses requests leaving the machine; closed after the test, which fails if any were made. */
  newContext(options?: Parameters<typeof isolatedContext>[1]): Promise<BrowserContext>;
  /** A page of a new context signed in with `token`, at `pathname` of the suite's server (in `theme` when given). */
  signedInPage(
    token: string,
    pathname: string,
    viewport?: { width: number; height: number },
    theme?: 'light' | 'dark',
  ): Promise<Page>;
}

/**
 * Registers, inside a describe, what its browser journeys share: one server (from `startServer`) and one browser
 * from before the first test to after the last, and fresh isolated contexts that each test closes behind it. It
 * tracks each test's attempt, for the names of e2e/support/attempt.ts that keep a retried journey from colliding
 * with what its first attempt made.
 */
export function browserSuite(startServer: () => Promise<AppServer>): BrowserSuite {
  let server: AppServer;
  let browser: Browser;
  const contexts: Awaited<ReturnType<typeof isolatedContext>>[] = [];
  trackAttempts();

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
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
  });

  const suite: BrowserSuite = {
    get server() {
      return server;
    },
    async newContext(options) {
      const isolated = await isolatedContext(browser, options);
      contexts.push(isolated);
      return isolated.context;
    },
    async signedInPage(token, pathname, viewport = { width: 1024, height: 680 }, theme) {
      const context = await suite.newContext();
      await context.addInitScript(
        ([value, chosen]) => {
          localStorage.setItem('token', value);
          if (chosen) localStorage.setItem('theme', chosen);
        },
        [token, theme ?? ''] as const,
      );
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}${pathname}`);
      return page;
    },
  };
  return suite;
}
