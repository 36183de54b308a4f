import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { lookupsQueryOptions } from '@/api/get-lookups';
import { SessionTimeout } from '@/features/identity/components/session-timeout';
import { useAuth } from '@/lib/auth/auth-context';
import { useProgramNames } from '@/lib/program-profile';
import { useUiSettings } from '@/lib/ui-settings-context';
import { whenIdle } from '@/lib/when-idle';
import { Header } from './shell/header';
import { BackToTop, NavigationOverlay, StartLoader } from './shell/page-chrome';
import { Sidebar } from './shell/sidebar';

/**
 * After a client-side page change, focus moves to the page (as a full load would put the
 * reader at its top), except on the first render and when the page put focus somewhere itself.
 */
function useFocusMainOnNavigation(pathname: string) {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById('main');
    if (main && (document.activeElement === document.body || !main.contains(document.activeElement))) {
      main.focus({ preventScroll: true });
    }
  }, [pathname]);
}

// Loaded when first opened: they are not needed to show a page.
const CreateApplicationDialog = lazy(async () => ({
  default: (await import('./shell/create-application-dialog')).CreateApplicationDialog,
}));
const Customizer = lazy(async () => ({ default: (await import('./shell/customizer')).Customizer }));

/**
 * The portal's shell: skip link, header (menus, theme, language, account), sidebar, the page
 * with its route transition, and the footer with the agency line.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const { agencyName } = useProgramNames();
  const { settings } = useUiSettings();
  const { user } = useAuth();
  const location = useLocation();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  const year = new Date().getFullYear();
  useFocusMainOnNavigation(location.pathname);
  // The application's lookups (counties, categories, relationships…) are fetched once per visit
  // for a signed-in user, when the browser is idle, so the wizard and dashboard open without
  // waiting for them; a visitor who is not signed in never needs them.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!user) return;
    return whenIdle(() => void queryClient.prefetchQuery(lookupsQueryOptions()));
  }, [user, queryClient]);

  return (
    <div className={`min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100`}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-[70] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-blue-800"
      >
        {t('app.skipToContent')}
      </a>
      <StartLoader />
      <NavigationOverlay />
      <div className={`flex min-h-dvh ${settings.layout === 'boxed-layout' ? 'mx-auto max-w-7xl shadow-sm' : ''}`}>
        {sidebarOpen ? (
          <div
            aria-hidden="true"
            className="fixed inset-0 z-30 bg-slate-950/50 lg:hidden"
            onClick={() => setSidebarOpen(false)}
          />
        ) : null}
        <Sidebar
          open={sidebarOpen}
          showOnLarge={settings.menu !== 'horizontal'}
          collapsed={settings.menu === 'collapsible-vertical'}
          semidark={settings.semidark}
          onClose={() => setSidebarOpen(false)}
          onCreate={() => setCreating(true)}
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <Header
            sidebarOpen={sidebarOpen}
            onToggleSidebar={() => setSidebarOpen((open) => !open)}
            onOpenCustomizer={() => setCustomizing(true)}
            onCreate={() => setCreating(true)}
          />
          <main id="main" tabIndex={-1} className="w-full flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8">
            <div
              key={location.pathname}
              className={`mx-auto max-w-6xl route-${settings.animation} motion-reduce:animate-none`}
            >
              <Suspense fallback={<Spinner label={t('app.loading')} />}>
                <Outlet />
              </Suspense>
            </div>
          </main>
          <footer className="border-t border-slate-200 px-4 py-6 text-center text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
            {t('app.footer', { year, company: agencyName ?? t('app.agency') })}
          </footer>
        </div>
      </div>
      <Suspense fallback={null}>
        {creating ? <CreateApplicationDialog open onClose={() => setCreating(false)} /> : null}
        {customizing ? <Customizer open onClose={() => setCustomizing(false)} /> : null}
      </Suspense>
      <BackToTop />
      <SessionTimeout />
      <ScrollRestoration />
    </div>
  );
}
