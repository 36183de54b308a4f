import { maskProtectedFields } from '@ccap/contracts';
import type { Kysely } from 'kysely';
import type { FieldCipher } from '../../../crypto/field-cipher';
import type { DB } from '../../../db/schema';
import { storedApplication } from '../stored-application';
import type { SubmittedApplication } from './application-copy';

export interface ApplicationForCopy extends SubmittedApplication {
  ownerId: string;
  county: string | null;
}

/**
 * Reads a submitted application with what deciding who may see it needs, its protected answers
 * masked: a copy on paper or in a mailbox is read by more people than its owner (ADR 080).
 */
export function createApplicationPdfRepository(db: Kysely<DB>, cipher: FieldCipher) {
  return {
    async find(id: number): Promise<ApplicationForCopy | undefined> {
      const row = await db
        .selectFrom('application')
        .select(['id', 'owner_id', 'county', 'provider_type', 'application_json', 'data_key', 'submitted_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        ownerId: row.owner_id,
        county: row.county,
        providerType: row.provider_type,
        submittedAt: row.submitted_at,
        application: storedApplication(
          maskProtectedFields(await cipher.open('application', row.id, row.application_json, row.data_key)),
          row.id,
        ),
      };
    },
  };
}
export type ApplicationPdfRepository = ReturnType<typeof createApplicationPdfRepository>;
