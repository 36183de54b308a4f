import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { authConfigQueryOptions } from './lib/auth/auth-config';
import { initI18n } from './lib/i18n';
import { programProfileQueryOptions } from './lib/program-profile';
import { createQueryClient, prefetchAtMost } from './lib/query-client';
import { applyDocumentSettings, loadSettings } from './lib/ui-settings';
import './styles.css';

// Theme and direction go on <html> before the first paint.
const settings = loadSettings();
applyDocumentSettings(settings);
// Everything the first page needs starts at once rather than one after the other: the
// language, the page's code (the router loads the route's chunk as it is created), the
// sign-in configuration and the program profile every page's shell shows.
const translations = initI18n(settings.locale);
const queryClient = createQueryClient();
const router = createRouter(queryClient);
void queryClient.prefetchQuery(authConfigQueryOptions());
// The first page waits for the program profile as it waits for its words (both preloaded by
// index.html): pages show the program's names and facts, and text arriving after the first
// render would push the page down under the reader (layout shift).
await Promise.all([translations, prefetchAtMost(queryClient, programProfileQueryOptions())]);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition, so React renders the first page in slices and yields to the browser between
// them, rather than in one long task that would hold back input.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  ),
);
