import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PLANS } from '@console/contract/billing';
import { fakeClock } from '../src/clock';
import { devices, subscriptions, usageCounters } from '../src/db/schema/index';
import { usageMeterOf } from '../src/modules/billing/metering';
import { storeEmail } from '../src/modules/mail/service';
import { buildBrandWithTeam, createTestApp, type TestApp } from './helpers/app';

/** A mail as the mailbox stores it (sent mail goes to the 'sent' folder). */
const mail = (fields: Pick<Parameters<typeof storeEmail>[1], 'brandId' | 'folder' | 'fromAddress' | 'toAddresses' | 'subject' | 'textBody' | 'receivedAt' | 'attachments'>) =>
  storeEmail(t.ctx, { fromName: null, messageId: null, auth: null, ...fields });

const clock = fakeClock(new Date('2026-11-10T12:00:00Z'));
let t: TestApp;
let team: Awaited<ReturnType<typeof buildBrandWithTeam>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  team = await buildBrandWithTeam(t);
});
afterAll(() => t?.close());

type Headers = { authorization: string } | Record<string, never>;
const get = (path: string, brandId: string, headers: Headers = team.members.viewer.headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1/billing/${path}?brand_id=${brandId}`, headers });

/** Gives a brand a subscription that began on `startedAt`, optionally with a card on file. */
async function subscribe(brandId: string, startedAt: string, card = false) {
  await t.ctx.db.insert(subscriptions).values({
    brandId,
    plan: 'Professional',
    startedAt: new Date(startedAt),
    createdAt: new Date(startedAt),
    ...(card ? { cardBrand: 'Visa', cardLast4: '4242', cardExpMonth: 8, cardExpYear: 2028 } : {}),
  });
}

describe('billing routes: authentication and tenancy', () => {
  for (const path of ['subscription', 'usage', 'invoices']) {
    it(`GET /api/v1/billing/${path} should fail with 401 without a token`, async () => {
      const res = await get(path, team.brand.id, {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' });
    });

    it(`GET /api/v1/billing/${path} should fail with 404 for a member of another brand`, async () => {
      const res = await get(path, team.brand.id, team.outsider.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Brand not found', code: 'NOT_FOUND' });
    });

    it(`GET /api/v1/billing/${path} answers every member role, down to viewers`, async () => {
      for (const role of ['owner', 'admin', 'editor', 'agent', 'viewer'] as const) {
        expect((await get(path, team.brand.id, team.members[role].headers)).statusCode).toBe(200);
      }
    });

    it(`GET /api/v1/billing/${path} should fail with 400 without brand_id`, async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/billing/${path}`, headers: team.members.owner.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'querystring.brand_id' }] });
    });
  }
});

describe('GET /api/v1/billing/subscription', () => {
  it("puts a brand on the default 'Professional' plan billed on the first of next month", async () => {
    const res = await get('subscription', team.brand.id);
    expect(res.json()).toEqual({
      plan: 'Professional',
      amount: 99,
      currency: 'USD',
      status: 'active',
      billing_cycle: 'monthly',
      started_at: expect.any(String),
      current_period_start: '2026-11-01T00:00:00.000Z',
      current_period_end: '2026-12-01T00:00:00.000Z',
      next_billing_date: '2026-12-01T00:00:00.000Z',
      payment_method: null,
    });
  });

  it('shows the card on file', async () => {
    const fresh = await buildBrandWithTeam(t);
    await subscribe(fresh.brand.id, '2026-06-15T00:00:00Z', true);
    const res = await get('subscription', fresh.brand.id, fresh.members.viewer.headers);
    expect(res.json()).toMatchObject({ started_at: '2026-06-15T00:00:00.000Z', payment_method: { brand: 'Visa', last4: '4242', exp_month: 8, exp_year: 2028 } });
  });
});

