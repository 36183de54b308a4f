import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useCurrentUser } from '@/lib/auth/current-user';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 ${isActive ? 'bg-blue-50 font-semibold text-blue-800 dark:bg-blue-950 dark:text-blue-200' : 'text-blue-800 underline hover:no-underline dark:text-blue-300'}`;

/** The staff workspace's own links; the administrators' pages only for administrators. */
export function StaffNav() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const admin = me.data?.roles.includes('administrator') ?? false;
  return (
    <nav aria-label={t('staff.nav.label')}>
      <ul className="flex flex-wrap gap-2">
        <li>
          <NavLink to="/staff" end className={linkClass}>
            {t('staff.nav.queue')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/staff/exports" className={linkClass}>
            {t('exports.pageTitle')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/analytics" className={linkClass}>
            {t('staff.nav.analytics')}
          </NavLink>
        </li>
        {admin ? (
          <>
            <li>
              <NavLink to="/staff/audit" className={linkClass}>
                {t('staff.nav.audit')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/staff/admin" end className={linkClass}>
                {t('staff.nav.admin')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/staff/admin/announcements" className={linkClass}>
                {t('staff.nav.announcements')}
              </NavLink>
            </li>
          </>
        ) : null}
      </ul>
    </nav>
  );
}
