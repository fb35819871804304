import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { AuthGate } from './shell/AuthGate';
import { RouteError } from './shell/RouteError';
import { LoadingState } from './ui/Spinner';

// The signed-in console is its own chunk: a visitor's first screen (login) loads only the gate.
const Shell = lazy(() => import('./shell/Shell').then((m) => ({ default: m.Shell })));
const ChatView = lazy(() => import('./chat/ChatView').then((m) => ({ default: m.ChatView })));

const loading = <LoadingState label="Loading the console" className="min-h-dvh" />;

/** SPEC §2 routes: `/` (no conversation) and `/:conversationId`, both behind the login gate. */
export const routes = [
  {
    path: '/',
    element: (
      <AuthGate>
        <Suspense fallback={loading}>
          <Shell />
        </Suspense>
      </AuthGate>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <ChatView /> },
      { path: ':conversationId', element: <ChatView /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
