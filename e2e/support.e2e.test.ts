import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, DESKTOP_WIDTH, MOBILE_WIDTH, baseUrl, login, newPage, shot } from './helpers';

async function openPanel(page: Page, name: string) {
  // On a phone the open panel covers the toolbar: close it first.
  const close = page.getByRole('button', { name: 'Close panel' });
  if ((page.viewportSize()?.width ?? DESKTOP_WIDTH) < 1024 && (await close.isVisible())) await close.click();
  await page.getByRole('toolbar', { name: 'Panels' }).getByRole('button', { name, exact: true }).click();
  await page.getByRole('region', { name: `${name} panel` }).waitFor();
}

/** On a phone the sidebar (with New Chat) is closed: sign in and wait for the panel toolbar. */
async function loginOnPhone(page: Page) {
  await page.goto(baseUrl + '/');
  await page.getByLabel(/email/i).fill(DEMO.email);
  await page.getByLabel(/password/i).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('toolbar', { name: 'Panels' }).waitFor();
}

describe('support journey (demo owner of Acme Robotics)', () => {
  it('opens the dashboard, searches tickets and articles, changes a role and regenerates the API key', async () => {
    const page = await newPage(DESKTOP_WIDTH);
    await login(page);

    await openPanel(page, 'Dashboard');
    const panel = page.getByRole('region', { name: 'Dashboard panel' });
    await panel.getByRole('heading', { name: 'Acme Robotics' }).waitFor();
    await panel.getByRole('group', { name: 'Open Tickets' }).getByText(/[1-9]\d* total/).waitFor();
    await panel.getByText('Operational').waitFor();
    expect(await panel.getByText('No recent activity').isVisible()).toBe(true);
    await shot(page, 'support-dashboard-1280');

    await openPanel(page, 'Tickets');
    const tickets = page.getByRole('region', { name: 'Tickets panel' });
    await tickets.getByTestId('ticket-row').first().waitFor();
    const before = await tickets.getByTestId('ticket-row').count();
    expect(before).toBeGreaterThan(0);
    // Search by the subject of the last row: every row left shows it.
    const subject = (await tickets.getByTestId('ticket-subject').last().textContent())!;
    await tickets.getByPlaceholder('Search tickets...').fill(subject.toLowerCase());
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="ticket-row"]').length < n, before);
    for (const text of await tickets.getByTestId('ticket-subject').allTextContents()) expect(text).toBe(subject);
    await shot(page, 'support-tickets-search-1280');
    await tickets.getByPlaceholder('Search tickets...').fill('submarine');
    await tickets.getByText('No tickets found').waitFor();

    await openPanel(page, 'Knowledge');
    const knowledge = page.getByRole('region', { name: 'Knowledge panel' });
    await knowledge.getByTestId('article-card').first().waitFor();
    await knowledge.getByPlaceholder('Search articles...').fill('pick-and-place');
    await knowledge.getByText('Teaching a pick-and-place path').waitFor();
    expect(await knowledge.getByTestId('article-card').count()).toBe(1);
    await shot(page, 'support-knowledge-search-1280');
    await knowledge.getByPlaceholder('Search articles...').fill('');
    await knowledge.getByRole('tab', { name: /Troubleshooting/ }).click();
    await knowledge.getByText('Resetting an emergency stop').waitFor();
    await shot(page, 'support-knowledge-category-1280');

    await openPanel(page, 'Users');
    const users = page.getByRole('region', { name: 'Users panel' });
    const samir = users.getByTestId('member-row').filter({ hasText: 'Samir Nagheenanajar' });
    await samir.waitFor();
    expect(await samir.textContent()).toContain('viewer');
    expect(await users.getByTestId('member-row').filter({ hasText: 'Dana Demo' }).textContent()).toContain('(You)');
    await shot(page, 'support-users-1280');
    await samir.getByText('Samir Nagheenanajar').click();
    const drawer = page.getByRole('dialog', { name: 'Samir Nagheenanajar' });
    const save = drawer.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await drawer.getByRole('radio', { name: /Agent/ }).check();
    await shot(page, 'support-users-drawer-1280');
    await save.click();
    await drawer.waitFor({ state: 'hidden' });
    await samir.filter({ hasText: 'agent' }).waitFor();

    await openPanel(page, 'Settings');
    const settings = page.getByRole('region', { name: 'Settings panel' });
    const key = settings.getByTestId('api-key');
    const masked = (await key.textContent())!;
    expect(masked).toMatch(/^bk_.{5}•{8}.{4}$/);
    await settings.getByRole('button', { name: 'Show API key' }).click();
    const oldKey = (await key.textContent())!;
    expect(oldKey).toMatch(/^bk_[A-Za-z0-9_-]{43}$/);
    await settings.getByRole('button', { name: 'Hide API key' }).click();
    await shot(page, 'support-settings-1280');
    await settings.getByRole('button', { name: 'Regenerate API Key' }).click();
    await page.getByText('Are you sure you want to regenerate the API key? This will invalidate the current key.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('API Key regenerated successfully! Please update your applications.').waitFor();
    await page.waitForFunction((old) => document.querySelector('[data-testid="api-key"]')?.textContent !== old, masked);
    await settings.getByRole('button', { name: 'Show API key' }).click();
    const newKey = (await key.textContent())!;
    expect(newKey).toMatch(/^bk_[A-Za-z0-9_-]{43}$/);
    expect(newKey).not.toBe(oldKey);
    await shot(page, 'support-settings-regenerated-1280');

    // The old key no longer opens the mail API; the new one does.
    const brandId = (await settings.getByTestId('brand-id').textContent())!;
    const withKey = (k: string) => fetch(`${baseUrl}/api/mail/folders`, { headers: { 'X-API-Key': k, 'X-Brand-Id': brandId } });
    expect((await withKey(oldKey)).status).toBe(401);
    expect((await withKey(newKey)).status).toBe(200);
  });

  it('shows the five panels on a phone', async () => {
    const page = await newPage(MOBILE_WIDTH);
    await loginOnPhone(page);
    await openPanel(page, 'Dashboard');
    await page.getByRole('group', { name: 'Open Tickets' }).getByText(/[1-9]\d* total/).waitFor();
    await page.getByRole('group', { name: 'Team Members' }).getByText(/[1-9]\d* total/).waitFor();
    await shot(page, 'support-dashboard-390');
    await openPanel(page, 'Tickets');
    await page.getByTestId('ticket-row').first().waitFor();
    await shot(page, 'support-tickets-390');
    await openPanel(page, 'Knowledge');
    await page.getByTestId('article-card').first().waitFor();
    await shot(page, 'support-knowledge-390');
    await openPanel(page, 'Users');
    await page.getByTestId('member-row').first().waitFor();
    await shot(page, 'support-users-390');
    await openPanel(page, 'Settings');
    await page.getByTestId('api-key').waitFor();
    await shot(page, 'support-settings-390');
  });
});
