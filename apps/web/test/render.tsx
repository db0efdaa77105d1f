import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { i18n } from '../src/lib/i18n';

type StubRoutes = Parameters<typeof createRoutesStub>[0];

/** Renders route components the way the app does: router, query client, i18n. */
export function renderRoutes(routes: StubRoutes, initialEntries: (string | { pathname: string; state?: unknown })[] = ['/']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const Stub = createRoutesStub(routes);
  const ui: ReactElement = (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Stub initialEntries={initialEntries} />
      </QueryClientProvider>
    </I18nextProvider>
  );
  return { ...render(ui), queryClient };
}
