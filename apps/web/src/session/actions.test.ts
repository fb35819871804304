import type { Me } from '@console/contract/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearFavoriteBrand, login, logout, selectBrand, setFavoriteBrand } from './actions';
import { getSession, resetSessionFromStorage } from './store';

const demo: Me = {
  id: 'u1',
  name: 'Dana Demo',
  email: 'demo@example.com',
  created_at: '2026-01-01T00:00:00.000Z',
  role: 'user',
  roles: [],
  is_super_admin: false,
  brands: [
    { id: 'acme', name: 'Acme Robotics', role: 'owner', domain: null },
    { id: 'globex', name: 'Globex Support', role: 'admin', domain: null },
    { id: 'initech', name: 'Initech', role: 'viewer', domain: null },
  ],
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('session actions', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    resetSessionFromStorage();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  function answerLoginThenMe(me: Me | Response) {
    fetchMock.mockImplementation(async (url) => {
      if (String(url) === '/api/v1/auth/login') return json({ token: 'tok-9', user: demo });
      if (String(url) === '/api/v1/users/me') return me instanceof Response ? me : json(me);
      return json({ ok: true });
    });
  }

  it('login stores the token, fetches the user and selects the owned brand', async () => {
    answerLoginThenMe(demo);
    await login('demo@example.com', 'demo1234');
    expect(localStorage.getItem('console.token')).toBe('tok-9');
    expect(getSession()).toMatchObject({ status: 'ready', selectedBrandId: 'acme' });
    expect(getSession().user?.email).toBe('demo@example.com');
    const meCall = fetchMock.mock.calls.find(([url]) => url === '/api/v1/users/me');
    expect(meCall?.[1]?.headers).toMatchObject({ Authorization: 'Bearer tok-9' });
  });

  it("login keeps the favorite brand as the default when the user still belongs to it", async () => {
    localStorage.setItem('console.favoriteBrandId', 'initech');
    resetSessionFromStorage();
    answerLoginThenMe(demo);
    await login('demo@example.com', 'demo1234');
    expect(getSession().selectedBrandId).toBe('initech');
  });

  it("rejects with the server's error, else 'Login failed'", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: 'Invalid email or password', code: 'UNAUTHORIZED' }, 401));
    await expect(login('demo@example.com', 'bad')).rejects.toThrow('Invalid email or password');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(login('demo@example.com', 'bad')).rejects.toThrow('Login failed');
    expect(getSession()).toMatchObject({ token: null, status: 'signed-out' });
  });

  it("a failed user fetch after login leaves 'Failed to fetch user'", async () => {
    answerLoginThenMe(json({ error: 'Internal server error', code: 'INTERNAL' }, 500));
    await login('demo@example.com', 'demo1234');
    expect(getSession()).toMatchObject({ status: 'error', error: 'Failed to fetch user', user: null });
  });

  it('setting a favorite selects it; clearing it removes it and selects the first brand', async () => {
    answerLoginThenMe(demo);
    await login('demo@example.com', 'demo1234');
    setFavoriteBrand('initech');
    expect(getSession()).toMatchObject({ favoriteBrandId: 'initech', selectedBrandId: 'initech' });
    expect(localStorage.getItem('console.favoriteBrandId')).toBe('initech');
    clearFavoriteBrand();
    expect(getSession()).toMatchObject({ favoriteBrandId: null, selectedBrandId: 'acme' });
    expect(localStorage.getItem('console.favoriteBrandId')).toBeNull();
  });

  it("only a super admin may select 'all'", async () => {
    answerLoginThenMe(demo);
    await login('demo@example.com', 'demo1234');
    selectBrand('all');
    expect(getSession().selectedBrandId).toBe('acme');
    selectBrand('globex');
    expect(getSession().selectedBrandId).toBe('globex');

    answerLoginThenMe({ ...demo, role: 'super_admin', is_super_admin: true });
    await login('admin@example.com', 'admin1234');
    selectBrand('all');
    expect(getSession().selectedBrandId).toBe('all');
  });

  it('logout calls the server, clears token and selected brand and empties the user', async () => {
    answerLoginThenMe(demo);
    await login('demo@example.com', 'demo1234');
    await logout();
    expect(getSession()).toMatchObject({ token: null, user: null, selectedBrandId: null, status: 'signed-out' });
    expect(localStorage.getItem('console.token')).toBeNull();
    expect(localStorage.getItem('console.selectedBrandId')).toBeNull();
    const logoutCall = fetchMock.mock.calls.find(([url]) => url === '/api/v1/auth/logout');
    expect(logoutCall?.[1]).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer tok-9' } });
  });
});
