import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { CloseIcon, PlusIcon } from '@/components/ui/icons';
import { useProgramNames } from '@/lib/program-profile';
import { useCurrentUser } from '@/lib/auth/current-user';
import { sidebarGroupsFor } from '../../navigation';

export const SIDEBAR_ID = 'sidebar';
/** Spec section 2: below 1024px choosing a link closes the sidebar. */
export const SIDEBAR_BREAKPOINT = 1024;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-md px-3 py-2 ${
    isActive
      ? 'bg-blue-50 font-semibold text-blue-800 dark:bg-blue-950 dark:text-blue-200'
      : 'text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

export function Sidebar({
  open,
  showOnLarge,
  collapsed,
  semidark,
  onClose,
  onCreate,
}: {
  /** Dark in the light theme too (customizer's "semidark"). */
  semidark: boolean;
  /** Shown over the page on small screens (the header's menu button toggles it). */
  open: boolean;
  /** Shown beside the page on wide screens (vertical menus; the horizontal one replaces it). */
  showOnLarge: boolean;
  /** collapsible-vertical: icons only on wide screens. */
  collapsed: boolean;
  onClose: () => void;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const { productName } = useProgramNames();
  const me = useCurrentUser();
  const closeOnSmallScreens = () => {
    if (window.innerWidth < SIDEBAR_BREAKPOINT) onClose();
  };

  return (
    <nav
      id={SIDEBAR_ID}
      aria-label={t('nav.sidebarLabel')}
      className={`${semidark ? 'dark text-slate-100' : ''} ${open ? 'flex' : 'hidden'} ${showOnLarge ? 'lg:flex' : 'lg:hidden'} print:hidden fixed inset-y-0 start-0 z-40 w-72 flex-col border-e border-slate-200 bg-white shadow-lg lg:static lg:z-auto lg:shadow-none dark:border-slate-800 dark:bg-slate-900 ${
        collapsed ? 'lg:w-20' : 'lg:w-64'
      }`}
    >
      <div className="flex items-center justify-between gap-2 px-4 py-4">
        <p className={`font-semibold text-blue-800 dark:text-blue-300 ${collapsed ? 'lg:sr-only' : ''}`}>
          {productName ?? t('app.name')}
        </p>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md p-2 hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800"
        >
          <CloseIcon />
          <span className="sr-only">{t('nav.closeMenu')}</span>
        </button>
      </div>
      <div className="flex-1 overflow-y-auto px-3 pb-6">
        {sidebarGroupsFor(me.data?.roles ?? []).map((group) => (
          <section key={group.id} aria-labelledby={`nav-group-${group.id}`} className="mb-4">
            <h2
              id={`nav-group-${group.id}`}
              className={`px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400 ${collapsed ? 'lg:sr-only' : ''}`}
            >
              {t(group.labelKey)}
            </h2>
            <ul className="space-y-1">
              {group.items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end className={linkClass} onClick={closeOnSmallScreens}>
                    <item.icon className="shrink-0" />
                    <span className={collapsed ? 'lg:sr-only' : ''}>{t(item.labelKey)}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="nav-group-application">
          <h2
            id="nav-group-application"
            className={`px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400 ${collapsed ? 'lg:sr-only' : ''}`}
          >
            {t('nav.groups.application')}
          </h2>
          <button
            type="button"
            onClick={() => {
              closeOnSmallScreens();
              onCreate();
            }}
            className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-start text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <PlusIcon className="shrink-0" />
            <span className={collapsed ? 'lg:sr-only' : ''}>{t('nav.create')}</span>
          </button>
        </section>
      </div>
    </nav>
  );
}
