import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CogIcon, MenuIcon } from '@/components/ui/icons';
import { UserArea } from '@/features/identity/components/user-area';
import { useAuth } from '@/lib/auth/auth-context';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useProgramNames } from '@/lib/program-profile';
import { useUiSettings } from '@/lib/ui-settings-context';
import { showsDesignSystem } from '../../navigation';
import { DesignSystemMenu, HorizontalMenu } from './horizontal-menu';
import { LanguageMenu } from './language-menu';
import { SIDEBAR_ID } from './sidebar';
import { ThemeToggle } from './theme-toggle';

// Signed-in users only: the lists and their polling stay out of the public pages' first load.
const InboxMenus = lazy(() => import('./inbox-menus').then((module) => ({ default: module.InboxMenus })));

const NAVBAR_CLASSES = {
  'navbar-sticky': 'sticky top-0',
  'navbar-floating': 'sticky top-2 mx-2 mt-2 rounded-lg shadow-md',
  // Relative, not static: the design system menu's panel spans the header.
  'navbar-static': 'relative',
} as const;

export function Header({
  sidebarOpen,
  onToggleSidebar,
  onOpenCustomizer,
  onCreate,
}: {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  onOpenCustomizer: () => void;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const { productName } = useProgramNames();
  const { user } = useAuth();
  const { settings } = useUiSettings();
  const me = useCurrentUser();

  return (
    <header
      className={`${settings.semidark ? 'dark text-slate-100' : ''} ${NAVBAR_CLASSES[settings.navbar]} z-30 border-b border-slate-200 bg-white/95 print:hidden dark:border-slate-800 dark:bg-slate-900/95`}
    >
      <div className="flex items-center gap-1 px-2 py-2 sm:gap-2 sm:px-4">
        <button
          type="button"
          onClick={onToggleSidebar}
          aria-controls={SIDEBAR_ID}
          aria-expanded={sidebarOpen}
          className="rounded-md p-2 hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800"
        >
          <MenuIcon />
          <span className="sr-only">{t('nav.openMenu')}</span>
        </button>
        <Link to="/" className="flex min-w-0 items-center gap-2 font-semibold text-blue-800 dark:text-blue-300">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="hidden truncate md:inline">{productName ?? t('app.name')}</span>
          <span className="sr-only md:hidden">{t('nav.home')}</span>
        </Link>
        <div className="ms-auto flex items-center gap-0.5 sm:gap-1">
          {showsDesignSystem(me.data?.roles ?? []) ? <DesignSystemMenu /> : null}
          <ThemeToggle />
          <LanguageMenu />
          {user ? (
            <Suspense fallback={null}>
              <InboxMenus />
            </Suspense>
          ) : null}
          <button
            type="button"
            onClick={onOpenCustomizer}
            className="rounded-full p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <CogIcon />
            <span className="sr-only">{t('settings.open')}</span>
          </button>
          <UserArea />
        </div>
      </div>
      {settings.menu === 'horizontal' ? <HorizontalMenu onCreate={onCreate} /> : null}
    </header>
  );
}
