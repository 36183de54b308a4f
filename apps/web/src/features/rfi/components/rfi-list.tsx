import type { Rfi, RfiDocument } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Button, linkClasses } from '@/components/ui/button';
import { formatRfiDate } from '../rfi-format';
import { RfiStatusLine } from './rfi-status';

export interface RfiListProps {
  rfis: Rfi[];
  /** Each request's heading: h3 on the RFI page, h4 inside the staff review page's section. */
  itemHeading?: 'h3' | 'h4';
  /** Staff of the county: each pending RFI offers "Mark completed". */
  canComplete: boolean;
  completingId: number | undefined;
  onComplete: (rfi: Rfi) => void;
  onDownload: (document: RfiDocument) => void;
  /** What the list says when there is none (the application's words by default). */
  emptyText?: string;
}

/** An RFI's files, each a button that downloads it. */
function RfiDocumentLinks({
  documents,
  onDownload,
}: {
  documents: RfiDocument[];
  onDownload: (document: RfiDocument) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="mt-1 space-y-1">
      {documents.map((document) => (
        <li key={document.rfiDocumentId}>
          <button
            type="button"
            className={`${linkClasses} min-h-11 text-start break-all`}
            onClick={() => onDownload(document)}
          >
            {document.documentName}
            <span className="sr-only"> {t('rfi.item.download')}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Spec section 2: the earlier RFIs, newest first, each with its status, date, creator and blocks. */
export function RfiList({
  rfis,
  itemHeading: ItemHeading = 'h3',
  canComplete,
  completingId,
  onComplete,
  onDownload,
  emptyText,
}: RfiListProps) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatRfiDate(value, i18n.language);
  if (rfis.length === 0) return <p>{emptyText ?? t('rfi.list.empty')}</p>;
  return (
    <ol className="space-y-4">
      {rfis.map((rfi) => {
        const titleId = `rfi-${rfi.rfiId}-title`;
        return (
          <li key={rfi.rfiId}>
            <article
              aria-labelledby={titleId}
              className="space-y-3 rounded-lg border border-slate-300 p-4 dark:border-slate-600"
            >
              <RfiStatusLine rfi={rfi} />
              <ItemHeading id={titleId} className="text-lg font-semibold">
                <time dateTime={rfi.createdDate}>{date(rfi.createdDate)}</time>
              </ItemHeading>
              <p>
                {t('rfi.item.createdBy')} <span className="font-semibold">{rfi.createdByName || rfi.createdBy}</span>
              </p>
              {rfi.status === 'pending' ? (
                <p>{t('rfi.item.due', { date: date(rfi.dueDate) })}</p>
              ) : rfi.completedDate ? (
                <p>{t('rfi.item.completedOn', { date: date(rfi.completedDate) })}</p>
              ) : null}
              <dl className="space-y-3">
                {rfi.serviceWorkerComment ? (
                  <div>
                    <dt className="font-semibold">{t('rfi.item.requested')}</dt>
                    <dd className="whitespace-pre-line break-words">{rfi.serviceWorkerComment}</dd>
                  </div>
                ) : null}
                {rfi.applicantComment ? (
                  <div>
                    <dt className="font-semibold">{t('rfi.item.response')}</dt>
                    <dd className="whitespace-pre-line break-words">{rfi.applicantComment}</dd>
                  </div>
                ) : null}
                {rfi.documents.length > 0 ? (
                  <div>
                    <dt className="font-semibold">{t('rfi.item.documents')}</dt>
                    <dd>
                      <RfiDocumentLinks documents={rfi.documents} onDownload={onDownload} />
                    </dd>
                  </div>
                ) : null}
              </dl>
              {canComplete && rfi.status === 'pending' ? (
                <Button variant="secondary" onClick={() => onComplete(rfi)} disabled={completingId === rfi.rfiId}>
                  {t('rfi.item.markCompleted')}
                  <span className="sr-only"> {t('rfi.item.markCompletedOf', { date: date(rfi.createdDate) })}</span>
                </Button>
              ) : null}
            </article>
          </li>
        );
      })}
    </ol>
  );
}
