import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ChevronDownIcon, DashboardIcon, PlusIcon } from '@/components/ui/icons';
import { useCurrentUser } from '@/lib/auth/current-user';
import { horizontalMenuFor, type HorizontalItem, isCurrent, type NavLinkItem } from '../../navigation';

// Loaded only for those who see it (administrators, development): nothing in others' first load.
const DesignSystemPanel = lazy(() => import('./design-system-menu'));

/** The gallery's addresses (ADR 034), for marking the Design system menu as the current section. */
const GALLERY_PATH = /^\/(components|elements|forms|datatables|tables|charts|widgets|font-icons|dragndrop)(\/|$)/;
const itemClass = (active: boolean) =>
  `flex items-center gap-2 rounded-md px-3 py-2 text-sm ${
    active
      ? 'bg-blue-50 font-semibold text-blue-800 dark:bg-blue-950 dark:text-blue-200'
      : 'text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

/** A disclosure menu's state: open for the page it was opened on; Escape, a click or focus elsewhere close it. */
function useDisclosure(pathname: string) {
  // Open for the page it was opened on: navigating anywhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const container = ref.current;
    const close = () => setOpenOn(null);
    const onPointerDown = (event: PointerEvent) => {
      if (!container?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      buttonRef.current?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!container?.contains(event.relatedTarget as Node | null)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    container?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      container?.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  return { open, setOpenOn, ref, buttonRef };
}

/**
 * The header's horizontal menu (disclosure navigation pattern): the current page's link has
 * aria-current="page", and a parent menu holding it is marked as the current section.
 */
export function HorizontalMenu({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const me = useCurrentUser();
  return (
    <nav
      aria-label={t('nav.mainLabel')}
      className="print:hidden hidden border-t border-slate-200 lg:block dark:border-slate-800"
    >
      <ul className="mx-auto flex max-w-7xl flex-wrap items-center gap-1 px-4 py-1">
        {horizontalMenuFor(me.data?.roles ?? []).map((item) => (
          <li key={'to' in item ? item.to : item.id} className="relative">
            {'children' in item ? (
              <ParentMenu item={item} pathname={pathname} />
            ) : (
              <MenuLink item={item} pathname={pathname} />
            )}
          </li>
        ))}
        <li>
          <button type="button" onClick={onCreate} className={itemClass(false)}>
            <PlusIcon className="shrink-0" />
            {t('nav.create')}
          </button>
        </li>
      </ul>
    </nav>
  );
}

function MenuLink({ item, pathname, onNavigate }: { item: NavLinkItem; pathname: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const current = isCurrent(item.to, pathname);
  return (
    <Link to={item.to} aria-current={current ? 'page' : undefined} className={itemClass(current)} onClick={onNavigate}>
      <item.icon className="shrink-0" />
      {t(item.labelKey)}
    </Link>
  );
}

function ParentMenu({
  item,
  pathname,
}: {
  item: Extract<HorizontalItem, { children: NavLinkItem[] }>;
  pathname: string;
}) {
  const { t } = useTranslation();
  const { open, setOpenOn, ref, buttonRef } = useDisclosure(pathname);
  const listId = useId();
  const active = item.children.some((child) => isCurrent(child.to, pathname));

  return (
    <div ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-current={active ? 'true' : undefined}
        onClick={() => setOpenOn(open ? null : pathname)}
        className={itemClass(active)}
      >
        <item.icon className="shrink-0" />
        {t(item.labelKey)}
        <ChevronDownIcon
          className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute start-0 top-full z-30 mt-1 w-72 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {item.children.map((child) => (
          <li key={child.to}>
            <MenuLink item={child} pathname={pathname} onNavigate={() => setOpenOn(null)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The template's menus grouped under one "Design system" menu in the header (administrators,
 * and everyone in development): a disclosure whose panel loads when it first opens. The panel
 * spans the header (its containing block) below the bar.
 */
export function DesignSystemMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { open, setOpenOn, ref, buttonRef } = useDisclosure(pathname);
  const panelId = useId();
  const active = GALLERY_PATH.test(pathname);
  return (
    // A desktop tool: below md the header keeps its room for the product's own controls.
    <div ref={ref} className="hidden md:block">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-current={active ? 'true' : undefined}
        onClick={() => setOpenOn(open ? null : pathname)}
        className={itemClass(active)}
      >
        <DashboardIcon className="shrink-0" />
        <span className="sr-only xl:not-sr-only">{t('gallery.menu.label')}</span>
        <ChevronDownIcon
          className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-2 top-full z-30 mx-auto mt-1 max-h-[75vh] max-w-7xl overflow-y-auto rounded-md border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {open ? (
          <Suspense fallback={<p className="px-3 py-2">{t('app.loading')}</p>}>
            <DesignSystemPanel pathname={pathname} onNavigate={() => setOpenOn(null)} classOf={itemClass} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
