import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { ArrowUpIcon } from '@/components/ui/icons';
import { prefersReducedMotion } from '@/lib/ui-settings';

/** Spec section 9: the main loader shows for 500 ms at start. */
export const START_LOADER_MS = 500;
/** Spec section 9: the back-to-top button shows after scrolling more than 50px. */
export const BACK_TO_TOP_THRESHOLD = 50;

/** The full-screen loader of the first 500 ms. */
export function StartLoader() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(false), START_LOADER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div
      data-testid="start-loader"
      className="fixed inset-0 z-[60] flex items-center justify-center bg-white dark:bg-slate-950 print:hidden"
    >
      <span
        aria-hidden="true"
        className="size-12 animate-spin rounded-full border-4 border-slate-300 border-t-blue-700 motion-reduce:animate-none"
      />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}

/**
 * What the router shows while the first page's code is still on its way (its HydrateFallback):
 * index.html's spinner, in the same place, so the page goes from that spinner to itself rather
 * than through a blank screen (on a slow phone network, half a second of it). The words are
 * loaded by now (main.tsx renders after them), so a screen reader hears that the page loads.
 */
export function FirstPageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center">
      <svg
        aria-hidden="true"
        className="size-12 animate-spin text-blue-700 motion-reduce:animate-none"
        viewBox="0 0 48 48"
        fill="none"
      >
        <circle cx="24" cy="24" r="20" stroke="currentColor" strokeOpacity="0.25" strokeWidth="6" />
        <path d="M24 4a20 20 0 0 1 20 20" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}

/** A spinner over the page while the next route's code or data loads. */
export function NavigationOverlay() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-50 flex justify-center print:hidden">
      <span className="mt-2 flex items-center gap-2 rounded-full bg-white px-4 py-2 shadow-lg dark:bg-slate-800">
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-blue-700 motion-reduce:animate-none"
        />
        {t('app.loading')}
      </span>
    </div>
  );
}

export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD);
    // No reading of scrollY at mount: a page starts at the top, and one the browser or the router
    // puts back lower down gets a scroll event. Read here, it made the browser lay out the whole
    // page inside the first render's task (16 ms of a 50 ms task in a wizard load's profile).
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      data-testid="back-to-top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
      className="fixed end-4 bottom-4 z-30 rounded-full bg-blue-700 p-3 text-white shadow-lg hover:bg-blue-800 print:hidden dark:bg-blue-500 dark:text-slate-950"
    >
      <ArrowUpIcon />
      <span className="sr-only">{t('app.backToTop')}</span>
    </button>
  );
}
