import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, DESKTOP_WIDTH, MOBILE_WIDTH, apiLogin, baseUrl, login, newPage, shot } from './helpers';

const API_KEY = 'sk-e2e-0123456789abcdefghijklmnop';
const REPLY = ['Hello from ', 'your own ', 'model endpoint.'];

/** An OpenAI-compatible server on 127.0.0.1: GET /v1/models (health check) and streamed chat completions. */
let upstream: Server;
let upstreamUrl: string;
const seen: string[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (req.headers.authorization !== `Bearer ${API_KEY}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
      return;
    }
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'e2e-model', object: 'model' }] }));
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const frame = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({ id: 'e2e', object: 'chat.completion.chunk', created: 1, model: 'e2e-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      for (const piece of REPLY) res.write(frame({ content: piece }, null));
      res.write(frame({}, 'stop'));
      res.end('data: [DONE]\n\n');
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  // Leave the demo brand as other journeys expect it: no LLM connection.
  const { headers, user } = await apiLogin();
  for (const brand of user.brands) {
    const res = await fetch(`${baseUrl}/api/v1/user/providers?brand_id=${brand.id}`, { headers });
    if (!res.ok) continue;
    const { providers } = (await res.json()) as { providers: Array<{ id: string; provider_name: string }> };
    for (const p of providers.filter((c) => c.provider_name === 'openai')) {
      await fetch(`${baseUrl}/api/v1/user/providers/${p.id}`, { method: 'DELETE', headers });
    }
  }
  await new Promise<void>((r) => upstream?.close(() => r()));
});

async function openPanel(page: Page, name: string) {
  await page.getByRole('toolbar', { name: 'Panels' }).getByRole('button', { name }).click();
}

const cards = (page: Page) => page.getByRole('list', { name: 'Providers' }).getByRole('listitem');

/** Waits until the logos in view have loaded (they are lazy images), so screenshots show them. */
async function logosLoaded(page: Page) {
  await page.waitForFunction(() => {
    const imgs = Array.from(document.querySelectorAll<HTMLImageElement>('[aria-label="Providers"] img')).filter((img) => img.getBoundingClientRect().top < window.innerHeight);
    return imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0);
  });
}

describe('providers and billing journey', () => {
  it('scrolls the catalog to a second page, connects OpenAI through the modal, chats through it, and opens Billing', async () => {
    const page = await newPage(DESKTOP_WIDTH);
    await login(page);
    await openPanel(page, 'Providers');
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(50);
    await page.getByTestId('count-devops').waitFor();
    expect(Number(await page.getByTestId('count-all').textContent())).toBeGreaterThan(100);
    await logosLoaded(page);
    await shot(page, 'providers-1280');

    // Infinite scroll: reaching the bottom loads the next 50.
    const scroller = page.getByTestId('provider-scroll');
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBe(100);

    // Connect OpenAI, pointed at the local OpenAI-compatible server.
    await page.getByRole('tab', { name: /LLM/ }).click();
    await page.getByRole('button', { name: 'Connect OpenAI', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect OpenAI' });
    await dialog.getByLabel(/API Key/).fill(API_KEY);
    await dialog.getByLabel(/Base URL/).fill(upstreamUrl);
    await dialog.getByLabel(/^Model/).fill('e2e-model');
    await shot(page, 'providers-connect-modal-1280');
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText('OpenAI connected successfully!').waitFor();
    await page.getByRole('listitem', { name: 'OpenAI', exact: true }).getByText('Connected').waitFor();
    expect(seen).toContain('GET /v1/models');
    await shot(page, 'providers-connected-1280');

    // The chat now streams from that endpoint instead of the built-in assistant.
    await openPanel(page, 'Providers');
    await page.getByRole('button', { name: /new chat/i }).first().click();
    // Wait until the new conversation is the current one (its email banner shows) before typing.
    await page.getByText('Email this conversation', { exact: false }).waitFor();
    const input = page.getByRole('textbox').last();
    await input.fill('Hello?');
    await input.press('Enter');
    await page.getByText(REPLY.join('')).waitFor({ timeout: 30_000 });
    expect(seen).toContain('POST /v1/chat/completions');
    await shot(page, 'providers-chat-1280');

    // Settings lists the connection as healthy.
    await openPanel(page, 'Settings');
    const connection = page.getByRole('region', { name: 'Provider Connections' });
    await connection.getByText('Healthy').waitFor();
    await connection.scrollIntoViewIfNeeded();
    await shot(page, 'settings-provider-connections-1280');

    await openPanel(page, 'Billing');
    await page.getByRole('region', { name: 'Current plan' }).getByText('Next billing date', { exact: false }).waitFor();
    await page.getByRole('progressbar', { name: 'API Calls' }).waitFor();
    await page.getByRole('list', { name: 'Invoices' }).waitFor();
    expect(await page.getByRole('list', { name: 'Invoices' }).getByRole('listitem').count()).toBeLessThanOrEqual(5);
    await shot(page, 'billing-1280');
    await page.getByRole('button', { name: /^Download / }).first().click();
    await page.getByText('Download invoice feature coming soon!').waitFor();
  });

  it('shows Providers and Billing on a phone', async () => {
    const page = await newPage(MOBILE_WIDTH);
    // On a phone the sidebar (with New Chat) is closed: sign in and wait for the panel toolbar.
    await page.goto(baseUrl + '/');
    await page.getByLabel(/email/i).fill(DEMO.email);
    await page.getByLabel(/password/i).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('toolbar', { name: 'Panels' }).waitFor();
    await openPanel(page, 'Providers');
    await cards(page).first().waitFor();
    await page.getByTestId('count-devops').waitFor();
    await logosLoaded(page);
    await shot(page, 'providers-390');
    await page.getByRole('button', { name: 'Connect Amazon Route 53' }).click();
    await page.getByRole('dialog', { name: 'Connect Amazon Route 53' }).getByLabel(/API Key/).waitFor();
    await shot(page, 'providers-connect-modal-390');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    // On a phone the panel covers the toolbar: close it first.
    await page.getByRole('button', { name: 'Close panel' }).click();
    await openPanel(page, 'Billing');
    await page.getByRole('progressbar', { name: 'Storage' }).waitFor();
    await page.getByRole('list', { name: 'Invoices' }).waitFor();
    await shot(page, 'billing-390');
    await page.getByRole('region', { name: 'Enterprise plan' }).scrollIntoViewIfNeeded();
    await shot(page, 'billing-bottom-390');
  });
});
