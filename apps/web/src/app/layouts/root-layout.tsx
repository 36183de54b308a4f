import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { SessionTimeout } from '@/features/auth/components/session-timeout';
import { UserArea } from '@/features/auth/components/user-area';
import { useProgramProfile } from '@/lib/program-profile';

/** The page frame: skip link, header, main landmark and the footer with the agency line. */
export function RootLayout() {
  const { t } = useTranslation();
  const profile = useProgramProfile();
  const year = new Date().getFullYear();

  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-blue-800"
      >
        {t('app.skipToContent')}
      </a>
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 font-semibold text-blue-800 dark:text-blue-300">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span>{profile.data?.productName ?? t('app.name')}</span>
          </Link>
          <UserArea />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none">
        <Suspense fallback={<Spinner label={t('app.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
        {t('app.footer', { year, company: profile.data?.agencyName ?? '' })}
      </footer>
      <SessionTimeout />
      <ScrollRestoration />
    </div>
  );
}
