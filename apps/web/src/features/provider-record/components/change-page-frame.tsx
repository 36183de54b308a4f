import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { linkClasses } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * A change's page, the provider's or the staff's: the link back to where it was reached from,
 * its heading (the page's title too), then what the page shows.
 */
export function ChangePageFrame({
  title,
  backTo,
  backLabel,
  children,
}: {
  title: string;
  backTo: string;
  backLabel: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="space-y-6">
      <p>
        <Link to={backTo} className={linkClasses}>
          {backLabel}
        </Link>
      </p>
      <h1 className="text-3xl font-bold">{title}</h1>
      {children}
    </div>
  );
}
