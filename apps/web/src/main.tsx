import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { applyDocumentSettings, loadSettings } from './lib/ui-settings';
import './styles.css';

// Theme and direction go on <html> before the first paint; the language loads next.
const settings = loadSettings();
applyDocumentSettings(settings);
await initI18n(settings.locale);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={createRouter()} />
    </AppProvider>
  </StrictMode>,
);
