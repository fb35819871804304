import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fakeClock } from '../src/clock';
import type { LiveEvent } from '../src/events/bus';
import { appendMessage, findConversationBrand } from '../src/modules/conversations/service';
import { buildBrandWithTeam, createTestApp, loginAs, type TestApp } from './helpers/app';

const clock = fakeClock(new Date('2026-11-01T12:00:00Z'));
let t: TestApp;
let team: Awaited<ReturnType<typeof buildBrandWithTeam>>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  t = await createTestApp({ clock });
  team = await buildBrandWithTeam(t);
});
afterAll(() => t?.close());

const q = (brandId = team.brand.id) => `brand_id=${brandId}`;
const asOwner = () => team.members.owner.headers;

async function createConversation(headers = asOwner(), payload: Record<string, unknown> = {}, brandId = team.brand.id) {
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/conversations?${q(brandId)}`, headers, payload });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; title: string; updatedAt: string; email_address: string };
}

const postMessage = (id: string, payload: Record<string, unknown>, headers = asOwner()) =>
  t.app.inject({ method: 'POST', url: `/api/v1/conversations/${id}/messages?${q()}`, headers, payload });

describe('POST /api/v1/conversations', () => {
  it("creates a conversation titled 'New Chat' by default with its chat email address", async () => {
    clock.advance(1000);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/conversations?${q()}`, headers: asOwner(), payload: {} });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      title: 'New Chat',
      updatedAt: clock.now().toISOString(),
      created_at: clock.now().toISOString(),
      email_address: `${body.id}@chat.console.localhost`,
    });
  });

  it('creates a conversation without any body at all', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/conversations?${q()}`, headers: asOwner() });
    expect(res.statusCode).toBe(201);
    expect(res.json().title).toBe('New Chat');
  });

  it('keeps a given title', async () => {
    expect((await createConversation(asOwner(), { title: 'Robot arm calibration' })).title).toBe('Robot arm calibration');
  });

  it('lets a viewer start a conversation (viewers read and chat)', async () => {
    await createConversation(team.members.viewer.headers);
  });

  it('should fail with 400 naming the field when the title is blank', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/conversations?${q()}`, headers: asOwner(), payload: { title: '   ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.title' }] });
  });

  it('should fail with 401 without a token and 404 for a member of another brand', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/conversations?${q()}`, payload: {} })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/conversations?${q()}`, headers: team.outsider.headers, payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Brand not found', code: 'NOT_FOUND' });
  });
});

describe('GET /api/v1/conversations', () => {
  it('returns a bare array, newest activity first, and a message moves a conversation to the top', async () => {
    const t2 = await createTestApp({ clock });
    try {
      const team2 = await buildBrandWithTeam(t2);
      const make = async () => {
        clock.advance(1000);
        const res = await t2.app.inject({ method: 'POST', url: `/api/v1/conversations?brand_id=${team2.brand.id}`, headers: team2.members.owner.headers });
        return res.json().id as string;
      };
      const first = await make();
      const second = await make();
      const third = await make();
      const list = async () =>
        (await t2.app.inject({ method: 'GET', url: `/api/v1/conversations?brand_id=${team2.brand.id}`, headers: team2.members.viewer.headers })).json() as Array<{ id: string }>;
      expect((await list()).map((c) => c.id)).toEqual([third, second, first]);

      clock.advance(1000);
      const res = await t2.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${first}/messages?brand_id=${team2.brand.id}`,
        headers: team2.members.owner.headers,
        payload: { role: 'user', content: 'bump' },
      });
      expect(res.statusCode).toBe(201);
      const after = await list();
      expect(after.map((c) => c.id)).toEqual([first, third, second]);
      expect(after[0]).toMatchObject({ updatedAt: clock.now().toISOString() });
    } finally {
      await t2.close();
    }
  });

  it('pages with limit and the x-next-cursor header without repeating or skipping, even when times tie', async () => {
    const t2 = await createTestApp({ clock });
    try {
      const team2 = await buildBrandWithTeam(t2);
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) {
        if (i % 2 === 0) clock.advance(1000); // pairs share a timestamp
        const res = await t2.app.inject({ method: 'POST', url: `/api/v1/conversations?brand_id=${team2.brand.id}`, headers: team2.members.owner.headers });
        ids.push(res.json().id);
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const res = await t2.app.inject({
          method: 'GET',
          url: `/api/v1/conversations?brand_id=${team2.brand.id}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
          headers: team2.members.owner.headers,
        });
        expect(res.statusCode).toBe(200);
        const page = res.json() as Array<{ id: string }>;
        expect(page.length).toBeLessThanOrEqual(3);
        seen.push(...page.map((c) => c.id));
        cursor = res.headers['x-next-cursor'] as string | undefined;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(new Set(seen).size).toBe(7);
      expect([...seen].sort()).toEqual([...ids].sort());
    } finally {
      await t2.close();
    }
  });

  it('does not list another brand’s conversations', async () => {
    const mine = await createConversation();
    const theirs = await createConversation(team.outsider.headers, {}, team.other.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/conversations?${q()}`, headers: asOwner() });
    const ids = (res.json() as Array<{ id: string }>).map((c) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  });

  it('should fail with 400 for a limit over 100 or a malformed cursor', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/conversations?${q()}&limit=101`, headers: asOwner() })).statusCode).toBe(400);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/conversations?${q()}&cursor=nonsense`, headers: asOwner() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid cursor', code: 'VALIDATION_ERROR' });
  });

  it('should fail with 401 without a token, 400 without brand_id, 404 for a member of another brand', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/conversations?${q()}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/conversations', headers: asOwner() })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/conversations?${q()}`, headers: team.outsider.headers })).statusCode).toBe(404);
  });
});

