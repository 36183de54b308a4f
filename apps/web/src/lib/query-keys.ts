import type {
  AuditSearchQueryInput,
  ProviderSearchCriteria,
  StaffChangeQueryInput,
  StaffQueueQueryInput,
} from '@ccap/contracts';

/**
 * Every query key of the web app, from one factory: a feature reads and invalidates its
 * entries through these, and a change in one feature that stales another's (a response to a
 * request for information changes the dashboard) names the other's key here, not a literal.
 * Keys nest, so invalidating `staff.queue()` reaches every page of the queue.
 */
export const queryKeys = {
  authConfig: () => ['auth-config'] as const,
  programProfile: () => ['program-profile'] as const,
  currentUser: () => ['user', 'me'] as const,
  user: () => ['user'] as const,
  lookups: () => ['lookups'] as const,
  idp: {
    interaction: (uid: string) => ['idp', 'interaction', uid] as const,
    confirmEmail: (token: string) => ['idp', 'confirm-email', token] as const,
  },
  admin: {
    staff: () => ['admin', 'staff'] as const,
    apiKeys: () => ['admin', 'api-keys'] as const,
    announcements: () => ['admin', 'announcements'] as const,
    audience: (filters: unknown) => ['admin', 'announcements', 'audience', filters] as const,
  },
  drafts: () => ['drafts'] as const,
  dashboard: () => ['dashboard'] as const,
  /** The signed-in provider's closures and openings (ADR 102). */
  myAvailability: () => ['availability', 'mine'] as const,
  applicationReads: (applicationId: number) => ['application-reads', applicationId] as const,
  providerRecord: {
    all: () => ['provider-record'] as const,
    mine: (on: string | undefined) => ['provider-record', 'mine', on ?? null] as const,
    /** The signed-in provider's approval term (ADR 107), as the dashboard shows it. */
    approval: () => ['provider-record', 'approval'] as const,
    /** Where the signed-in provider's renewal stands (ADR 117). */
    renewal: () => ['provider-record', 'renewal'] as const,
    changes: (applicationId: number) => ['provider-record', 'changes', applicationId] as const,
    change: (changeId: number) => ['provider-record', 'change', changeId] as const,
    /** The staff queue's reported changes: under `all`, so a decision refreshes them. */
    staffChanges: (query: StaffChangeQueryInput) => ['provider-record', 'staff-changes', query] as const,
    /** A record as staff read it on a day. */
    staffRecord: (applicationId: number, on: string | undefined) =>
      ['provider-record', 'staff-record', applicationId, on ?? null] as const,
    availability: (applicationId: number) => ['provider-record', 'availability', applicationId] as const,
  },
  documents: (applicationId: number) => ['documents', applicationId] as const,
  rfi: {
    all: (applicationId: number) => ['rfi', applicationId] as const,
    list: (applicationId: number) => ['rfi', applicationId, 'list'] as const,
    permissions: (applicationId: number) => ['rfi', applicationId, 'permissions'] as const,
    /** The RFIs of a reported change. */
    change: (changeId: number) => ['rfi', 'change', changeId] as const,
    changeList: (changeId: number) => ['rfi', 'change', changeId, 'list'] as const,
    changePermissions: (changeId: number) => ['rfi', 'change', changeId, 'permissions'] as const,
  },
  notifications: {
    all: () => ['notifications'] as const,
    list: () => ['notifications', 'list'] as const,
  },
  messages: {
    all: () => ['messages'] as const,
    lists: () => ['messages', 'list'] as const,
    list: (limit: number) => ['messages', 'list', limit] as const,
    one: (id: number) => ['messages', 'one', id] as const,
  },
  staff: {
    queue: () => ['staff', 'queue'] as const,
    queuePage: (query: StaffQueueQueryInput) => ['staff', 'queue', query] as const,
    application: (id: number) => ['staff', 'application', id] as const,
    documentFile: (applicationId: number, documentId: number | undefined) =>
      ['staff', 'document-file', applicationId, documentId] as const,
    statistics: () => ['staff', 'statistics'] as const,
    /** An approved provider's approval term, on the review page (ADR 107). */
    recordApproval: (applicationId: number) => ['staff', 'record-approval', applicationId] as const,
    audit: (query: AuditSearchQueryInput) => ['staff', 'audit', query] as const,
    /** Whom the caller may assign an application to. */
    workers: () => ['staff', 'workers'] as const,
  },
  providers: {
    settings: () => ['providers', 'settings'] as const,
    cities: () => ['providers', 'cities'] as const,
    searches: () => ['providers', 'search'] as const,
    search: (criteria: ProviderSearchCriteria) => ['providers', 'search', criteria] as const,
  },
  devMail: () => ['dev-mail'] as const,
};
