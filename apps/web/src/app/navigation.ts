import type { Role } from '@ccap/contracts';
import type { ComponentType, SVGProps } from 'react';
import {
  BuildingIcon,
  CogIcon,
  DashboardIcon,
  DocumentIcon,
  HomeIcon,
  InfoIcon,
  PhoneIcon,
  SearchIcon,
} from '@/components/ui/icons';

export interface NavLinkItem {
  /** i18n key of the label. */
  labelKey: string;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

export interface NavGroup {
  id: string;
  labelKey: string;
  items: NavLinkItem[];
}

/** Each destination once: the sidebar and the horizontal menu both list from here. */
const LINKS = {
  home: { labelKey: 'nav.home', to: '/', icon: HomeIcon },
  dashboard: { labelKey: 'nav.dashboard', to: '/dashboard', icon: DashboardIcon },
  providerSearch: { labelKey: 'nav.providerSearch', to: '/ProviderSearch', icon: SearchIcon },
  eligibility: { labelKey: 'nav.eligibility', to: '/childcareEligibilityInfo', icon: InfoIcon },
  documentsAndForms: { labelKey: 'nav.documentsAndForms', to: '/documentandforms', icon: DocumentIcon },
  contactUs: { labelKey: 'nav.contactUs', to: '/contactUsComponent', icon: PhoneIcon },
  licensedProviderInfo: { labelKey: 'nav.licensedProviderInfo', to: '/LicensedProviderInfo', icon: BuildingIcon },
} satisfies Record<string, NavLinkItem>;

/** The staff workspace (issue #9): shown only to service workers and administrators. */
const STAFF_LINKS = {
  queue: { labelKey: 'staff.nav.queue', to: '/staff', icon: DocumentIcon },
  analytics: { labelKey: 'staff.nav.analytics', to: '/analytics', icon: DashboardIcon },
  audit: { labelKey: 'staff.nav.audit', to: '/staff/audit', icon: SearchIcon },
  admin: { labelKey: 'staff.nav.admin', to: '/staff/admin', icon: CogIcon },
  announcements: { labelKey: 'staff.nav.announcements', to: '/staff/admin/announcements', icon: InfoIcon },
} satisfies Record<string, NavLinkItem>;

/** The staff links a user's roles open; none for an applicant. */
export function staffLinksFor(roles: readonly Role[]): NavLinkItem[] {
  const admin = roles.includes('administrator');
  if (!admin && !roles.includes('service-worker')) return [];
  return [
    STAFF_LINKS.queue,
    STAFF_LINKS.analytics,
    ...(admin ? [STAFF_LINKS.audit, STAFF_LINKS.admin, STAFF_LINKS.announcements] : []),
  ];
}

/** The sidebar's groups for a user: the staff group first for staff. */
export function sidebarGroupsFor(roles: readonly Role[]): NavGroup[] {
  const staff = staffLinksFor(roles);
  return staff.length > 0
    ? [{ id: 'staff', labelKey: 'staff.nav.group', items: staff }, ...SIDEBAR_GROUPS]
    : SIDEBAR_GROUPS;
}

/** Administrators see the design system menu, and so does everyone in development. */
export function showsDesignSystem(roles: readonly Role[], development: boolean = import.meta.env.DEV): boolean {
  return development || roles.includes('administrator');
}

/** The header menu for a user: a Staff menu for staff, the Design system one for administrators. */
export function horizontalMenuFor(roles: readonly Role[]): HorizontalItem[] {
  const staff = staffLinksFor(roles);
  return staff.length > 0
    ? [...HORIZONTAL_MENU, { id: 'staff', labelKey: 'staff.nav.group', icon: CogIcon, children: staff }]
    : HORIZONTAL_MENU;
}

/** The sidebar of spec section 2: the Dashboard group; the Application group's Create is a dialog. */
export const SIDEBAR_GROUPS: NavGroup[] = [
  {
    id: 'dashboard',
    labelKey: 'nav.groups.dashboard',
    items: [
      LINKS.dashboard,
      LINKS.providerSearch,
      LINKS.eligibility,
      LINKS.documentsAndForms,
      LINKS.contactUs,
      LINKS.licensedProviderInfo,
    ],
  },
];

/** The header's horizontal menu: top-level links, and parent menus whose children are links. */
export type HorizontalItem =
  NavLinkItem | { id: string; labelKey: string; icon: NavLinkItem['icon']; children: NavLinkItem[] };

export const HORIZONTAL_MENU: HorizontalItem[] = [
  LINKS.home,
  LINKS.dashboard,
  LINKS.providerSearch,
  {
    id: 'information',
    labelKey: 'nav.groups.information',
    icon: InfoIcon,
    children: [LINKS.eligibility, LINKS.documentsAndForms, LINKS.licensedProviderInfo, LINKS.contactUs],
  },
];

/** The two application types of the Create dialog, leading to the spec's dialog routes. */
export const APPLICATION_TYPES = [
  { labelKey: 'createApplication.registered', to: '/registeredapplication/registration/registeredprovider' },
  { labelKey: 'createApplication.unregistered', to: '/registeredapplication/registration/unregisteredprovider' },
] as const;

/** True when `pathname` is the link's page (home only on an exact match). */
export function isCurrent(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/' || pathname === '/home';
  return pathname === to || pathname.startsWith(`${to}/`);
}