describe('GET /api/v1/conversations/:id', () => {
  it('returns the conversation with its messages oldest first, in SPEC §3 shape', async () => {
    const c = await createConversation();
    clock.advance(1000);
    const m1 = (await postMessage(c.id, { role: 'user', content: 'Hello' })).json();
    const m2 = (await postMessage(c.id, { role: 'assistant', content: 'Hi! How can I help?' })).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${c.id}?${q()}`, headers: team.members.viewer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: c.id,
      title: 'Hello',
      updatedAt: clock.now().toISOString(),
      created_at: c.updatedAt,
      email_address: c.email_address,
      next_cursor: null,
      messages: [
        { id: m1.id, role: 'user', content: 'Hello', created_at: clock.now().toISOString(), source: 'chat', metadata: {} },
        { id: m2.id, role: 'assistant', content: 'Hi! How can I help?', created_at: clock.now().toISOString(), source: 'chat', metadata: {} },
      ],
    });
  });

  it('returns the newest messages by limit and pages back with next_cursor', async () => {
    const c = await createConversation();
    for (let i = 1; i <= 5; i++) await postMessage(c.id, { role: 'user', content: `m${i}` });
    const page1 = (await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${c.id}?${q()}&limit=2`, headers: asOwner() })).json();
    expect(page1.messages.map((m: { content: string }) => m.content)).toEqual(['m4', 'm5']);
    const page2 = (
      await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${c.id}?${q()}&limit=2&before=${page1.next_cursor}`, headers: asOwner() })
    ).json();
    expect(page2.messages.map((m: { content: string }) => m.content)).toEqual(['m2', 'm3']);
    const page3 = (
      await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${c.id}?${q()}&limit=2&before=${page2.next_cursor}`, headers: asOwner() })
    ).json();
    expect(page3.messages.map((m: { content: string }) => m.content)).toEqual(['m1']);
    expect(page3.next_cursor).toBeNull();
  });

  it('answers 404 for a conversation of another brand exactly as for a missing one', async () => {
    const theirs = await createConversation(team.outsider.headers, {}, team.other.id);
    const foreign = await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${theirs.id}?${q()}`, headers: asOwner() });
    const missing = await t.app.inject({ method: 'GET', url: `/api/v1/conversations/00000000-0000-4000-8000-000000000000?${q()}`, headers: asOwner() });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Conversation not found', code: 'NOT_FOUND' });
    expect(missing.json()).toEqual(foreign.json());
  });

  it('should fail with 401 without a token and 404 for a member of another brand', async () => {
    const c = await createConversation();
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${c.id}?${q()}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${c.id}?${q()}`, headers: team.outsider.headers })).statusCode).toBe(404);
    // Naming their own brand does not help either.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${c.id}?${q(team.other.id)}`, headers: team.outsider.headers })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/v1/conversations/:id/messages', () => {
  it('appends a message, answers 201 with it and publishes message.created', async () => {
    const c = await createConversation();
    const events: LiveEvent[] = [];
    const off = t.ctx.events.subscribe(team.brand.id, (e) => events.push(e));
    try {
      const res = await postMessage(c.id, { role: 'user', content: 'Is the API down?' }, team.members.agent.headers);
      expect(res.statusCode).toBe(201);
      const message = res.json();
      expect(message).toEqual({
        id: expect.stringMatching(UUID),
        role: 'user',
        content: 'Is the API down?',
        created_at: clock.now().toISOString(),
        source: 'chat',
        metadata: {},
      });
      await expect.poll(() => events.length).toBeGreaterThan(0);
      expect(events[0]).toEqual({ type: 'message.created', brandId: team.brand.id, data: { conversation_id: c.id, message } });
    } finally {
      off();
    }
  });

  it('names a New Chat after its first user message once the first reply is saved', async () => {
    const c = await createConversation();
    await postMessage(c.id, { role: 'user', content: '  How do I   reset the gripper on an Acme R2 arm after a power failure overnight?' });
    const before = (await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${c.id}?${q()}`, headers: asOwner() })).json();
    expect(before.title).toBe('New Chat');
    await postMessage(c.id, { role: 'assistant', content: 'Press and hold the reset button.' });
    await postMessage(c.id, { role: 'user', content: 'Another question' });
    await postMessage(c.id, { role: 'assistant', content: 'Another answer' });
    const after = (await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${c.id}?${q()}`, headers: asOwner() })).json();
    expect(after.title).toBe('How do I reset the gripper on an Acme R2 arm…');
  });

  it('keeps a title the user gave', async () => {
    const c = await createConversation(asOwner(), { title: 'Kept' });
    await postMessage(c.id, { role: 'user', content: 'Question' });
    await postMessage(c.id, { role: 'assistant', content: 'Answer' });
    const after = (await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${c.id}?${q()}`, headers: asOwner() })).json();
    expect(after.title).toBe('Kept');
  });

  it('should fail with 400 naming the field for an unknown role', async () => {
    const c = await createConversation();
    const res = await postMessage(c.id, { role: 'robot', content: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.role' }] });
  });

  it('should fail with 401 without a token and 404 for another brand’s member or conversation', async () => {
    const c = await createConversation();
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/conversations/${c.id}/messages?${q()}`, payload: { role: 'user', content: 'x' } })).statusCode).toBe(401);
    expect((await postMessage(c.id, { role: 'user', content: 'x' }, team.outsider.headers)).statusCode).toBe(404);
    const theirs = await createConversation(team.outsider.headers, {}, team.other.id);
    const res = await postMessage(theirs.id, { role: 'user', content: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Conversation not found', code: 'NOT_FOUND' });
  });
});

