import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { authConfigQueryOptions } from './lib/auth/auth-config';
import { initI18n } from './lib/i18n';
import { programProfileQueryOptions } from './lib/program-profile';
import { createQueryClient, prefetchAtMost } from './lib/query-client';
import { yieldToBrowser } from './lib/yield-to-browser';
import { applyDocumentSettings, loadSettings } from './lib/ui-settings';
import './styles.css';

// Theme and direction go on <html> before the first paint.
const settings = loadSettings();
applyDocumentSettings(settings);
// Everything the first page needs starts at once rather than one after the other: the
// language, the sign-in configuration and the program profile every page's shell shows, then
// the page's code (the router loads the route's chunk as it is created).
const translations = initI18n(settings.locale);
const queryClient = createQueryClient();
// The first page waits for the program profile as it waits for its words (both preloaded by
// index.html): pages show the program's names and facts, and text arriving after the first
// render would push the page down under the reader (layout shift).
const profile = prefetchAtMost(queryClient, programProfileQueryOptions());
void queryClient.prefetchQuery(authConfigQueryOptions());
// Creating the router (matching the address, starting the route's chunk and its loader) is a
// long piece of work on a slow phone: it runs in a task of its own, after the code's own
// evaluation, so neither holds back the browser for long (Lighthouse's total blocking time).
await yieldToBrowser();
const router = createRouter(queryClient);
await Promise.all([translations, profile]);
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
