import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { lookupsQueryOptions } from './features/application/api/get-lookups';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { applyDocumentSettings, loadSettings } from './lib/ui-settings';
import './styles.css';

// Theme and direction go on <html> before the first paint; the language loads next.
const settings = loadSettings();
applyDocumentSettings(settings);
await initI18n(settings.locale);
// The application's lookups (counties, categories, relationships…) are fetched once at start-up
// and kept for the visit, so the wizard opens without waiting for them.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(lookupsQueryOptions());
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={createRouter()} />
    </AppProvider>
  </StrictMode>,
);
