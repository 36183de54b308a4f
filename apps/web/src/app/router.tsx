import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { providerSearchSettingsQuery } from '@/features/providers/api/get-search-options';
import { ProviderSearchRoute } from '@/features/providers/pages/provider-search-route';
import { programProfileQueryOptions } from '@/lib/program-profile';
import { prefetchAtMost } from '@/lib/query-client';
import { AuthLayout } from './layouts/auth-layout';
import { RootLayout } from './layouts/root-layout';
import { FirstPageLoading } from './layouts/shell/page-chrome';
import { NotFoundRoute } from './routes/not-found';
import { OwnApplicationRedirect, WithApplicationId } from './routes/own-application';
import { RequireAuth } from './routes/require-auth';
import { RequireRole } from './routes/require-role';

const home = async () => ({ Component: (await import('@/features/home/home-page')).HomePage });
const signIn = async () => ({ Component: (await import('@/features/identity/pages/sign-in-page')).SignInPage });
const signUp = async () => ({ Component: (await import('@/features/identity/pages/sign-up-page')).SignUpPage });
const passwordReset = async () => ({
  Component: (await import('@/features/identity/pages/password-reset-page')).PasswordResetPage,
});
const lockScreen = async () => ({
  Component: (await import('@/features/identity/pages/lock-screen-page')).LockScreenPage,
});

// The RFI page; a missing or 0 application id opens the user's own application.
const rfi = async () => {
  const { RfiPage } = await import('@/features/rfi/pages/rfi-page');
  return {
    Component: () => (
      <WithApplicationId to="rfi-v1">
        <RfiPage />
      </WithApplicationId>
    ),
  };
};

// The design system gallery (ADR 034): one lazy chunk for every gallery page, with the
// feature components app/ hands it; nothing of it in the first load of the product's pages.
const gallery = async () => {
  const [{ GalleryPage }, { FEATURE_SPECIMEN_COMPONENTS }] = await Promise.all([
    import('@/features/gallery/gallery-page'),
    import('./gallery-specimens'),
  ]);
  return {
    Component: () => <GalleryPage featureSpecimens={FEATURE_SPECIMEN_COMPONENTS} notFound={<NotFoundRoute />} />,
  };
};

/**
 * Every route of the portal. Pages load lazily so the first load carries only what it shows;
 * the query client lets a page's first data be read beside its code.
 */
/**
 * The provider search: its heading and lead at once (in the first load), the search below them
 * once its code has come with what it reads first. Whether the directory is demonstration data
 * decides a notice above the form: read beside the page's code, so that the notice does not
 * arrive after the form and push it down under the reader (a layout shift of 0.1 on a phone,
 * Lighthouse measured). So is the program profile (usually loaded already): its search defaults
 * fill the form. The settings' query is in the first load (a few lines), so that its request
 * leaves with the page's code instead of after a chunk of its own.
 */
function providerSearchRoute(queryClient: QueryClient) {
  const Search = lazy(async () => {
    const [{ ProviderSearchPage }] = await Promise.all([
      import('@/features/providers/pages/provider-search-page'),
      prefetchAtMost(queryClient, providerSearchSettingsQuery()),
      prefetchAtMost(queryClient, programProfileQueryOptions()),
    ]);
    return { default: ProviderSearchPage };
  });
  return function ProviderSearch() {
    return <ProviderSearchRoute Search={Search} />;
  };
}

