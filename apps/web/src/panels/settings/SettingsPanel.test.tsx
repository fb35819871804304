import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, TEST_BRANDS, testUser } from '../../test-utils';
import { maskApiKey } from './api-key-display';
import { SettingsPanel } from './SettingsPanel';

const [OWNER, ADMIN, VIEWER] = TEST_BRANDS;
const NEW_KEY = 'bk_NEWKEY_abcdefghijklmnopqrstuvwxyz0123456789AB';

function stubApi(opts: { regenerate?: 'ok' | 'fail' } = {}) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url.pathname}`);
      if (url.pathname.endsWith('/regenerate-key')) {
        return opts.regenerate === 'fail' ? jsonResponse({ error: 'no', code: 'INTERNAL' }, 500) : jsonResponse({ id: OWNER.id, name: OWNER.name, apiKey: NEW_KEY });
      }
      if (url.pathname === '/api/v1/users/me') {
        return jsonResponse(testUser({ brands: [{ ...OWNER, apiKey: NEW_KEY }, ADMIN, VIEWER] }));
      }
      if (url.pathname.endsWith('/domains')) return jsonResponse({ domains: [] });
      if (url.pathname.includes('providers')) return jsonResponse({ providers: [] });
      return jsonResponse({});
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('maskApiKey', () => {
  it('shows the first 8 and last 4 characters only', () => {
    const key = 'bk_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const masked = maskApiKey(key);
    expect(masked.startsWith('bk_abcde')).toBe(true);
    expect(masked.endsWith('DEFG')).toBe(true);
    expect(masked).not.toContain('fghij');
    expect(masked).toBe('bk_abcde••••••••DEFG');
  });
});

describe('SettingsPanel', () => {
  it('shows brand name, id with copy, own role, the masked key with show/hide and the Configured badge', async () => {
    stubApi();
    renderWithApp(<SettingsPanel />);
    expect(screen.getByText('Acme Robotics')).toBeInTheDocument();
    expect(screen.getByTestId('brand-id')).toHaveTextContent(OWNER.id);
    expect(screen.getByRole('button', { name: 'Copy brand ID' })).toBeInTheDocument();
    expect(screen.getByText('owner')).toBeInTheDocument();
    expect(screen.getByTestId('api-key')).toHaveTextContent(maskApiKey(OWNER.apiKey!));
    await userEvent.click(screen.getByRole('button', { name: 'Show API key' }));
    expect(screen.getByTestId('api-key')).toHaveTextContent(OWNER.apiKey!);
    await userEvent.click(screen.getByRole('button', { name: 'Hide API key' }));
    expect(screen.getByTestId('api-key')).toHaveTextContent(maskApiKey(OWNER.apiKey!));
    expect(screen.getByRole('button', { name: 'Copy API key' })).toBeInTheDocument();
    expect(screen.getByText('Configured')).toBeInTheDocument();
  });

  it('offers Regenerate to owners only', () => {
    stubApi();
    const { unmount } = renderWithApp(<SettingsPanel />, { brandId: ADMIN.id });
    expect(screen.getByTestId('api-key')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regenerate API Key' })).not.toBeInTheDocument();
    unmount();
    renderWithApp(<SettingsPanel />, { brandId: VIEWER.id });
    expect(screen.queryByTestId('api-key')).not.toBeInTheDocument();
  });

  it('regenerates after the confirmation, says so and refetches the user', async () => {
    const calls = stubApi();
    renderWithApp(<SettingsPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate API Key' }));
    expect(screen.getByText('Are you sure you want to regenerate the API key? This will invalidate the current key.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('API Key regenerated successfully! Please update your applications.')).toBeInTheDocument();
    expect(calls).toContain(`POST /api/v1/support/brands/${OWNER.id}/regenerate-key`);
    await waitFor(() => expect(screen.getByTestId('api-key')).toHaveTextContent(maskApiKey(NEW_KEY)));
  });

  it('does nothing when the confirmation is cancelled, and shows the failure text on error', async () => {
    const calls = stubApi({ regenerate: 'fail' });
    renderWithApp(<SettingsPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate API Key' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.endsWith('/regenerate-key'))).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate API Key' }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Failed to regenerate API key. Please try again.')).toBeInTheDocument();
  });

  it("says 'No brand selected' without a brand", () => {
    stubApi();
    renderWithApp(<SettingsPanel />, { brandId: null });
    expect(screen.getByText('No brand selected')).toBeInTheDocument();
  });
});
