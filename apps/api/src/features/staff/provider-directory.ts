import { directoryTypeOf, providerDayNames } from '@ccap/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { storedApplication } from '../application/stored-application';
import { lookupAnyZip } from '../providers/gazetteer';
import { createProvidersRepository } from '../providers/providers.repository';

/**
 * What an approval did with the directory: `not-listed` is care in the child's own home (no
 * public place to find), or a non-registered application that never said which kind it is.
 */
export type DirectoryOutcome = 'declined' | 'published' | 'not-geocoded' | 'not-listed';

/**
 * An approval publishes the provider into the public search directory (issue #9), inside the
 * approval's transaction, with the care address placed at its ZIP code's centroid (the
 * offline gazetteer), unless the applicant declined to be listed. Registered child development
 * homes and non-registered child care homes are listed under their own type; care in the
 * child's home has no place to list. The license number is the application's, so approving
 * again updates the same listing.
 */
export async function publishToProviderDirectory(
  trx: Transaction<DB>,
  application: { id: number; answers: unknown },
): Promise<DirectoryOutcome> {
  const answers = storedApplication(application.answers, application.id);
  if (answers.conditions?.listInDirectory !== true) return 'declined';
  const typeCode = directoryTypeOf(answers);
  if (typeCode === undefined) return 'not-listed';
  const care = answers.address?.careLocation ?? {};
  const place = care.zipCode ? lookupAnyZip(care.zipCode) : undefined;
  if (!place) return 'not-geocoded';

  const type = await trx
    .selectFrom('lookup_item')
    .select('lookup_id')
    .where('lookup_type', '=', 'ProviderType')
    .where('code', '=', typeCode)
    .executeTakeFirst();
  const info = answers.providerInfo ?? {};
  const hours = answers.operationHoursInfo ?? {};
  await createProvidersRepository(trx).upsert([
    {
      licenseNumber: `CCA-${String(application.id).padStart(7, '0')}`,
      businessName: info.businessName || [info.firstName, info.lastName].filter(Boolean).join(' '),
      ownerFirstName: info.firstName ?? '',
      ownerLastName: info.lastName ?? '',
      providerTypeId: type?.lookup_id ?? null,
      isCca: true,
      capacity: answers.categoryTypes?.capacity ?? 0,
      address1: care.address1 ?? '',
      city: care.city ?? place.city,
      zip: care.zipCode!.slice(0, 5),
      county: answers.address?.county ?? place.county,
      phone: info.phone ?? '',
      operationHours: (hours.days ?? [])
        .filter((day) => day.open && day.start && day.end)
        .flatMap((day) => {
          const name = providerDayNames.find((candidate) => candidate.toLowerCase() === day.day);
          return name ? [{ DayName: name, starttime: day.start!, endtime: day.end! }] : [];
        }),
      latitude: place.latitude,
      longitude: place.longitude,
      languages: info.languageCodes ?? [],
      qualityRating: null,
      // A special-needs rate above zero is an offer to care for children with special needs.
      acceptsSpecialNeeds: Object.values(answers.ratesInfo?.rates ?? {}).some((rate) => (rate?.specialNeeds ?? 0) > 0),
      weekendCare: hours.weekendCare === true,
      eveningOvernightCare: hours.eveningOvernightCare === true,
      transportation: hours.transportation === true,
      source: 'application',
      applicationId: application.id,
    },
  ]);
  return 'published';
}
