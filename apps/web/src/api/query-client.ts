import { QueryClient } from '@tanstack/react-query';

/** The one TanStack Query client of the app; cleared on sign-out so no brand data outlives a session. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: 1,
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});