describe('DELETE /api/v1/conversations/:id', () => {
  it('deletes the conversation and its messages', async () => {
    const c = await createConversation();
    await postMessage(c.id, { role: 'user', content: 'to be deleted' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/conversations/${c.id}?${q()}`, headers: asOwner() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${c.id}?${q()}`, headers: asOwner() })).statusCode).toBe(404);
    const left = await t.ctx.db.execute(sql`select count(*)::int as n from messages where conversation_id = ${c.id}`);
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(0);
  });

  it('lets a viewer delete their own conversation but answers 403 for someone else’s; editors may delete any', async () => {
    const own = await createConversation(team.members.viewer.headers);
    const ownerConversation = await createConversation(asOwner());
    const del = (id: string, headers: { authorization: string }) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/conversations/${id}?${q()}`, headers });
    expect((await del(own.id, team.members.viewer.headers)).statusCode).toBe(200);
    const refused = await del(ownerConversation.id, team.members.viewer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await del(ownerConversation.id, team.members.editor.headers)).statusCode).toBe(200);
  });

  it('should fail with 401 without a token and 404 for another brand’s member or conversation', async () => {
    const c = await createConversation();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/conversations/${c.id}?${q()}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/conversations/${c.id}?${q()}`, headers: team.outsider.headers })).statusCode).toBe(404);
    const theirs = await createConversation(team.outsider.headers, {}, team.other.id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/conversations/${theirs.id}?${q()}`, headers: asOwner() })).statusCode).toBe(404);
    // Still there for its own brand.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${theirs.id}?${q(team.other.id)}`, headers: team.outsider.headers })).statusCode,
    ).toBe(200);
  });
});

