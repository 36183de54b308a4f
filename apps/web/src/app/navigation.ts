import type { ComponentType, SVGProps } from 'react';
import {
  BuildingIcon,
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

/** The sidebar of spec section 2: the Dashboard group; the Application group's Create is a dialog. */
export const SIDEBAR_GROUPS: NavGroup[] = [
  {
    id: 'dashboard',
    labelKey: 'nav.groups.dashboard',
    items: [
      { labelKey: 'nav.dashboard', to: '/dashboard', icon: DashboardIcon },
      { labelKey: 'nav.providerSearch', to: '/ProviderSearch', icon: SearchIcon },
      { labelKey: 'nav.eligibility', to: '/childcareEligibilityInfo', icon: InfoIcon },
      { labelKey: 'nav.documentsAndForms', to: '/documentandforms', icon: DocumentIcon },
      { labelKey: 'nav.contactUs', to: '/contactUsComponent', icon: PhoneIcon },
      { labelKey: 'nav.licensedProviderInfo', to: '/LicensedProviderInfo', icon: BuildingIcon },
    ],
  },
];

/** The header's horizontal menu: top-level links, and parent menus whose children are links. */
export type HorizontalItem =
  NavLinkItem | { id: string; labelKey: string; icon: NavLinkItem['icon']; children: NavLinkItem[] };

export const HORIZONTAL_MENU: HorizontalItem[] = [
  { labelKey: 'nav.home', to: '/', icon: HomeIcon },
  { labelKey: 'nav.dashboard', to: '/dashboard', icon: DashboardIcon },
  { labelKey: 'nav.providerSearch', to: '/ProviderSearch', icon: SearchIcon },
  {
    id: 'information',
    labelKey: 'nav.groups.information',
    icon: InfoIcon,
    children: [
      { labelKey: 'nav.eligibility', to: '/childcareEligibilityInfo', icon: InfoIcon },
      { labelKey: 'nav.documentsAndForms', to: '/documentandforms', icon: DocumentIcon },
      { labelKey: 'nav.licensedProviderInfo', to: '/LicensedProviderInfo', icon: BuildingIcon },
      { labelKey: 'nav.contactUs', to: '/contactUsComponent', icon: PhoneIcon },
    ],
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
