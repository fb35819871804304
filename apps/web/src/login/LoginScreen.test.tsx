import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionFromStorage } from '../session/store';
import { LoginScreen } from './LoginScreen';

describe('LoginScreen', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    resetSessionFromStorage();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the fields, the Sign In button and the demo hint line', () => {
    render(<LoginScreen />);
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText(/Demo account:/)).toHaveTextContent('Demo account: demo@example.com / demo1234');
  });

  it('requires email and password before sending anything', async () => {
    render(<LoginScreen />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("clears a field's message once the user edits it", async () => {
    render(<LoginScreen />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await userEvent.type(screen.getByLabelText('Email'), 'd');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('rejects an email that is not email-shaped', async () => {
    render(<LoginScreen />);
    await userEvent.type(screen.getByLabelText('Email'), 'demo.example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Signing in...' while busy, then the server's error", async () => {
    let answer: ((response: Response) => void) | undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(<LoginScreen />);
    await userEvent.type(screen.getByLabelText('Email'), 'demo@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    answer?.(new Response(JSON.stringify({ error: 'Invalid email or password', code: 'UNAUTHORIZED' }), { status: 401, headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(fetchMock.mock.calls[0][1]?.body).toBe('{"email":"demo@example.com","password":"wrong"}');
  });

  it("shows 'Login failed' when the server gives no error", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<LoginScreen />);
    await userEvent.type(screen.getByLabelText('Email'), 'demo@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });
});
