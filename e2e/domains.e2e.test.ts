import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startDnsServer, type TestDnsServer } from '../apps/server/test/helpers/dns-server';
import { DEMO, DESKTOP_WIDTH, MOBILE_WIDTH, apiLogin, baseUrl, dnsPort, login, newPage, shot } from './helpers';

/** The server resolves through 127.0.0.1:<dnsPort> (global-setup); this DNS server answers there. */
let dns: TestDnsServer;
const DOMAIN = `journey-${Date.now().toString(36)}.example.com`;

beforeAll(async () => {
  dns = await startDnsServer({ port: dnsPort });
});
afterAll(async () => {
  await dns?.close();
  // Leave the demo as found: without the journey's domain, Acme's chat addresses fall back to MAIL_DOMAIN.
  const { headers, user } = await apiLogin();
  for (const brand of user.brands) {
    const res = await fetch(`${baseUrl}/api/v1/support/brands/${brand.id}/domains`, { headers });
    const { domains } = (await res.json()) as { domains: Array<{ id: string; domain: string }> };
    for (const d of domains.filter((x) => x.domain === DOMAIN)) {
      await fetch(`${baseUrl}/api/v1/support/domains/${d.id}`, { method: 'DELETE', headers });
    }
  }
});

async function openSettings(page: Page) {
  await page.getByRole('toolbar', { name: 'Panels' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Domains' }).waitFor();
}

describe('domains journey', () => {
  it('adds a domain, verifies it by DNS, makes it primary, enables chat email and sees the new chat address', async () => {
    const page = await newPage(DESKTOP_WIDTH);
    await login(page);
    await openSettings(page);

    const add = page.getByRole('button', { name: 'Add Domain' });
    expect(await add.isDisabled()).toBe(true);
    await page.getByLabel('Domain name').fill(`  ${DOMAIN.toUpperCase()} `);
    await add.click();
    await page.getByRole('button', { name: `Open ${DOMAIN}` }).click();

    const drawer = page.getByRole('dialog');
    await drawer.getByText(`_console-verify.${DOMAIN}`).first().waitFor();
    expect(await drawer.getByLabel('Provider').inputValue()).toBe('manual');
    const token = (await drawer.getByText(/^console-verify=[0-9a-f]{8}$/).first().textContent())!;
    await page.waitForTimeout(400); // the slide-over's 300 ms slide-in
    await shot(page, 'domains-drawer-unverified-1280');

    // Before the record exists, the server's message, error and instructions show inline.
    await drawer.getByRole('button', { name: 'Verify Domain' }).click();
    const failure = drawer.getByRole('alert');
    await failure.getByText(`No TXT record found at _console-verify.${DOMAIN}.`).waitFor();
    expect(await failure.textContent()).toContain('Verification failed');
    await shot(page, 'domains-verify-failed-1280');

    dns.setTxt(`_console-verify.${DOMAIN}`, [token]);
    await drawer.getByRole('button', { name: 'Verify Domain' }).click();
    await page.getByText('Domain verified successfully!').waitFor();

    await drawer.getByRole('button', { name: 'Set as primary domain' }).click();
    await page.getByText('Domain set as primary!').waitFor();
    await drawer.getByRole('button', { name: 'Primary domain' }).waitFor();

    await drawer.getByRole('button', { name: 'Enable Chat Email' }).click();
    await page.getByText(`Chat email enabled! {conversation_id}@chat.${DOMAIN}`).waitFor();
    await drawer.getByText(`{conversation_id}@chat.${DOMAIN}`, { exact: true }).waitFor();
    await shot(page, 'domains-drawer-verified-1280');
    await drawer.getByRole('button', { name: 'Close' }).last().click();

    // A new conversation's banner shows the address at the new primary chat domain.
    await page.getByRole('button', { name: /new chat/i }).first().click();
    await page.getByText(new RegExp(`[0-9a-f-]{36}@chat\\.${DOMAIN.replace(/\./g, '\\.')}`)).first().waitFor();
    await shot(page, 'domains-chat-banner-1280');
  });

  it('shows the domain list and drawer on a phone', async () => {
    const page = await newPage(MOBILE_WIDTH);
    // On a phone the sidebar (with New Chat) is closed, so sign in and wait for the panel toolbar.
    await page.goto(baseUrl + '/');
    await page.getByLabel(/email/i).fill(DEMO.email);
    await page.getByLabel(/password/i).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('toolbar', { name: 'Panels' }).waitFor();
    await openSettings(page);
    await page.getByRole('button', { name: `Open ${DOMAIN}` }).scrollIntoViewIfNeeded();
    await shot(page, 'domains-list-390');
    await page.getByRole('button', { name: `Open ${DOMAIN}` }).click();
    await page.getByRole('dialog').getByText('{conversation_id}@chat.' + DOMAIN, { exact: true }).waitFor();
    await page.getByRole('dialog').getByTestId('dns-record').first().waitFor();
    await page.waitForTimeout(400); // the slide-over's 300 ms slide-in
    await shot(page, 'domains-drawer-390');
  });

  it('re-checks the email DNS records of a configured demo domain against DNS', async () => {
    dns.setMx('acme-robotics.example', [{ exchange: 'console.localhost', priority: 10 }]);
    dns.setTxt('_dmarc.acme-robotics.example', ['v=DMARC1; p=none']);
    const page = await newPage(DESKTOP_WIDTH);
    await login(page);
    await openSettings(page);
    await page.getByRole('button', { name: 'Open acme-robotics.example' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Re-check Records' }).click();
    await page.getByText('Email DNS configured successfully!').waitFor();
    const records = drawer.getByTestId('dns-record');
    await records.nth(4).waitFor();
    const verified = async (i: number) => (await records.nth(i).getByText('Verified', { exact: true }).count()) > 0;
    // verification, MX (served), SPF (not served), DKIM (not served), DMARC (served)
    await expect.poll(async () => Promise.all([0, 1, 2, 3, 4].map(verified))).toEqual([true, true, false, false, true]);
    await records.nth(1).scrollIntoViewIfNeeded();
    await shot(page, 'domains-email-records-1280');
  });
});
