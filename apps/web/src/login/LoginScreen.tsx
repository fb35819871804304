import { AlertCircle, Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSession } from '../session/hooks';
import { validateLogin, type LoginFieldErrors } from './validate-login';

/** CONTRACT §Running: the demo account the hint line shows. */
export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo1234';

/** SPEC §2/§5 login screen: email, password, 'Sign In', demo hint; checks fields before sending. */
export function LoginScreen() {
  const { login } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const errors = validateLogin(email, password);
    setFieldErrors(errors);
    setError(null);
    if (errors.email || errors.password) return;
    setBusy(true);
    try {
      await login(email.trim(), password);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'Login failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-slate-50 to-slate-100 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 flex size-12 items-center justify-center rounded-xl bg-blue-600 text-white shadow-sm">
            <Sparkles aria-hidden="true" size={24} />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Brand Console</h1>
          <p className="mt-1 text-sm text-slate-600">Sign in to your account</p>
        </div>

        <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          {error && (
            <div role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
              <AlertCircle aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
              <span>{error}</span>
            </div>
          )}
          <div>
            <label htmlFor="login-email" className="field-label">
              Email
            </label>
            <input
              id="login-email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setFieldErrors((errors) => ({ ...errors, email: undefined }));
              }}
              aria-invalid={fieldErrors.email ? true : undefined}
              aria-describedby={fieldErrors.email ? 'login-email-error' : undefined}
              placeholder="you@company.com"
              className="input"
            />
            {fieldErrors.email && (
              <p id="login-email-error" className="mt-1.5 text-sm text-red-700">
                {fieldErrors.email}
              </p>
            )}
          </div>
          <div>
            <label htmlFor="login-password" className="field-label">
              Password
            </label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setFieldErrors((errors) => ({ ...errors, password: undefined }));
              }}
              aria-invalid={fieldErrors.password ? true : undefined}
              aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
              className="input"
            />
            {fieldErrors.password && (
              <p id="login-password-error" className="mt-1.5 text-sm text-red-700">
                {fieldErrors.password}
              </p>
            )}
          </div>
          <button type="submit" disabled={busy} className="btn btn-primary w-full py-2.5">
            {busy ? 'Signing in...' : 'Sign In'}
          </button>
        </form>

        <p className="mt-4 text-center text-sm text-slate-600">
          Demo account: <span className="font-medium text-slate-800">{DEMO_EMAIL}</span> / <span className="font-medium text-slate-800">{DEMO_PASSWORD}</span>
        </p>
      </div>
    </div>
  );
}
