import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../src/clock';
import { storeEmail } from '../src/modules/mail/service';
import { rotateApiKey } from '../src/modules/brands/service';
import { buildBrand, buildBrandWithTeam, buildUser, createTestApp, loginAs, type TestApp } from './helpers/app';

const clock = fakeClock(new Date('2026-11-20T12:00:00Z'));
const DAY = 24 * 60 * 60_000;
let t: TestApp;
let team: Awaited<ReturnType<typeof buildBrandWithTeam>>;
const ids: Record<string, string> = {};

async function mail(brandId: string, opts: { folder?: string; subject: string; read?: boolean; daysAgo: number; attachment?: boolean }) {
  const { email } = await storeEmail(t.ctx, {
    brandId,
    folder: opts.folder ?? 'inbox',
    fromAddress: 'customer@example.test',
    fromName: 'A Customer',
    toAddresses: ['support@brand.test'],
    subject: opts.subject,
    textBody: `Body of ${opts.subject}\n\nSecond paragraph.`,
    messageId: null,
    auth: null,
    read: opts.read ?? false,
    receivedAt: new Date(clock.now().getTime() - opts.daysAgo * DAY),
    attachments: opts.attachment ? [{ filename: 'invoice.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 demo') }] : [],
  });
  return email.id;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  team = await buildBrandWithTeam(t);
  const b = team.brand.id;
  // Inbox: 3 in the last 7 days (2 unread), 2 in the 7 days before (1 unread); 1 older.
  ids.newest = await mail(b, { subject: 'Newest', daysAgo: 0.5, attachment: true });
  ids.recent2 = await mail(b, { subject: 'Recent two', daysAgo: 2 });
  ids.recent3 = await mail(b, { subject: 'Recent three', daysAgo: 3, read: true });
  ids.prev1 = await mail(b, { subject: 'Previous one', daysAgo: 9 });
  ids.prev2 = await mail(b, { subject: 'Previous two', daysAgo: 10, read: true });
  ids.old = await mail(b, { subject: 'Old', daysAgo: 40, read: true });
  ids.sent = await mail(b, { folder: 'sent', subject: 'Our reply', daysAgo: 1, read: true });
  ids.draft = await mail(b, { folder: 'drafts', subject: 'Draft', daysAgo: 1, read: true });
  ids.otherBrand = await mail(team.other.id, { subject: 'Other brand mail', daysAgo: 1 });
});
afterAll(() => t?.close());

const keyHeaders = (apiKey: string, brandId: string) => ({ 'x-api-key': apiKey, 'x-brand-id': brandId });

