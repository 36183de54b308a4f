import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import { HelpLine } from '../components/help-line';

export type StatusLayout = 'boxed' | 'cover';

/**
 * A page that tells the user something is not available (coming soon, maintenance, an error),
 * always with a way home and the program's phone number.
 */
export function StatusPage({
  title,
  heading,
  body,
  eyebrow,
  layout = 'boxed',
  children,
}: {
  title: string;
  heading: string;
  body: string;
  /** A short line above the heading, like "Error 404". */
  eyebrow?: string;
  layout?: StatusLayout;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  usePageTitle(title);
  const frame =
    layout === 'cover'
      ? 'rounded-2xl bg-blue-800 px-6 py-16 text-white sm:px-12 sm:py-24 dark:bg-blue-950 [&_a]:text-white'
      : 'mx-auto max-w-xl rounded-2xl border border-slate-300 p-6 text-center shadow-sm sm:p-10 dark:border-slate-600';
  return (
    <article aria-labelledby="status-heading" className={`space-y-5 ${frame}`}>
      {eyebrow ? <p className="text-lg font-semibold tracking-wide uppercase">{eyebrow}</p> : null}
      <h1 id="status-heading" className="text-3xl font-bold sm:text-4xl">
        {heading}
      </h1>
      <p className="text-lg">{body}</p>
      {children}
      <HelpLine />
      <p>
        <Link
          to="/"
          className={
            layout === 'cover'
              ? 'inline-flex min-h-11 items-center rounded-md bg-white px-4 py-2 font-semibold text-blue-900! no-underline hover:bg-blue-50'
              : buttonClasses('primary')
          }
        >
          {t('publicInfo.common.home')}
        </Link>
      </p>
    </article>
  );
}
