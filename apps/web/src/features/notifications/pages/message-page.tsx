import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, linkClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/lib/use-page-title';
import { useDeleteMessage, useReadMessage } from '../api/change-messages';
import { useMessage } from '../api/get-message';
import { RelativeTime } from '../components/relative-time';

/** /apps/mailbox/{id}: one message, marked read when opened, with the links it concerns. */
export function MessagePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const message = useMessage(id);
  const read = useReadMessage();
  const remove = useDeleteMessage();
  const navigate = useNavigate();
  const data = message.data;
  usePageTitle(data?.title ?? t('notifications.inbox.title'));

  const unreadId = data && !data.read ? data.id : undefined;
  const markRead = read.mutate;
  useEffect(() => {
    if (unreadId !== undefined) markRead(unreadId);
  }, [unreadId, markRead]);

  const back = (
    <Link to="/apps/mailbox" className={linkClasses}>
      {t('notifications.inbox.back')}
    </Link>
  );

  if (message.isPending) return <Spinner label={t('app.loading')} />;
  if (!data) {
    return (
      <section aria-labelledby="message-heading" className="max-w-3xl space-y-4">
        <h1 id="message-heading" className="text-3xl font-bold">
          {t('notifications.inbox.title')}
        </h1>
        <Alert tone="error">{t('notifications.inbox.notFound')}</Alert>
        {back}
      </section>
    );
  }

  return (
    <article aria-labelledby="message-heading" className="max-w-3xl space-y-4">
      {back}
      <h1 id="message-heading" className="text-2xl font-bold break-words sm:text-3xl">
        {data.title}
      </h1>
      <RelativeTime iso={data.time} className="text-sm text-slate-700 dark:text-slate-300" />
      <p className="break-words whitespace-pre-line">{data.body}</p>
      {data.links.length > 0 ? (
        <nav aria-labelledby="message-links">
          <h2 id="message-links" className="font-semibold">
            {t('notifications.inbox.concerns')}
          </h2>
          <ul className="mt-1 list-disc space-y-1 ps-6">
            {data.links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className={linkClasses}>
                  {t(`notifications.links.${link.kind}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {data.mail ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t(data.mail.sent ? 'notifications.inbox.mailSent' : 'notifications.inbox.mailQueued', { to: data.mail.to })}
        </p>
      ) : null}
      <Button
        variant="secondary"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(data.id, {
            onSuccess: () => void navigate('/apps/mailbox', { state: { deleted: true } }),
          })
        }
      >
        {t('notifications.inbox.delete')}
      </Button>
    </article>
  );
}