describe('mail API with the brand API key', () => {
  it('lists the four folders with unread and total counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mail/folders', headers: keyHeaders(team.brand.apiKey, team.brand.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      folders: [
        { id: 'inbox', name: 'Inbox', unreadCount: 3, totalCount: 6 },
        { id: 'sent', name: 'Sent', unreadCount: 0, totalCount: 1 },
        { id: 'drafts', name: 'Drafts', unreadCount: 0, totalCount: 1 },
        { id: 'archive', name: 'Archive', unreadCount: 0, totalCount: 0 },
      ],
    });
  });

  it('lists a folder newest first with SPEC §3 Email fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mail/inbox?folder=inbox&limit=2', headers: keyHeaders(team.brand.apiKey, team.brand.id) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ page: 1, limit: 2, total: 6 });
    expect(body.emails).toEqual([
      {
        id: ids.newest,
        from: 'customer@example.test',
        fromName: 'A Customer',
        subject: 'Newest',
        preview: 'Body of Newest Second paragraph.',
        read: false,
        hasAttachments: true,
        receivedAt: new Date(clock.now().getTime() - 0.5 * DAY).toISOString(),
        folder: 'inbox',
      },
      expect.objectContaining({ id: ids.recent2, hasAttachments: false }),
    ]);
    const sent = await t.app.inject({ method: 'GET', url: '/api/mail/inbox?folder=sent', headers: keyHeaders(team.brand.apiKey, team.brand.id) });
    expect(sent.json().emails.map((e: { id: string }) => e.id)).toEqual([ids.sent]);
  });

  it('reads unread with the count shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/mail/inbox/unread?brand_id=${team.brand.id}`, headers: { 'x-api-key': team.brand.apiKey } });
    expect(res.statusCode).toBe(200);
    // 3 inbox mails in the last 7 days against 2 the week before: +50 %.
    expect(res.json()).toEqual({ count: 3, total: 6, trend: 50, unread: 3 });
  });

  it('should fail with 401 without a key, with a wrong key, or with another brand key', async () => {
    const cases = [
      { 'x-brand-id': team.brand.id },
      keyHeaders('bk_' + 'A'.repeat(43), team.brand.id),
      keyHeaders(team.other.apiKey, team.brand.id),
      keyHeaders(team.brand.apiKey, team.other.id),
      { 'x-api-key': team.brand.apiKey },
    ];
    for (const headers of cases) {
      for (const url of ['/api/mail/folders', '/api/mail/inbox?folder=inbox', '/api/mail/inbox/unread']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json().code).toBe('UNAUTHORIZED');
      }
    }
  });

  it('should fail with 401 once the key was regenerated', async () => {
    const brand = await buildBrand(t.ctx);
    await rotateApiKey(t.ctx, brand.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/mail/folders', headers: keyHeaders(brand.apiKey, brand.id) });
    expect(res.statusCode).toBe(401);
  });

  it('should fail with 400 naming the field for an unknown folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mail/inbox?folder=spam', headers: keyHeaders(team.brand.apiKey, team.brand.id) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'querystring.folder' }] });
  });
});

