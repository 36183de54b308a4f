import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type {
  AuthConfig,
  CurrentUser,
  DevMail,
  GrantRoleRequest,
  LookupItem,
  Message,
  MessageList,
  NotificationList,
  ProgramProfile,
  RevokeRoleRequest,
  RfiChangePermissions,
  RfiPermissions,
  StaffMember,
  UserSettings,
} from '@ccap/contracts';
import { programProfileSchema } from '@ccap/contracts';
import { http, HttpResponse } from 'msw';

const webRoot = path.resolve(import.meta.dirname, '../..');

/** The shipped default profile, so tests see the same facts as the real API serves. */
export const testProfile: ProgramProfile = programProfileSchema.parse(
  JSON.parse(fs.readFileSync(path.resolve(webRoot, '../api/profiles/default.json'), 'utf8')),
);

/** Translations as the server would serve them from /locales: the files of @ccap/locales. */
const locale = (code: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve(`@ccap/locales/${code}.json`), 'utf8'));

export const testAuthConfig: AuthConfig = {
  authority: 'http://localhost/idp',
  clientId: 'ccap-web',
  scope: 'openid profile email offline_access',
  builtIn: true,
  idleTimeoutSeconds: 900,
  idleWarningSeconds: 60,
};

export const testAccessToken = 'test-access-token';

export const testUser: CurrentUser = {
  id: '6f1c0a52-3a5e-4a8e-9a4f-0b8d2f4f8e11',
  name: 'Pat Provider',
  email: 'pat@example.com',
  roles: ['applicant', 'service-worker'],
  counties: ['Polk', 'Story'],
  profile: {
    preferredLanguage: 'en',
    notificationPreferences: {
      email: {
        applicationSubmitted: true,
        documentsRequired: true,
        documentReceived: true,
        rfiRequested: true,
        rfiDue: true,
        rfiAnswered: true,
        rfiCompleted: true,
        statusChanged: true,
        decisionMade: true,
        draftReminder: false,
        changeReceived: true,
        changeDecided: true,
        changeApplied: true,
        announcement: true,
        staffMessage: true,
        exportReady: true,
      },
    },
  },
};

/** The test user as an administrator: override User/me with `asAdministrator` to sign in as one. */
export const testAdministrator: CurrentUser = {
  ...testUser,
  id: '0b4e1a7c-5d2f-4c3b-8e9a-7f6d5c4b3a21',
  name: 'Ada Administrator',
  email: 'ada@example.gov',
  roles: ['applicant', 'administrator'],
  counties: [],
};

export const asAdministrator = http.get('*/api/User/me', () => HttpResponse.json(testAdministrator));

export const testStaff: StaffMember[] = [
  {
    id: testAdministrator.id,
    name: testAdministrator.name,
    email: testAdministrator.email,
    roles: testAdministrator.roles,
    counties: [],
  },
  {
    id: '3c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f',
    name: 'Sam Worker',
    email: 'sam@example.gov',
    roles: ['applicant', 'service-worker'],
    counties: ['Polk'],
  },
];

export const testMail: DevMail[] = [
  {
    id: 1,
    to: 'pat@example.com',
    subject: 'Confirm your email address',
    text: 'Open http://localhost/auth/confirm-email?token=abc&uid=u1 to confirm.',
    createdAt: '2026-01-02T10:00:00.000Z',
  },
  {
    id: 2,
    to: 'pat@example.com',
    subject: 'Reset your password',
    text: 'Open http://localhost/auth/boxed-password-reset?token=xyz to choose a new password.',
    createdAt: '2026-01-03T10:00:00.000Z',
  },
];

export const problem = (status: number, type: string, extra: Record<string, unknown> = {}) =>
  HttpResponse.json(
    { type, title: 'Problem', status, ...extra },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

/**
 * The API's 503 with its delay in Retry-After only (the virus scanner away; a proxy in front of
 * a stopped API), as the web reads it: "busy or unavailable, try again in N seconds".
 */
export const unavailable = (retryAfterSeconds: number) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Service Unavailable', status: 503 },
    {
      status: 503,
      headers: { 'content-type': 'application/problem+json', 'retry-after': String(retryAfterSeconds) },
    },
  );

