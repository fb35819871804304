import type { Me } from '@console/contract/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, resetSessionFromStorage, updateSession } from '../session/store';
import { ApiError, apiFetch, apiUrl } from './client';

function json(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

const user: Me = { id: 'u1', name: 'Dana', email: 'demo@example.com', created_at: '2026-01-01T00:00:00.000Z', role: 'user', roles: [], is_super_admin: false, brands: [] };

describe('apiFetch', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.setItem('console.token', 'tok-1');
    resetSessionFromStorage();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('prefixes /api/v1, adds the query and the bearer token, and returns the JSON body', async () => {
    fetchMock.mockResolvedValue(json({ tickets: [] }));
    const result = await apiFetch<{ tickets: unknown[] }>('/tickets', { query: { brand_id: 'b1', page: 1, status: undefined, q: null } });
    expect(result).toEqual({ tickets: [] });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/tickets?brand_id=b1&page=1');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok-1' });
  });

  it('sends a JSON body with its content type', async () => {
    fetchMock.mockResolvedValue(json({ id: 'd1' }, 201));
    await apiFetch('/domains', { method: 'POST', body: { domain: 'acme.test' } });
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"domain":"acme.test"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('keeps /api/ paths as they are', () => {
    expect(apiUrl('/api/health')).toBe('/api/health');
  });

  it("throws ApiError with the body's error and code on a non-2xx answer", async () => {
    fetchMock.mockResolvedValue(json({ error: 'Domain already exists', code: 'CONFLICT' }, 409, 'Conflict'));
    const error = await apiFetch('/domains', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Domain already exists' });
  });

  it('falls back to the HTTP status text when the body has no error field', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiFetch('/x')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('signs a signed-in user out on 401', async () => {
    updateSession({ user, status: 'ready', selectedBrandId: 'b1' });
    fetchMock.mockResolvedValue(json({ error: 'Unauthorized', code: 'UNAUTHORIZED' }, 401));
    await expect(apiFetch('/tickets')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toMatchObject({ token: null, user: null, status: 'signed-out', selectedBrandId: null });
    expect(localStorage.getItem('console.token')).toBeNull();
  });
});