describe('mail API for signed-in members', () => {
  it('gives any member, viewers too, the folders and a folder listing', async () => {
    const folders = await t.app.inject({ method: 'GET', url: `/api/v1/mail/folders?brand_id=${team.brand.id}`, headers: team.members.viewer.headers });
    expect(folders.statusCode).toBe(200);
    expect(folders.json().folders[0]).toEqual({ id: 'inbox', name: 'Inbox', unreadCount: 3, totalCount: 6 });
    const inbox = await t.app.inject({ method: 'GET', url: `/api/v1/mail/inbox?brand_id=${team.brand.id}&folder=drafts`, headers: team.members.viewer.headers });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().emails.map((e: { subject: string }) => e.subject)).toEqual(['Draft']);
  });

  it('answers the Unread Emails card with {count, total, trend}', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/mail/inbox/unread?brand_id=${team.brand.id}`, headers: team.members.agent.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 3, total: 6, trend: 50 });
  });

  it('aggregates every brand for a super admin with brand_id=all, and refuses it to others with 403', async () => {
    const admin = await buildUser(t.ctx, { superAdmin: true });
    const { headers } = await loginAs(t.app, admin.email);
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/mail/inbox/unread?brand_id=all', headers });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ count: 4, total: 7, trend: 100 * (4 - 2) / 2 });
    const owner = await t.app.inject({ method: 'GET', url: '/api/v1/mail/inbox/unread?brand_id=all', headers: team.members.owner.headers });
    expect(owner.statusCode).toBe(403);
  });

  it('should fail with 401 without a token and 404 for a member of another brand, on every route', async () => {
    const b = team.brand.id;
    const routes: Array<{ method: 'GET' | 'POST'; url: string }> = [
      { method: 'GET', url: `/api/v1/mail/folders?brand_id=${b}` },
      { method: 'GET', url: `/api/v1/mail/inbox?brand_id=${b}` },
      { method: 'GET', url: `/api/v1/mail/inbox/unread?brand_id=${b}` },
      { method: 'GET', url: `/api/v1/mail/emails/${ids.prev1}?brand_id=${b}` },
      { method: 'POST', url: `/api/v1/mail/emails/${ids.prev1}/archive?brand_id=${b}` },
    ];
    for (const route of routes) {
      const anonymous = await t.app.inject({ ...route });
      expect(anonymous.statusCode, route.url).toBe(401);
      const outsider = await t.app.inject({ ...route, headers: team.outsider.headers });
      expect(outsider.statusCode, route.url).toBe(404);
    }
  });

  it('opening a mail returns its body and marks it read', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/mail/emails/${ids.newest}?brand_id=${team.brand.id}`, headers: team.members.viewer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ids.newest,
      read: true,
      text: 'Body of Newest\n\nSecond paragraph.',
      to: ['support@brand.test'],
      attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', size: 13 }],
    });
    const unread = await t.app.inject({ method: 'GET', url: `/api/v1/mail/inbox/unread?brand_id=${team.brand.id}`, headers: team.members.viewer.headers });
    expect(unread.json().count).toBe(2);
  });

  it('downloads an attachment as a file, for any member; 401 without a token, 404 across brands and mails', async () => {
    const opened = await t.app.inject({ method: 'GET', url: `/api/v1/mail/emails/${ids.newest}?brand_id=${team.brand.id}`, headers: team.members.viewer.headers });
    const attachmentId = opened.json().attachments[0].id as string;
    const url = (mailId: string, brandId = team.brand.id) => `/api/v1/mail/emails/${mailId}/attachments/${attachmentId}?brand_id=${brandId}`;

    const res = await t.app.inject({ method: 'GET', url: url(ids.newest), headers: team.members.viewer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('%PDF-1.4 demo');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''invoice.pdf");
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    expect((await t.app.inject({ method: 'GET', url: url(ids.newest) })).statusCode).toBe(401);
    const outsider = await t.app.inject({ method: 'GET', url: url(ids.newest), headers: team.outsider.headers });
    expect(outsider.statusCode).toBe(404);
    const ownBrandWrongMail = await t.app.inject({ method: 'GET', url: url(ids.recent2), headers: team.members.owner.headers });
    expect(ownBrandWrongMail.statusCode).toBe(404);
    expect(ownBrandWrongMail.json()).toEqual({ error: 'Attachment not found', code: 'NOT_FOUND' });
    const viaOtherBrand = await t.app.inject({ method: 'GET', url: url(ids.newest, team.other.id), headers: team.outsider.headers });
    expect(viaOtherBrand.json()).toEqual({ error: 'Attachment not found', code: 'NOT_FOUND' });
  });

  it("should answer 404 for another brand's mail id, as for a missing one", async () => {
    const theirs = await t.app.inject({ method: 'GET', url: `/api/v1/mail/emails/${ids.otherBrand}?brand_id=${team.brand.id}`, headers: team.members.owner.headers });
    const missing = await t.app.inject({ method: 'GET', url: `/api/v1/mail/emails/00000000-0000-4000-8000-000000000000?brand_id=${team.brand.id}`, headers: team.members.owner.headers });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(theirs.json()).toEqual({ error: 'Email not found', code: 'NOT_FOUND' });
  });

  it('archives a mail for agents and above; viewers get 403', async () => {
    const viewer = await t.app.inject({ method: 'POST', url: `/api/v1/mail/emails/${ids.prev1}/archive?brand_id=${team.brand.id}`, headers: team.members.viewer.headers });
    expect(viewer.statusCode).toBe(403);
    const agent = await t.app.inject({ method: 'POST', url: `/api/v1/mail/emails/${ids.prev1}/archive?brand_id=${team.brand.id}`, headers: team.members.agent.headers });
    expect(agent.statusCode).toBe(200);
    expect(agent.json()).toMatchObject({ id: ids.prev1, folder: 'archive' });
    const folders = await t.app.inject({ method: 'GET', url: `/api/v1/mail/folders?brand_id=${team.brand.id}`, headers: team.members.agent.headers });
    expect(folders.json().folders).toEqual([
      { id: 'inbox', name: 'Inbox', unreadCount: 1, totalCount: 5 },
      { id: 'sent', name: 'Sent', unreadCount: 0, totalCount: 1 },
      { id: 'drafts', name: 'Drafts', unreadCount: 0, totalCount: 1 },
      { id: 'archive', name: 'Archive', unreadCount: 1, totalCount: 1 },
    ]);
  });
});
