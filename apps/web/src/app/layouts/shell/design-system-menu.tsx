import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentIcon } from '@/components/ui/icons';
import { GALLERY_LINKS, GALLERY_SECTIONS } from '@/features/gallery/gallery-index';
import { isCurrent } from '../../navigation';

/** A link of the design system menu (no icon: the menu is a dense list). */
export interface DesignSystemLink {
  labelKey: string;
  to: string;
}

export interface DesignSystemGroup {
  id: string;
  labelKey: string;
  items: DesignSystemLink[];
}

/**
 * The template's header menus (Apps, Components, Elements, Tables, Forms, Pages, More) as one
 * "Design system" menu (issue 13, ADR 034): only the routes that mean something here, the
 * demo apps that answer "not found" left out.
 */
export const DESIGN_SYSTEM_GROUPS: DesignSystemGroup[] = [
  { id: 'apps', labelKey: 'gallery.sections.apps', items: [{ labelKey: 'header.inbox', to: '/apps/mailbox' }] },
  ...GALLERY_SECTIONS.filter((section) => section.id !== 'more').map((section) => ({
    id: section.id,
    labelKey: `gallery.sections.${section.id}`,
    items: GALLERY_LINKS.filter((link) => link.section === section.id).map((link) => ({
      labelKey: link.titleKey,
      to: link.path,
    })),
  })),
  {
    id: 'pages',
    labelKey: 'gallery.sections.pages',
    items: [
      { labelKey: 'publicInfo.knowledgeBase.title', to: '/pages/knowledge-base' },
      { labelKey: 'publicInfo.faq.title', to: '/pages/faq' },
      { labelKey: 'publicInfo.contact.title', to: '/pages/contact-us-boxed' },
      { labelKey: 'publicInfo.comingSoon.title', to: '/pages/coming-soon-boxed' },
      { labelKey: 'publicInfo.maintenance.title', to: '/pages/maintenence' },
      { labelKey: 'publicInfo.errors.404.title', to: '/pages/error404' },
      { labelKey: 'publicInfo.errors.500.title', to: '/pages/error500' },
      { labelKey: 'publicInfo.errors.503.title', to: '/pages/error503' },
      { labelKey: 'auth.signIn.title', to: '/auth/boxed-signin' },
      { labelKey: 'auth.signUp.title', to: '/auth/boxed-signup' },
      { labelKey: 'auth.passwordReset.title', to: '/auth/boxed-password-reset' },
      { labelKey: 'auth.lock.title', to: '/auth/boxed-lockscreen' },
    ],
  },
  {
    id: 'more',
    labelKey: 'gallery.sections.more',
    items: [
      { labelKey: 'staff.nav.analytics', to: '/analytics' },
      ...GALLERY_LINKS.filter((link) => link.section === 'more').map((link) => ({
        labelKey: link.titleKey,
        to: link.path,
      })),
    ],
  },
];

/** The design system menu's documentation link: the project's README, served with the app. */
export const DOCUMENTATION_URL = '/README.md';

/**
 * The panel of the header's "Design system" menu (ADR 034): the template's menus as one list
 * of links per group, and the documentation link. Loaded when the menu first opens.
 */
export default function DesignSystemPanel({
  pathname,
  onNavigate,
  classOf,
}: {
  pathname: string;
  onNavigate: () => void;
  /** The header menu's link classes, current or not. */
  classOf: (current: boolean) => string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        {DESIGN_SYSTEM_GROUPS.map((group) => (
          <section key={group.id} aria-labelledby={`${id}-${group.id}`}>
            <h2 id={`${id}-${group.id}`} className="px-3 py-1 text-sm font-bold">
              {t(group.labelKey)}
            </h2>
            <ul>
              {group.items.map((link) => {
                const current = isCurrent(link.to, pathname);
                return (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      aria-current={current ? 'page' : undefined}
                      className={`${classOf(current)} py-1`}
                      onClick={onNavigate}
                    >
                      {t(link.labelKey)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
      <p className="mt-3 border-t border-slate-200 pt-2 dark:border-slate-700">
        <a href={DOCUMENTATION_URL} target="_blank" rel="noreferrer" className={classOf(false)}>
          <DocumentIcon className="shrink-0" />
          {t('gallery.menu.documentation')}
          <span className="sr-only"> {t('gallery.menu.newTab')}</span>
        </a>
      </p>
    </>
  );
}
