import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/use-page-title';
import { AnnouncementForm } from '../components/announcement-form';
import { AnnouncementList } from '../components/announcement-list';

/** /staff/admin/announcements (administrators only): write to providers, and the announcements sent. */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  usePageTitle(t('announcements.title'));
  return (
    <div className="space-y-10">
      <h1 className="text-3xl font-bold">{t('announcements.title')}</h1>
      <p className="max-w-3xl">{t('announcements.intro')}</p>
      <AnnouncementForm />
      <AnnouncementList />
    </div>
  );
}
