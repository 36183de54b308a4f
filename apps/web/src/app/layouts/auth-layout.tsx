import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '@/components/ui/spinner';

/** The login layout: only its outlet, centred (spec section 2), for the sign-in pages. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-xl flex-1 px-4 py-10 focus:outline-none">
        <Suspense fallback={<Spinner label={t('app.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <ScrollRestoration />
    </div>
  );
}
