import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP_WIDTH, MOBILE_WIDTH, apiLogin, baseUrl, login, newPage, shot } from './helpers';

let agent: ChildProcess | undefined;
let agentLog = '';

afterAll(() => {
  if (agent?.pid) {
    try {
      process.kill(-agent.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

async function openPanel(page: Page, name: string) {
  const close = page.getByRole('button', { name: 'Close panel' });
  if ((page.viewportSize()?.width ?? DESKTOP_WIDTH) < 1024 && (await close.isVisible())) await close.click();
  await page.getByRole('toolbar', { name: 'Panels' }).getByRole('button', { name, exact: true }).click();
  const region = page.getByRole('region', { name: `${name} panel` });
  await region.waitFor();
  return region;
}

describe('mesh journey: an agent connects, a package is installed from the Marketplace and deployed', () => {
  it('starts a dry-run agent, sees its device Online, installs a package and sees the job completed', async () => {
    // The demo's GPU node (the brand's first device, the install target) starts its agent.
    const { user } = await apiLogin();
    const acme = user.brands.find((b) => b.name === 'Acme Robotics')!;
    agent = spawn('npx', ['tsx', 'apps/agent/src/cli.ts', '--server', baseUrl, '--api-key', acme.apiKey!, '--brand', acme.id, '--name', 'gpu-node-01', '--dry-run', '--heartbeat-ms', '2000', '--poll-ms', '500'], {
      cwd: new URL('..', import.meta.url),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    agent.stderr?.on('data', (d) => (agentLog += d));
    agent.stdout?.on('data', (d) => (agentLog += d));

    const page = await newPage(DESKTOP_WIDTH);
    await login(page);

    const devices = await openPanel(page, 'Devices');
    const row = devices.getByTestId('device-row').filter({ hasText: 'gpu-node-01' });
    await row.getByText('Online').waitFor();
    await row.click();
    const detail = page.getByTestId('device-detail');
    // The dry-run agent's own inventory replaces the demo's: it reports itself as a service.
    await detail.getByText('console-agent').waitFor({ timeout: 30_000 });
    expect(agentLog).toContain('registered as device');
    await page.waitForTimeout(400);
    await shot(page, 'mesh-devices-detail-1280');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);

    const market = await openPanel(page, 'Marketplace');
    await market.getByText(/^\d{3,} MESH packages$/).waitFor();
    const header = await market.getByTestId('catalog-size').textContent();
    expect(Number(header!.replace(/\D/g, ''))).toBeGreaterThan(650);
    await market.getByPlaceholder('Search packages').fill('grafana 11.3.1');
    await page.waitForFunction(() => {
      const cards = Array.from(document.querySelectorAll('[data-testid="package-card"]'));
      return cards.length > 0 && cards.every((c) => c.textContent?.includes('Grafana 11.3.1'));
    });
    const card = market.getByTestId('package-card').filter({ hasText: 'Grafana 11.3.1' }).first();
    const name = (await card.locator('span.truncate').first().textContent())!;
    await shot(page, 'mesh-marketplace-search-1280');
    await card.getByRole('button', { name: `Install ${name}` }).click();
    await page.getByText(`Installing ${name} to device...`).waitFor();

    const deployments = await openPanel(page, 'Deployments');
    const job = deployments.getByTestId('job-row').filter({ hasText: name }).first();
    await job.waitFor();
    // The list refreshes every 10 s (and on live events); the dry-run agent completes the job.
    await job.getByText('completed').waitFor({ timeout: 40_000 });
    await job.click();
    const jobDetail = page.getByTestId('job-detail');
    await jobDetail.getByText(/"dry_run": true/).waitFor();
    await jobDetail.getByText(/docker pull grafana\/grafana:11\.3\.1/).first().waitFor();
    await page.waitForTimeout(400);
    await shot(page, 'mesh-deployments-detail-1280');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
    await shot(page, 'mesh-deployments-1280');
  }, 120_000);

  it('shows the three panels on a phone', async () => {
    const page = await newPage(MOBILE_WIDTH);
    await page.goto(baseUrl + '/');
    await page.getByLabel(/email/i).fill('demo@example.com');
    await page.getByLabel(/password/i).fill('demo1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('toolbar', { name: 'Panels' }).waitFor();

    const devices = await openPanel(page, 'Devices');
    await devices.getByTestId('device-row').first().waitFor();
    await shot(page, 'mesh-devices-390');
    await devices.getByTestId('device-row').first().click();
    await page.getByTestId('device-detail').getByText('Containers deployed').waitFor();
    await page.waitForTimeout(600);
    await shot(page, 'mesh-devices-detail-390');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);

    const market = await openPanel(page, 'Marketplace');
    await market.getByTestId('package-card').first().waitFor();
    await shot(page, 'mesh-marketplace-390');
    await market.getByTestId('package-card').first().locator('button').first().click();
    await page.getByTestId('package-detail').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'mesh-marketplace-detail-390');
    await page.keyboard.press('Escape');

    const deployments = await openPanel(page, 'Deployments');
    await deployments.getByTestId('job-row').first().waitFor();
    await shot(page, 'mesh-deployments-390');
  }, 90_000);
});
