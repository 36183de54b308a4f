import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import { createAnnouncementsRepository } from './features/announcements/announcements.repository';
import { createApplicationPdfRepository } from './features/application/pdf/application-pdf.repository';
import { createApplicationsRepository } from './features/application/applications.repository';
import { createDraftsRepository } from './features/application/drafts.repository';
import { createLookupsRepository } from './features/application/lookups.repository';
import { createAuditRepository } from './features/audit/audit.repository';
import { createCredentialExpiryRepository } from './features/credentials/credential-expiry.repository';
import { createRetentionRepository } from './features/retention/retention.repository';
import { createDashboardRepository } from './features/application/dashboard.repository';
import { createDocumentsRepository } from './features/documents/documents.repository';
import { createHealthRepository } from './features/health/health.repository';
import { createApiKeysRepository } from './features/integration/api-keys.repository';
import { createIntegrationRepository } from './features/integration/integration.repository';
import { createAccountsRepository } from './features/identity/idp/accounts.repository';
import { createGrantsRepository } from './features/identity/idp/grants.repository';
import { createSecondFactorRepository } from './features/identity/idp/second-factor.repository';
import { createSigningKeysRepository } from './features/identity/idp/signing-keys.repository';
import { createUsersRepository } from './features/identity/users.repository';
import { createBulkActionsRepository } from './features/staff/bulk-actions.repository';
import type { ProgramProfile } from '@ccap/contracts';
import type { Config } from './env';
import { type Clock, systemClock } from './lib/clock';
import { createFieldCipher, type FieldCipher } from './crypto/field-cipher';
import { keyEncryptionKeyFor } from './crypto/key-encryption-key';
import { createSealedAnswersRepository } from './features/application/sealed-answers.repository';
import { createLocaleSource, type LocaleSource } from './features/application/pdf/labels';
import { createMailRepository } from './features/mail/mail.repository';
import { createNotificationsRepository } from './features/notifications/notifications.repository';
import { createNotifier } from './features/notifications/notifier';
import { createApprovalNoticesRepository } from './features/provider-record/approval-notices.repository';
import { createAvailabilityRepository } from './features/provider-record/availability.repository';
import { createChangeDocumentsRepository } from './features/provider-record/change-documents.repository';
import { createProviderChangesRepository } from './features/provider-record/provider-changes.repository';
import { createProviderRecordsRepository } from './features/provider-record/provider-records.repository';
import { createRenewalsRepository } from './features/provider-record/renewals.repository';
import { createProvidersRepository } from './features/providers/providers.repository';
import { createRfiAnswersRepository } from './features/rfi/rfi-answers.repository';
import { createRfiFilesRepository } from './features/rfi/rfi-files.repository';
import { createRfiRemindersRepository } from './features/rfi/rfi-reminders.repository';
import { createRfiRequestsRepository } from './features/rfi/rfi-requests.repository';
import { createChangeQueueRepository } from './features/staff/change-queue.repository';
import { createQueueRepository } from './features/staff/queue.repository';
import { createRequiredDocumentsRepository } from './features/staff/required-documents.repository';
import { createRenewalQueueRepository } from './features/staff/renewal-queue.repository';
import { createReviewRepository } from './features/staff/review.repository';
import { createStatisticsRepository } from './features/staff/statistics.repository';
import { createExportRunner } from './features/exports/export-runner';
import { createExportsRepository } from './features/exports/exports.repository';
import type { BlobStore } from './storage/blob-store';

export interface RepositoryOptions {
  /** Where the portal is reached: the links in mails. */
  publicUrl: string;
  /** The texts of notifications and their mails. */
  locales: LocaleSource;
  /** Where the program's days are counted: RFI due dates (the program profile's `timeZone`). */
  timeZone?: string;
  /** Seals and opens the protected answers (ADR 080). */
  cipher: FieldCipher;
  /** The program's now and today (ADR 106); the machine's, in `timeZone`, by default. */
  clock?: Clock;
  /** How long approvals last (the program profile's `approvalMonths`, ADR 107). */
  approvalMonths?: ProgramProfile['approvalMonths'];
  /** The program's credentials and their validity (the profile's `credentials`, ADR 115). */
  credentials?: ProgramProfile['credentials'];
}

