import { describe, expect, it } from 'vitest';
import { DESKTOP_WIDTH, MOBILE_WIDTH, SUPER_ADMIN, login, newPage, shot, swipe, baseUrl } from './helpers';

describe('sign-in and the console shell', () => {
  it('shows only the login screen to a visitor, with the demo hint', async () => {
    const page = await newPage(DESKTOP_WIDTH);
    await page.goto(baseUrl + '/some-conversation-id');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByText('demo@example.com').count()).toBeGreaterThan(0);
    expect(await page.getByRole('toolbar', { name: 'Panels' }).count()).toBe(0);
    await shot(page, 'login-1280');
    const phone = await newPage(MOBILE_WIDTH);
    await phone.goto(baseUrl + '/');
    await phone.getByRole('button', { name: 'Sign In' }).waitFor();
    await shot(phone, 'login-390');
  });

  it('refuses a wrong password with the server message', async () => {
    const page = await newPage(DESKTOP_WIDTH);
    await page.goto(baseUrl + '/');
    await page.getByLabel(/email/i).fill('demo@example.com');
    await page.getByLabel(/password/i).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
  });

  it('signs in, lists the brands with roles, switches brand, opens and closes a panel, signs out', async () => {
    const page = await newPage(DESKTOP_WIDTH);
    await login(page);
    // Default brand: the one the demo user owns.
    const switcher = page.getByRole('button', { name: /^Brand: / });
    await expect.poll(() => switcher.getAttribute('aria-label')).toBe('Brand: Acme Robotics');
    await switcher.click();
    const list = page.getByRole('group', { name: 'Brands' });
    await expect.poll(() => list.innerText()).toMatch(/Acme Robotics\s+Owner[\s\S]*Globex Support\s+Admin[\s\S]*Initech\s+Viewer/);
    expect(await list.getByText('All Brands').count()).toBe(0);
    await shot(page, 'brand-switcher-1280');
    await list.getByRole('button', { name: /Globex Support/ }).first().click();
    await expect.poll(() => switcher.getAttribute('aria-label')).toBe('Brand: Globex Support');

    // The selection survives a reload.
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: /^Brand: / }).getAttribute('aria-label')).toBe('Brand: Globex Support');

    const tickets = page.getByRole('button', { name: 'Tickets', exact: true });
    await tickets.click();
    await page.getByRole('complementary', { name: 'Context panel' }).waitFor();
    expect(await tickets.getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'panel-open-1280');
    await tickets.click();
    await expect.poll(() => page.getByRole('complementary', { name: 'Context panel' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /token/i.test(k)).map((k) => localStorage.getItem(k)).filter(Boolean))).toEqual([]);
  });

  it('gives a super admin the All Brands option and badge', async () => {
    const page = await newPage(DESKTOP_WIDTH);
    await login(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.getByText('Super Admin').first().waitFor();
    await page.getByRole('button', { name: /^Brand: / }).click();
    const list = page.getByRole('group', { name: 'Brands' });
    await list.getByRole('button', { name: /All Brands/ }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Brand: / }).getAttribute('aria-label')).toBe('Brand: All Brands');
    await shot(page, 'super-admin-1280');
  });

  it('at 390 px opens the sidebar by swiping right and closes it by swiping left', async () => {
    const page = await newPage(MOBILE_WIDTH);
    await login(page);
    const sidebar = page.locator('aside[aria-label="Sidebar"]');
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('false');
    await shot(page, 'chat-390');
    await swipe(page, 30, 260, 400);
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('true');
    await page.waitForTimeout(250);
    await shot(page, 'sidebar-open-390');
    await swipe(page, 260, 40, 400);
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('false');

    // A panel opens as an overlay; a swipe right closes it.
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('complementary', { name: 'Context panel' }).waitFor();
    await page.waitForTimeout(250);
    await shot(page, 'panel-open-390');
    await swipe(page, 60, 300, 500);
    await expect.poll(() => page.getByRole('complementary', { name: 'Context panel' }).count()).toBe(0);
  });
});