describe('GET /api/v1/billing/usage', () => {
  it('starts at zero against the plan limits', async () => {
    const fresh = await buildBrandWithTeam(t);
    const res = await get('usage', fresh.brand.id, fresh.members.viewer.headers);
    expect(res.json()).toEqual({
      api_calls: 0,
      api_calls_limit: PLANS.Professional.limits.api_calls,
      storage: 0,
      storage_limit: PLANS.Professional.limits.storage,
      emails_sent: 0,
      emails_limit: PLANS.Professional.limits.emails,
      devices: 0,
      devices_limit: PLANS.Professional.limits.devices,
      period_start: '2026-11-01T00:00:00.000Z',
      period_end: '2026-12-01T00:00:00.000Z',
    });
  });

  it("rises with the brand's API calls, not with refused calls of outsiders, and reaches the database on flush", async () => {
    const fresh = await buildBrandWithTeam(t);
    const headers = fresh.members.editor.headers;
    const before = (await get('usage', fresh.brand.id, headers)).json().api_calls;
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/providers?brand_id=${fresh.brand.id}`, headers })).statusCode).toBe(200);
    }
    // Refused: another brand's member, and no token at all.
    await t.app.inject({ method: 'GET', url: `/api/v1/providers?brand_id=${fresh.brand.id}`, headers: team.outsider.headers });
    await t.app.inject({ method: 'GET', url: `/api/v1/providers?brand_id=${fresh.brand.id}` });
    const after = (await get('usage', fresh.brand.id, headers)).json().api_calls;
    expect(after).toBe(before + 1 + 3);

    await usageMeterOf(t.ctx)!.flush();
    const [row] = await t.ctx.db
      .select()
      .from(usageCounters)
      .where(and(eq(usageCounters.brandId, fresh.brand.id), eq(usageCounters.month, '2026-11')));
    expect(row.apiCalls).toBe(after + 1);
    expect((await get('usage', fresh.brand.id, headers)).json().api_calls).toBe(after + 1);
  });

  it('counts API calls in the month they were made', async () => {
    const fresh = await buildBrandWithTeam(t);
    const headers = fresh.members.owner.headers;
    await get('usage', fresh.brand.id, headers);
    await usageMeterOf(t.ctx)!.flush();
    clock.set(new Date('2026-12-02T08:00:00Z'));
    try {
      expect((await get('usage', fresh.brand.id, headers)).json()).toMatchObject({ api_calls: 0, period_start: '2026-12-01T00:00:00.000Z' });
    } finally {
      clock.set(new Date('2026-11-10T12:00:00Z'));
    }
    expect((await get('usage', fresh.brand.id, headers)).json().api_calls).toBe(1);
  });

  it('rises when the brand sends mail, stores messages and attachments, and registers devices', async () => {
    const fresh = await buildBrandWithTeam(t);
    const headers = fresh.members.owner.headers;
    const before = (await get('usage', fresh.brand.id, headers)).json();

    await mail({
      brandId: fresh.brand.id,
      folder: 'sent',
      fromAddress: 'support@fresh.example',
      toAddresses: ['customer@example.test'],
      subject: 'Your order',
      textBody: 'x'.repeat(1000),
      receivedAt: clock.now(),
      attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', content: Buffer.alloc(3000, 1) }],
    });
    await mail({
      brandId: fresh.brand.id,
      folder: 'inbox',
      fromAddress: 'customer@example.test',
      toAddresses: ['support@fresh.example'],
      subject: 'Question',
      textBody: 'y'.repeat(500),
      receivedAt: clock.now(),
      attachments: [],
    });
    // Sent last month: storage, but not this month's count.
    await mail({
      brandId: fresh.brand.id,
      folder: 'sent',
      fromAddress: 'support@fresh.example',
      toAddresses: ['old@example.test'],
      subject: 'Old',
      textBody: 'z',
      receivedAt: new Date('2026-10-20T10:00:00Z'),
      attachments: [],
    });
    const conversation = await t.app.inject({ method: 'POST', url: `/api/v1/conversations?brand_id=${fresh.brand.id}`, headers, payload: { title: 'Storage' } });
    expect(conversation.statusCode).toBe(201);
    const message = await t.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversation.json().id}/messages?brand_id=${fresh.brand.id}`,
      headers,
      payload: { role: 'user', content: 'm'.repeat(2000) },
    });
    expect(message.statusCode).toBe(201);
    await t.ctx.db.insert(devices).values([
      { brandId: fresh.brand.id, name: 'edge-1' },
      { brandId: fresh.brand.id, name: 'edge-2' },
      { brandId: fresh.brand.id, name: 'retired', revokedAt: clock.now() },
    ]);
    // Another brand's activity never counts.
    await mail({ brandId: team.other.id, folder: 'sent', fromAddress: 'a@b.test', toAddresses: [], subject: 's', textBody: 'q'.repeat(5000), receivedAt: clock.now(), attachments: [] });

    const after = (await get('usage', fresh.brand.id, headers)).json();
    expect(after.emails_sent).toBe(before.emails_sent + 1);
    expect(after.devices).toBe(before.devices + 2);
    const stored = 1000 + 3000 + 500 + 1 + 2000;
    expect(after.storage).toBeGreaterThanOrEqual(before.storage + stored);
    expect(after.storage).toBeLessThan(before.storage + stored + 1000);
  });
});

