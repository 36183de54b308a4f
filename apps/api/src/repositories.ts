import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import { createApplicationPdfRepository } from './features/application-pdf/application-pdf.repository';
import { createApplicationsRepository } from './features/applications/applications.repository';
import { createDraftsRepository } from './features/applications/drafts.repository';
import { createLookupsRepository } from './features/applications/lookups.repository';
import { createAuditRepository } from './features/audit/audit.repository';
import { createDashboardRepository } from './features/dashboard/dashboard.repository';
import { createDocumentsRepository } from './features/documents/documents.repository';
import { createHealthRepository } from './features/health/health.repository';
import { createAccountsRepository } from './features/identity/idp/accounts.repository';
import { createSigningKeysRepository } from './features/identity/idp/signing-keys.repository';
import { createUsersRepository } from './features/identity/users.repository';
import type { Config } from './env';
import { createLocaleSource, localeDirectories } from './features/application-pdf/labels';
import { createMailRepository } from './features/mail/mail.repository';
import { createNotificationsRepository } from './features/notifications/notifications.repository';
import { createNotifier } from './features/notifications/notifier';
import { createProvidersRepository } from './features/providers/providers.repository';
import { createRfiRepository } from './features/rfi/rfi.repository';
import { createStaffRepository } from './features/staff/staff.repository';

export interface RepositoryOptions {
  /** Where the portal is reached: the links in mails. */
  publicUrl: string;
  /** Where the web app's locale files are read from: the texts of notifications. */
  localeDirectories: string[];
  /** Where the program's days are counted: RFI due dates (the program profile's `timeZone`). */
  timeZone?: string;
}

export const repositoryOptions = (config: Pick<Config, 'publicUrl' | 'webDist'>): RepositoryOptions => ({
  publicUrl: config.publicUrl,
  localeDirectories: localeDirectories(config.webDist),
});

/** Every repository, built once over the database; routes reach SQL only through these. */
export function createRepositories(db: Kysely<DB>, options: RepositoryOptions) {
  const audit = createAuditRepository(db);
  const mail = createMailRepository(db);
  const notifier = createNotifier({
    locales: createLocaleSource(options.localeDirectories),
    publicUrl: options.publicUrl,
  });
  return {
    health: createHealthRepository(db),
    audit,
    mail,
    accounts: createAccountsRepository(db, { mail, audit }),
    signingKeys: createSigningKeysRepository(db),
    users: createUsersRepository(db, audit),
    lookups: createLookupsRepository(db),
    drafts: createDraftsRepository(db),
    applications: createApplicationsRepository(db, audit, notifier),
    applicationPdf: createApplicationPdfRepository(db),
    documents: createDocumentsRepository(db, audit, notifier),
    dashboard: createDashboardRepository(db),
    providers: createProvidersRepository(db),
    rfi: createRfiRepository(db, audit, notifier, options.timeZone),
    staff: createStaffRepository(db, audit, notifier, options.timeZone),
    notifications: createNotificationsRepository(db, notifier),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
