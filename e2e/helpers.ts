import { existsSync, mkdirSync } from 'node:fs';
import { afterAll, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const baseUrl = inject('baseUrl');
export const smtpPort = inject('smtpPort');
export const dnsPort = inject('dnsPort');

export const DEMO = { email: 'demo@example.com', password: 'demo1234' };
export const SUPER_ADMIN = { email: 'admin@example.com', password: 'admin1234' };
export const MOBILE_WIDTH = 390;
export const DESKTOP_WIDTH = 1280;

const ARTIFACTS = new URL('./artifacts/', import.meta.url);
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

/** One Chromium per test file (Debian's /usr/bin/chromium), closed after the file. */
export async function getBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
  browser ??= await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  return browser;
}

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  browser = undefined;
});

/** A fresh page (own storage) at the given width; phones get touch and a phone-like height. */
export async function newPage(width = DESKTOP_WIDTH): Promise<Page> {
  const mobile = width < 1024;
  const context = await (await getBrowser()).newContext({
    viewport: { width, height: mobile ? 844 : 800 },
    hasTouch: mobile,
    isMobile: mobile,
    deviceScaleFactor: 1,
  });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('[page error]', err.message));
  return page;
}

/** Signs in through the login screen and waits for the chat screen. */
export async function login(page: Page, email = DEMO.email, password = DEMO.password) {
  await page.goto(baseUrl + '/');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('toolbar', { name: 'Panels' }).waitFor();
}

/** Saves a screenshot to e2e/artifacts/<name>.png. */
export async function shot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, ARTIFACTS).pathname, fullPage: false });
}

/** A real touch swipe through the DevTools protocol, from (x1, y) to (x2, y) in `ms`. */
export async function swipe(page: Page, x1: number, x2: number, y: number, ms = 120) {
  const cdp = await page.context().newCDPSession(page);
  const steps = 6;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x1, y }] });
  for (let i = 1; i <= steps; i++) {
    await new Promise((r) => setTimeout(r, ms / steps));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x1 + ((x2 - x1) * i) / steps, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Calls the API as a signed-in user (for test set-up only; journeys act through the UI). */
export async function apiLogin(email = DEMO.email, password = DEMO.password) {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  const body = (await res.json()) as { token: string; user: { brands: Array<{ id: string; name: string; apiKey?: string | null }> } };
  return { token: body.token, user: body.user, headers: { authorization: `Bearer ${body.token}` } };
}