const authorized = (request: Request) => request.headers.get('authorization') === `Bearer ${testAccessToken}`;

/** A few lookups of each kind the wizard shows (the real list comes from the program profile). */
export const testLookups: LookupItem[] = [
  { lookupId: 1, lookupType: 'ProviderType', code: 'registered-cdh', name: 'Registered', parentLookupId: null },
  { lookupId: 2, lookupType: 'ProviderType', code: 'non-registered-home', name: 'Home', parentLookupId: null },
  { lookupId: 3, lookupType: 'Category', code: 'cdh-a', name: 'A', parentLookupId: 1 },
  { lookupId: 4, lookupType: 'Category', code: 'home', name: 'Home', parentLookupId: 2 },
  { lookupId: 5, lookupType: 'AgeGroup', code: 'school-age', name: 'School age', parentLookupId: null },
  { lookupId: 6, lookupType: 'Language', code: 'es', name: 'Spanish', parentLookupId: null },
  { lookupId: 7, lookupType: 'County', code: 'Polk', name: 'Polk', parentLookupId: null },
  { lookupId: 8, lookupType: 'State', code: 'IA', name: 'Iowa', parentLookupId: null },
];

/** The signed-in user's bell and Inbox: one unread item each. */
export const testNotifications: NotificationList = {
  items: [
    {
      id: 11,
      event: 'rfiRequested',
      message: 'Information requested on application 42.',
      link: '/rfi-v1/42',
      time: new Date(Date.now() - 5 * 60_000).toISOString(),
      read: false,
    },
  ],
  unreadCount: 1,
};
export const testMessage: Message = {
  id: 21,
  event: 'rfiRequested',
  title: 'Information requested on your application 42',
  message: 'A service worker needs more information about your application 42.',
  body: 'A service worker needs more information about your application 42.',
  time: new Date(Date.now() - 5 * 60_000).toISOString(),
  read: false,
  applicationId: 42,
  links: [{ kind: 'rfi', href: '/rfi-v1/42' }],
  mail: { to: 'pat@example.gov', sent: false },
};
const { body: _body, links: _links, mail: _mail, ...testMessageSummary } = testMessage;
export const testMessages: MessageList = { items: [testMessageSummary], unreadCount: 1, total: 1 };

