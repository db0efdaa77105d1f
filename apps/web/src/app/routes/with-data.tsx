import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { Outlet } from 'react-router';
import { meQueryOptions, seedMe } from '../../features/auth/api/get-me';
import { onSignedIn } from '../../features/auth/lib/signed-in';
import { createQueryClient } from '../../lib/query-client';

// One cache for the whole visit: the login page and the staff area share it (both mount this
// layout), so signing in and landing on the dashboard keep what was fetched; a full load of a staff
// page starts it with the account the shell asked for early.
let client: QueryClient | undefined;
const getQueryClient = () => (client ??= seedMe(createQueryClient()));

// A sign-in in this app (the login page reached by client navigation): nothing cached for a previous
// account may leak into this one, and the account just signed in is known already.
onSignedIn((user) => {
  const queryClient = getQueryClient();
  queryClient.clear();
  if (user) queryClient.setQueryData(meQueryOptions().queryKey, user);
});

/**
 * TanStack Query and the toaster, for the pages that use them: the staff area and the login page.
 * A layout route instead of the root, so the public pages never download either (ADR 0010).
 */
export default function WithData() {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <Outlet />
      {/* react-hot-toast's defaults are the product's: at most 20 toasts, 4 s errors, 2 s successes. */}
      <Toaster position="top-right" containerClassName="toaster" />
    </QueryClientProvider>
  );
}
