import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

/** Renders the real route table at a path, with real i18n and a fresh query cache. */
export async function renderRoute(path: string) {
  await initI18n('en');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}