export const defaultHandlers = [
  http.get('*/api/Notifications', () => HttpResponse.json(testNotifications)),
  http.get('*/api/Messages', () => HttpResponse.json(testMessages)),
  http.get('*/api/Messages/:id', ({ params }) =>
    Number(params.id) === testMessage.id ? HttpResponse.json(testMessage) : problem(404, 'about:blank'),
  ),
  http.post('*/api/Notifications/:id/read', () => new HttpResponse(null, { status: 204 })),
  http.post('*/api/Notifications/read-all', () => new HttpResponse(null, { status: 204 })),
  http.delete('*/api/Notifications/:id', () => new HttpResponse(null, { status: 204 })),
  http.post('*/api/Messages/:id/read', () => new HttpResponse(null, { status: 204 })),
  http.post('*/api/Messages/read-all', () => new HttpResponse(null, { status: 204 })),
  http.delete('*/api/Messages/:id', () => new HttpResponse(null, { status: 204 })),
  http.get('*/api/Program/get-profile', () => HttpResponse.json(testProfile)),
  // An approval's term (ADR 107): none for the signed-in user; a record's, two years from now.
  http.get('*/api/ProviderRecord/approval', () => HttpResponse.json({ approval: null })),
  // Renewal (ADR 117): nothing to renew for the signed-in user.
  http.get('*/api/ProviderRecord/renewal', () => HttpResponse.json({ renewal: null })),
  // A record's credentials (ADR 115): none for the signed-in user; a record's, none tracked.
  http.get('*/api/ProviderRecord/credentials', () => HttpResponse.json({ record: null })),
  http.get('*/api/ProviderRecord/:id/credentials', ({ params }) =>
    HttpResponse.json({ applicationId: Number(params.id), credentials: [] }),
  ),
  http.get('*/api/Staff/expiring', () => HttpResponse.json({ items: [], total: 0 })),
  http.get('*/api/ProviderRecord/:id/approval', () =>
    HttpResponse.json({ endsOn: '2028-11-20', daysLeft: 720, lapsed: false }),
  ),
  http.get('*/api/Lookup/get-lookups', () => HttpResponse.json({ data: testLookups })),
  http.post('*/api/Application/get-my-draft-applications', () => HttpResponse.json([])),
  http.get('*/api/Dashboard/get-dashboard', () =>
    HttpResponse.json({ isDocumentRequired: false, applicationId: null, providerApplication: null }),
  ),
  http.get('*/locales/:code.json', ({ params }) => HttpResponse.json(locale(String(params.code)))),
  http.get('*/api/Auth/config', () => HttpResponse.json(testAuthConfig)),
  http.get('*/api/User/me', ({ request }) =>
    authorized(request) ? HttpResponse.json(testUser) : problem(401, 'about:blank'),
  ),
  http.put('*/api/User/me/settings', async ({ request }) => {
    if (!authorized(request)) return problem(401, 'about:blank');
    const profile = (await request.json()) as UserSettings;
    return HttpResponse.json({ ...testUser, profile } satisfies CurrentUser);
  }),
  http.get('*/api/Admin/staff', () => HttpResponse.json({ data: testStaff })),
  http.get('*/api/Admin/api-keys', () => HttpResponse.json({ data: [] })),
  http.post('*/api/Admin/grant-role', async ({ request }) => {
    const body = (await request.json()) as GrantRoleRequest;
    const member = testStaff.find((entry) => entry.email === body.email);
    if (!member) return problem(404, 'about:blank', { detail: 'No user with that email has signed in yet.' });
    return HttpResponse.json({ ...member, roles: [...new Set([...member.roles, body.role])] } satisfies StaffMember);
  }),
  http.post('*/api/Admin/revoke-role', async ({ request }) => {
    const body = (await request.json()) as RevokeRoleRequest;
    const member = testStaff.find((entry) => entry.email === body.email);
    if (!member) return problem(404, 'about:blank');
    return HttpResponse.json({
      ...member,
      roles: member.roles.filter((role) => role !== body.role),
    } satisfies StaffMember);
  }),
  http.get('*/api/Dev/mail', () => HttpResponse.json({ data: testMail })),
  // A reported change has no RFI yet; the test user is the county's staff on it.
  http.get('*/api/Rfi/changes/:changeId', () => HttpResponse.json([])),
  http.get('*/api/Rfi/changes/:changeId/permissions', ({ params }) =>
    HttpResponse.json({
      applicationId: 31,
      changeId: Number(params.changeId),
      changeStatus: 'submitted',
      mode: 'service-worker',
      canRequest: true,
      canComplete: false,
      canReply: false,
    } satisfies RfiChangePermissions),
  ),
  // The test user owns the applications tests open: the applicant's side of the RFI page.
  http.get('*/api/Rfi/:id/permissions', ({ params }) =>
    HttpResponse.json({
      applicationId: Number(params.id),
      applicationStatus: 'submitted',
      mode: 'applicant',
      canRequest: false,
      canComplete: false,
      canReply: false,
    } satisfies RfiPermissions),
  ),
  http.get('*/idp/interaction/:uid/details', ({ params }) =>
    HttpResponse.json({ uid: String(params.uid), prompt: 'login' }),
  ),
  http.post('*/idp/interaction/:uid/login', () =>
    HttpResponse.json({ redirectTo: 'http://localhost/idp/auth/resume' }),
  ),
  http.post('*/idp/interaction/:uid/abort', () =>
    HttpResponse.json({ redirectTo: 'http://localhost/login/callback?error=access_denied' }),
  ),
  http.post('*/idp/account/register', () => HttpResponse.json({ status: 'check-email' })),
  http.post('*/idp/account/confirm', () => HttpResponse.json({ status: 'confirmed' })),
  http.post('*/idp/account/forgot-password', () => HttpResponse.json({ status: 'check-email' })),
  http.post('*/idp/account/reset-password', () => HttpResponse.json({ status: 'password-reset' })),
];