describe('conversation service for other doors (SMTP)', () => {
  it('appendMessage stores an emailed message with its source and sender; findConversationBrand names the owner', async () => {
    const c = await createConversation();
    expect(await findConversationBrand(t.ctx, c.id)).toBe(team.brand.id);
    expect(await findConversationBrand(t.ctx, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await findConversationBrand(t.ctx, 'not-a-uuid')).toBeUndefined();
    const message = await appendMessage(t.ctx, {
      brandId: team.brand.id,
      conversationId: c.id,
      role: 'user',
      content: 'Sent from my phone',
      source: 'email',
      metadata: { from_email: 'customer@example.org' },
    });
    expect(message).toMatchObject({ role: 'user', source: 'email', metadata: { from_email: 'customer@example.org' } });
    await expect(
      appendMessage(t.ctx, { brandId: team.other.id, conversationId: c.id, role: 'user', content: 'x' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('scale', () => {
  it('lists the first page quickly for a brand with 10,000 conversations and opens one with 5,000 messages', async () => {
    const brandId = team.other.id;
    await t.ctx.db.execute(sql`
      insert into conversations (brand_id, title, created_at, updated_at)
      select ${brandId}, 'Bulk ' || g, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
      from generate_series(1, 10000) g`);
    const big = await createConversation(team.outsider.headers, {}, brandId);
    await t.ctx.db.execute(sql`
      insert into messages (conversation_id, brand_id, role, content, created_at)
      select ${big.id}, ${brandId}, case when g % 2 = 0 then 'assistant' else 'user' end, 'Message ' || g, now()
      from generate_series(1, 5000) g`);
    const started = performance.now();
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/conversations?${q(brandId)}`, headers: team.outsider.headers });
    const listMs = performance.now() - started;
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(100);
    const opened = performance.now();
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${big.id}?${q(brandId)}`, headers: team.outsider.headers });
    const detailMs = performance.now() - opened;
    expect(detail.json().messages).toHaveLength(100);
    expect(detail.json().messages.at(-1).content).toBe('Message 5000');
    expect(listMs).toBeLessThan(1000);
    expect(detailMs).toBeLessThan(1000);
  });
});

describe('demo data', () => {
  it('gives every demo brand a few conversations, each brand with an emailed message', async () => {
    const demo = await createTestApp({ clock });
    try {
      const { seedDemo } = await import('../src/db/seed/index');
      const seeded = await seedDemo(demo.ctx);
      const { headers } = await loginAs(demo.app, 'demo@example.com', 'demo1234');
      for (const brandId of Object.values(seeded.brands)) {
        const list = (await demo.app.inject({ method: 'GET', url: `/api/v1/conversations?brand_id=${brandId}`, headers })).json() as Array<{ id: string; updatedAt: string }>;
        expect(list.length).toBeGreaterThanOrEqual(2);
        expect([...list].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))).toEqual(list);
        const details = await Promise.all(
          list.map(async (c) => (await demo.app.inject({ method: 'GET', url: `/api/v1/conversations/${c.id}?brand_id=${brandId}`, headers })).json()),
        );
        const emailed = details.flatMap((d) => d.messages).filter((m: { source: string }) => m.source === 'email');
        expect(emailed.length).toBeGreaterThan(0);
        expect(emailed[0].metadata.from_email).toMatch(/@/);
      }
    } finally {
      await demo.close();
    }
  });
});
