import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useIntlFormat } from '@/lib/intl-format';

/** A queue's pages: previous, where we are, next. */
export function QueuePager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  return (
    <nav aria-label={t('staff.queue.pagination')} className="flex flex-wrap items-center gap-4">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('staff.queue.previous')}
      </Button>
      <span>{t('staff.queue.pageOf', { page: format.number(page), pages: format.number(pages) })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('staff.queue.next')}
      </Button>
    </nav>
  );
}