export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    // The login layout: only the outlet, while the browser is on its way to or from the IdP.
    element: <AuthLayout />,
    HydrateFallback: FirstPageLoading,
    children: [
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('@/features/identity/pages/login-page')).LoginPage }),
      },
      {
        path: 'login/callback',
        lazy: async () => ({
          Component: (await import('@/features/identity/pages/login-callback-page')).LoginCallbackPage,
        }),
      },
    ],
  },
  {
    element: <RootLayout />,
    // Until the first page's lazy code is in: the start spinner, not a blank screen.
    HydrateFallback: FirstPageLoading,
    children: [
      { index: true, lazy: home },
      { path: 'home', lazy: home },
      {
        path: 'auth',
        children: [
          { path: 'boxed-signin', lazy: signIn },
          { path: 'cover-login', lazy: signIn },
          { path: 'boxed-signup', lazy: signUp },
          { path: 'cover-register', lazy: signUp },
          { path: 'boxed-password-reset', lazy: passwordReset },
          { path: 'cover-password-reset', lazy: passwordReset },
          { path: 'boxed-lockscreen', lazy: lockScreen },
          { path: 'cover-lockscreen', lazy: lockScreen },
          {
            path: 'confirm-email',
            lazy: async () => ({
              Component: (await import('@/features/identity/pages/confirm-email-page')).ConfirmEmailPage,
            }),
          },
          {
            path: 'signout',
            lazy: async () => ({ Component: (await import('@/features/identity/pages/sign-out-page')).SignOutPage }),
          },
          {
            path: 'signed-out',
            lazy: async () => ({
              Component: (await import('@/features/identity/pages/signed-out-page')).SignedOutPage,
            }),
          },
          {
            path: 'error',
            lazy: async () => ({
              Component: (await import('@/features/identity/pages/auth-error-page')).AuthErrorPage,
            }),
          },
        ],
      },
      // Public information pages (spec section 2) and the template's /pages/* as real pages.
      {
        path: 'childcareEligibilityInfo',
        lazy: async () => ({
          Component: (await import('@/features/public-info/eligibility/eligibility-page')).EligibilityPage,
        }),
      },
      {
        path: 'documentandforms',
        lazy: async () => ({
          Component: (await import('@/features/public-info/documents/documents-page')).DocumentsPage,
        }),
      },
      {
        path: 'contactUsComponent',
        lazy: async () => ({ Component: (await import('@/features/public-info/contact/contact-page')).ContactPage }),
      },
      {
        path: 'LicensedProviderInfo',
        lazy: async () => ({
          Component: (await import('@/features/public-info/licensed/licensed-provider-page')).LicensedProviderPage,
        }),
      },
      {
        path: 'pages',
        children: [
          {
            path: 'faq',
            lazy: async () => ({ Component: (await import('@/features/public-info/pages/faq-page')).FaqPage }),
          },
          {
            path: 'knowledge-base',
            lazy: async () => ({
              Component: (await import('@/features/public-info/pages/knowledge-base-page')).KnowledgeBasePage,
            }),
          },
          {
            path: 'contact-us-boxed',
            lazy: async () => ({
              Component: (await import('@/features/public-info/contact/contact-page')).ContactBoxedPage,
            }),
          },
          {
            path: 'contact-us-cover',
            lazy: async () => ({
              Component: (await import('@/features/public-info/contact/contact-page')).ContactCoverPage,
            }),
          },
          ...(
            [
              ['coming-soon-boxed', 'ComingSoonBoxedPage'],
              ['coming-soon-cover', 'ComingSoonCoverPage'],
              ['maintenence', 'MaintenancePage'],
              ['error404', 'Error404Page'],
              ['error500', 'Error500Page'],
              ['error503', 'Error503Page'],
            ] as const
          ).map(([path, name]) => ({
            path,
            lazy: async () => ({ Component: (await import('@/features/public-info/pages/status-pages'))[name] }),
          })),
        ],
      },
      { path: 'ProviderSearch', Component: providerSearchRoute(queryClient) },
      // Reachable by address for everyone (sample data only); the header lists it for
      // administrators and in development.
      // The page list itself loads with the gallery: an unknown page answers "not found".
      ...[
        'components/*',
        'elements/*',
        'tables',
        'datatables/*',
        'forms/*',
        'dragndrop',
        'charts',
        'font-icons',
        'widgets',
      ].map((path) => ({ path, lazy: gallery })),
      {
        path: 'dev/mail',
        lazy: async () => ({ Component: (await import('@/features/dev-mail/dev-mail-page')).DevMailPage }),
      },
      {
        // Login required from here on.
        element: <RequireAuth />,
        children: [
          {
            path: 'users/profile',
            lazy: async () => ({ Component: (await import('@/features/identity/pages/profile-page')).ProfilePage }),
          },
          {
            path: 'users/user-account-settings',
            lazy: async () => ({
              Component: (await import('@/features/identity/pages/account-settings-page')).AccountSettingsPage,
            }),
          },
          // Spec routes of features still being built: they already need a signed-in user, and
          // say "coming soon" until their issue lands.
          {
            path: 'dashboard',
            lazy: async () => ({
              Component: (await import('@/features/application/pages/dashboard-page')).DashboardPage,
            }),
          },
          {
            path: 'my-provider-record',
            lazy: async () => ({
              Component: (await import('@/features/provider-record/pages/my-provider-record-page'))
                .MyProviderRecordPage,
            }),
          },
          {
            path: 'my-provider-record/changes/new',
            lazy: async () => ({
              Component: (await import('@/features/provider-record/pages/new-change-page')).NewChangePage,
            }),
          },
          {
            path: 'my-provider-record/changes/:id',
            lazy: async () => ({ Component: (await import('./routes/report-change')).ChangeRoute }),
          },
          { path: 'documents', element: <OwnApplicationRedirect to="documents" /> },
          {
            path: 'my-provider-record/availability',
            lazy: async () => ({
              Component: (await import('@/features/provider-record/availability-page')).AvailabilityPage,
            }),
          },
          {
            path: 'documents/:id',
            lazy: async () => {
              const { DocumentsRoute } = await import('./routes/documents-route');
              return {
                Component: () => (
                  <WithApplicationId to="documents">
                    <DocumentsRoute />
                  </WithApplicationId>
                ),
              };
            },
          },
          {
            path: 'apps/mailbox',
            lazy: async () => ({
              Component: (await import('@/features/notifications/pages/inbox-page')).InboxPage,
            }),
          },
          {
            path: 'apps/mailbox/:id',
            lazy: async () => ({
              Component: (await import('@/features/notifications/pages/message-page')).MessagePage,
            }),
          },
          ...['rfi/:id', 'rfi-v1/:id'].map((path) => ({ path, lazy: rfi })),
          ...['rfi', 'rfi-v1'].map((path) => ({ path, element: <OwnApplicationRedirect to="rfi-v1" /> })),
          {
            path: 'registeredapplication',
            lazy: async () => ({
              Component: (await import('@/features/application/pages/start-application-page')).StartApplicationPage,
            }),
          },
          {
            path: 'registeredapplication/registration/registeredprovider',
            lazy: async () => ({
              Component: (await import('@/features/application/pages/application-wizard-page'))
                .RegisteredProviderApplicationPage,
            }),
          },
          {
            path: 'registeredapplication/registration/unregisteredprovider',
            lazy: async () => ({
              Component: (await import('@/features/application/pages/application-wizard-page'))
                .UnregisteredProviderApplicationPage,
            }),
          },
          {
            // The staff workspace (issue #9): service workers and administrators.
            element: <RequireRole needs={['service-worker', 'administrator']} />,
            children: [
              {
                path: 'staff',
                lazy: async () => ({ Component: (await import('@/features/staff/pages/queue-page')).QueuePage }),
              },
              {
                path: 'staff/applications/:id',
                lazy: async () => ({ Component: (await import('./routes/staff-review')).StaffReviewRoute }),
              },
              // The reported changes are the queue's change kind.
              { path: 'staff/changes', element: <Navigate to="/staff?kind=change" replace /> },
              {
                path: 'staff/changes/:id',
                lazy: async () => ({ Component: (await import('./routes/report-change')).StaffChangeRoute }),
              },
              {
                path: 'staff/records/:applicationId',
                lazy: async () => ({ Component: (await import('./routes/report-change')).StaffRecordRoute }),
              },
              {
                path: 'staff/exports',
                lazy: async () => ({ Component: (await import('@/features/staff/exports/exports-page')).ExportsPage }),
              },
              {
                path: 'analytics',
                lazy: async () => ({
                  Component: (await import('@/features/staff/pages/analytics-page')).AnalyticsPage,
                }),
              },
            ],
          },
          {
            element: <RequireRole needs="administrator" />,
            children: [
              {
                path: 'staff/audit',
                lazy: async () => ({
                  Component: (await import('@/features/staff/pages/audit-search-page')).AuditSearchPage,
                }),
              },
              {
                path: 'staff/admin',
                lazy: async () => ({
                  Component: (await import('@/features/admin/pages/staff-admin-page')).StaffAdminPage,
                }),
              },
              {
                path: 'staff/admin/announcements',
                lazy: async () => ({
                  Component: (await import('@/features/admin/pages/announcements-page')).AnnouncementsPage,
                }),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient));
