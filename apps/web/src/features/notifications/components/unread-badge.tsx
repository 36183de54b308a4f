import { useTranslation } from 'react-i18next';

/** The count on a header button: seen as a number, heard as "Unread: 3". */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">{t('notifications.unread', { count })}</span>
    </>
  );
}
