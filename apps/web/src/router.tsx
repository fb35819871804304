import { createBrowserRouter } from 'react-router';
import { ChatView } from './chat/ChatView';
import { AuthGate } from './shell/AuthGate';
import { RouteError } from './shell/RouteError';
import { Shell } from './shell/Shell';

/** SPEC §2 routes: `/` (no conversation) and `/:conversationId`, both behind the login gate. */
export const routes = [
  {
    path: '/',
    element: (
      <AuthGate>
        <Shell />
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
