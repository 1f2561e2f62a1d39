#!/usr/bin/env node
// Screenshots of the web shell in both themes and all three languages, for docs/screenshots.
// Needs the web served (vite preview, or the server with the built web) with a working /api behind it.
// Usage: BASE_URL=http://localhost:4173 ACCOUNT=demoowner PASSWORD=... node web/scripts/screenshots.mjs [page ...]
// Pages: login, register, home, personal (the default set), forget, business, upcoming, and inspections and
// inspection (set PROJECT_ID and INSPECTION_ID to a project with inspections and an inspection with image groups).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, '../../docs/screenshots');
const base = (process.env.BASE_URL ?? 'http://localhost:4173').replace(/\/+$/, '');
const account = process.env.ACCOUNT ?? 'demoowner';
const password = process.env.PASSWORD ?? process.env.SIGHTLINE_DEMO_PASSWORD;

const PAGES = {
  login: { path: '/login', signedIn: false, ready: '[data-testid="login-form"]' },
  register: { path: '/login/register', signedIn: false, ready: '[data-testid="captcha-image"] img' },
  forget: { path: '/login/forget', signedIn: false, ready: '[data-testid="forget-form"]' },
  home: { path: '/home', signedIn: true, ready: '[data-testid="no-projects"]' },
  personal: { path: '/personnelcenter', signedIn: true, ready: '[data-testid="profile-form"]' },
  business: { path: '/selectBusiness', signedIn: false, ready: '[data-testid="business-droneInspection"]' },
  upcoming: { path: '/map', signedIn: true, ready: '[data-testid="upcoming-feature"]' },
  // The inspection list of PROJECT_ID (or the first project) and the detail of INSPECTION_ID.
  inspections: {
    path: process.env.PROJECT_ID ? `/inspection?projectId=${process.env.PROJECT_ID}` : '/inspection',
    signedIn: true,
    ready: '[data-testid="inspection-table"] .ant-table-row',
  },
  inspection: {
    path: `/inspection/${process.env.INSPECTION_ID ?? 0}`,
    signedIn: true,
    ready: '[data-testid="image-group-node"]',
  },
};
const THEMES = ['dark', 'light'];
const LANGUAGES = ['zh-CN', 'en', 'ja'];

async function login() {
  if (!password) throw new Error('Set PASSWORD (or SIGHTLINE_DEMO_PASSWORD) for the signed-in pages');
  const response = await fetch(`${base}/api/web/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ account, password, clientType: 'PC', force: true }),
  });
  const body = await response.json();
  if (body.code !== 2000) throw new Error(`login failed: ${body.code} ${body.msg}`);
  return body.data.token;
}

/** Signed in, the app takes the language saved with the user, so each language is saved before its shots. */
async function saveProfileLanguage(token, language) {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const details = await (await fetch(`${base}/api/user-client/details?clientType=PC`, { headers })).json();
  const body = JSON.stringify({ name: details.data.name, language });
  const saved = await (await fetch(`${base}/api/user-client`, { method: 'PUT', headers, body })).json();
  if (saved.code !== 2000) throw new Error(`saving the language failed: ${saved.code} ${saved.msg}`);
}

/** What docs/screenshots keeps; the other pages are taken when named on the command line. */
const DEFAULT_PAGES = ['login', 'register', 'home', 'personal'];
const wanted = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_PAGES;
const pages = Object.entries(PAGES).filter(([name]) => wanted.includes(name));
mkdirSync(outDir, { recursive: true });
const token = pages.some(([, page]) => page.signedIn) ? await login() : null;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const problems = [];
try {
  for (const [name, page] of pages) {
    for (const theme of THEMES) {
      for (const language of LANGUAGES) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
        await context.addInitScript(
          ({ theme, language, token }) => {
            localStorage.setItem('theme', theme);
            localStorage.setItem('language', language);
            if (token) localStorage.setItem('token', token);
            else localStorage.removeItem('token');
          },
          { theme, language, token: page.signedIn ? token : null },
        );
        if (page.signedIn) await saveProfileLanguage(token, language);
        const tab = await context.newPage();
        tab.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') {
            problems.push(`${name}/${theme}/${language}: console ${message.type()}: ${message.text()}`);
          }
        });
        tab.on('pageerror', (error) => problems.push(`${name}/${theme}/${language}: ${error.message}`));
        await tab.goto(`${base}${page.path}`, { waitUntil: 'load' });
        await tab.waitForSelector(page.ready, { timeout: 20_000 });
        await tab.waitForTimeout(400);
        const file = path.join(outDir, `${name}-${theme}-${language}.png`);
        await tab.screenshot({ path: file });
        console.log(file);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
if (problems.length > 0) {
  console.log('\nConsole problems:');
  for (const problem of [...new Set(problems)]) console.log(`- ${problem}`);
}
