import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useIntlFormat } from '@/lib/intl-format';
import { unavailableMessage } from '@/lib/unavailable-message';
import { useAnnouncements } from '../api/announcements';

/** The announcements sent, newest first: who sent each, when, to how many, in which languages. */
export function AnnouncementList() {
  const { t } = useTranslation();
  const intl = useIntlFormat();
  const announcements = useAnnouncements();
  const languageName = (code: string) => intl.languageName(code === 'ae' ? 'ar' : code) ?? code;

  return (
    <section aria-labelledby="sent-heading" className="max-w-3xl space-y-4">
      <h2 id="sent-heading" className="text-2xl font-bold">
        {t('announcements.list.heading')}
      </h2>
      {announcements.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : announcements.isError ? (
        <Alert tone="error">{unavailableMessage(t, announcements.error) ?? t('announcements.list.error')}</Alert>
      ) : announcements.data.length === 0 ? (
        <p>{t('announcements.list.empty')}</p>
      ) : (
        <ul className="space-y-4">
          {announcements.data.map((announcement) => (
            <li
              key={announcement.id}
              className="rounded-md border border-slate-300 p-4 break-words dark:border-slate-600"
            >
              <h3 className="text-lg font-semibold">{announcement.title}</h3>
              <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold">{t('announcements.list.sentAt')}</dt>
                <dd>{intl.dateTime(new Date(announcement.sentAt))}</dd>
                <dt className="font-semibold">{t('announcements.list.sentBy')}</dt>
                <dd>{announcement.sentBy}</dd>
                <dt className="font-semibold">{t('announcements.list.audience')}</dt>
                <dd>
                  {t('announcements.list.delivered', {
                    delivered: intl.number(announcement.delivered),
                    audience: intl.number(announcement.audience),
                  })}
                </dd>
                <dt className="font-semibold">{t('announcements.list.languages')}</dt>
                <dd>{intl.list(announcement.languages.map(languageName))}</dd>
                <dt className="font-semibold">{t('announcements.list.filters')}</dt>
                <dd>
                  {intl.list([
                    ...announcement.filters.counties,
                    ...announcement.filters.providerTypes.map((type) => t(`staff.providerType.${type}`)),
                    ...announcement.filters.statuses.map((status) => t(`announcements.status.${status}`)),
                    ...(announcement.filters.withOpenings ? [t('announcements.filters.withOpenings')] : []),
                  ]) || t('announcements.list.everyone')}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
