import { useEffect, type ReactNode } from 'react';
import { LoginScreen } from '../login/LoginScreen';
import { useSession } from '../session/hooks';
import { LoadingState } from '../ui/Spinner';

/** SPEC §2: unauthenticated visitors see only the login screen; the user is fetched once a token exists. */
export function AuthGate({ children }: { children: ReactNode }) {
  const { status, user, error, reloadUser, logout } = useSession();

  useEffect(() => {
    if (status === 'loading' && !user) void reloadUser();
  }, [status, user, reloadUser]);

  if (status === 'signed-out') return <LoginScreen />;
  if (status === 'error') {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
        <div role="alert" className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <p className="text-sm font-medium text-red-700">{error ?? 'Failed to fetch user'}</p>
          <div className="mt-4 flex justify-center gap-2">
            <button type="button" onClick={() => void reloadUser()} className="btn btn-primary">
              Try again
            </button>
            <button type="button" onClick={() => void logout()} className="btn btn-secondary">
              Sign out
            </button>
          </div>
        </div>
      </div>
    );
  }
  if (!user) return <LoadingState label="Loading your account" className="min-h-dvh" />;
  return <>{children}</>;
}