export const repositoryOptions = async (
  config: Pick<Config, 'publicUrl' | 'dataKeys'>,
  locales: LocaleSource = createLocaleSource(),
): Promise<RepositoryOptions> => ({
  publicUrl: config.publicUrl,
  locales,
  cipher: createFieldCipher(await keyEncryptionKeyFor(config.dataKeys)),
});

/** Every repository, built once over the database; routes reach SQL only through these. */
export function createRepositories(db: Kysely<DB>, options: RepositoryOptions) {
  const mail = createMailRepository(db);
  const notifier = createNotifier({
    locales: options.locales,
    publicUrl: options.publicUrl,
  });
  // Every write records its change (audit entry and notices) through this one, in its transaction.
  const audit = createAuditRepository(db, notifier);
  const signingKeys = createSigningKeysRepository(db);
  const timeZone = options.timeZone ?? 'UTC';
  const clock = options.clock ?? systemClock(timeZone);
  const providerRecords = createProviderRecordsRepository(db, options.cipher, {
    clock,
    timeZone,
    approvalMonths: options.approvalMonths ?? { registeredprovider: 24, unregisteredprovider: 12 },
  });
  const queue = createQueueRepository(db, options.timeZone);
  const changeQueue = createChangeQueueRepository(db, () => clock.today(), timeZone);
  const exports = createExportsRepository(db, audit, clock);
  return {
    health: createHealthRepository(db),
    audit,
    mail,
    accounts: createAccountsRepository(db, { mail, audit }),
    signingKeys,
    grants: createGrantsRepository(db),
    secondFactor: createSecondFactorRepository(db, {
      audit,
      cipher: options.cipher,
      serverSecret: () => signingKeys.secret('second-factor-key'),
    }),
    users: createUsersRepository(db, audit),
    lookups: createLookupsRepository(db),
    drafts: createDraftsRepository(db, options.cipher),
    applications: createApplicationsRepository(db, audit, options.cipher),
    applicationPdf: createApplicationPdfRepository(db, options.cipher),
    sealedAnswers: createSealedAnswersRepository(db, options.cipher),
    documents: createDocumentsRepository(db, audit),
    dashboard: createDashboardRepository(db),
    providers: createProvidersRepository(db),
    rfiRequests: createRfiRequestsRepository(db, audit),
    rfiAnswers: createRfiAnswersRepository(db, audit),
    rfiReminders: createRfiRemindersRepository(db, notifier, options.timeZone),
    rfiFiles: createRfiFilesRepository(db),
    // The staff workspace: the review queue, one application's review, its required documents, the statistics.
    queue,
    changeQueue,
    renewalQueue: createRenewalQueueRepository(db, () => clock.today()),
    // Exports of the queue (ADR 110): their rows, and the job that writes their files.
    exports,
    exportRunner: (blobs: BlobStore, maxRows: number, batchSize?: number) =>
      createExportRunner({
        exports,
        queue,
        changeQueue,
        cipher: options.cipher,
        blobs,
        locales: options.locales,
        maxRows,
        ...(batchSize ? { batchSize } : {}),
      }),
    review: createReviewRepository(db, audit, options.cipher, providerRecords),
    providerRecords,
    renewals: createRenewalsRepository(db, options.cipher, providerRecords),
    providerChanges: createProviderChangesRepository(db, audit, options.cipher, providerRecords),
    changeDocuments: createChangeDocumentsRepository(db, audit),
    requiredDocuments: createRequiredDocumentsRepository(db, audit),
    bulkActions: createBulkActionsRepository(db, audit),
    statistics: createStatisticsRepository(db, options.timeZone),
    notifications: createNotificationsRepository(db, notifier),
    retention: createRetentionRepository(db, audit),
    availability: createAvailabilityRepository(db, audit),
    approvalNotices: createApprovalNoticesRepository(db, notifier, clock),
    announcements: createAnnouncementsRepository(db, audit, {
      clock,
      locales: options.locales,
      publicUrl: options.publicUrl,
    }),
    // The integration API (ADR 112): its keys, and what its routes read.
    apiKeys: createApiKeysRepository(db, audit, clock, timeZone),
    integration: createIntegrationRepository(db, options.cipher),
    credentialExpiry: createCredentialExpiryRepository(db, {
      audit,
      providerRecords,
      locales: options.locales,
      clock,
      rules: options.credentials,
    }),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