describe('GET /api/v1/billing/invoices', () => {
  it('makes one invoice per billing period since the start: past months overdue without a card, the running month a draft', async () => {
    const fresh = await buildBrandWithTeam(t);
    await subscribe(fresh.brand.id, '2026-08-10T00:00:00Z');
    const res = await get('invoices', fresh.brand.id, fresh.members.viewer.headers);
    expect(res.statusCode).toBe(200);
    const { invoices } = res.json();
    const code = fresh.brand.id.slice(0, 8).toUpperCase();
    expect(invoices.map((i: Record<string, unknown>) => [i.number, i.status, i.date, i.amount])).toEqual([
      [`INV-202611-${code}`, 'draft', '2026-12-01T00:00:00.000Z', 99],
      [`INV-202610-${code}`, 'pending', '2026-11-01T00:00:00.000Z', 99],
      [`INV-202609-${code}`, 'overdue', '2026-10-01T00:00:00.000Z', 99],
      // August is prorated from the 10th: 22 of 31 days.
      [`INV-202608-${code}`, 'overdue', '2026-09-01T00:00:00.000Z', 70.26],
    ]);
    expect(invoices[1]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      number: `INV-202610-${code}`,
      status: 'pending',
      date: '2026-11-01T00:00:00.000Z',
      due_date: '2026-11-15T00:00:00.000Z',
      created_at: '2026-11-10T12:00:00.000Z',
      amount: 99,
      currency: 'USD',
      plan: 'Professional',
      period_start: '2026-10-01T00:00:00.000Z',
      period_end: '2026-10-31T00:00:00.000Z',
    });
  });

  it('moves invoices on as time passes: pending becomes overdue, the closed month leaves draft, ids stay', async () => {
    const fresh = await buildBrandWithTeam(t);
    await subscribe(fresh.brand.id, '2026-09-01T00:00:00Z');
    const first = (await get('invoices', fresh.brand.id, fresh.members.owner.headers)).json().invoices;
    clock.set(new Date('2026-12-03T09:00:00Z'));
    try {
      const later = (await get('invoices', fresh.brand.id, fresh.members.owner.headers)).json().invoices;
      expect(later.map((i: { status: string; period_start: string }) => [i.period_start.slice(0, 7), i.status])).toEqual([
        ['2026-12', 'draft'],
        ['2026-11', 'pending'],
        ['2026-10', 'overdue'],
        ['2026-09', 'overdue'],
      ]);
      expect(later[1].id).toBe(first[0].id);
      expect(later.length).toBe(first.length + 1);
    } finally {
      clock.set(new Date('2026-11-10T12:00:00Z'));
    }
  });

  it('marks closed periods paid when a card is on file, and honours limit', async () => {
    const fresh = await buildBrandWithTeam(t);
    await subscribe(fresh.brand.id, '2026-01-01T00:00:00Z', true);
    const { invoices } = (await get('invoices', fresh.brand.id, fresh.members.admin.headers)).json();
    expect(invoices).toHaveLength(11);
    expect(invoices[0].status).toBe('draft');
    expect(invoices.slice(1).every((i: { status: string; amount: number }) => i.status === 'paid' && i.amount === 99)).toBe(true);
    const limited = await t.app.inject({ method: 'GET', url: `/api/v1/billing/invoices?brand_id=${fresh.brand.id}&limit=5`, headers: fresh.members.admin.headers });
    expect(limited.json().invoices).toHaveLength(5);
  });

  it("never lists another brand's invoices", async () => {
    const a = await buildBrandWithTeam(t);
    await subscribe(a.brand.id, '2026-10-01T00:00:00Z');
    await subscribe(a.other.id, '2026-03-01T00:00:00Z');
    await get('invoices', a.other.id, a.outsider.headers);
    const { invoices } = (await get('invoices', a.brand.id, a.members.viewer.headers)).json();
    expect(invoices).toHaveLength(2);
    expect(invoices.every((i: { number: string }) => i.number.endsWith(a.brand.id.slice(0, 8).toUpperCase()))).toBe(true);
  });
});
