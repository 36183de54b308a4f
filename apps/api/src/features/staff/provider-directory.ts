import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';

export type DirectoryOutcome = 'declined' | 'pending';

/**
 * The seam where an approval publishes the provider into the public search directory
 * (issue #9: "approving a registered provider application publishes the provider … with the
 * applicant's address geocoded, unless the applicant declined to be listed").
 *
 * TODO(#8): the `providers` table and its geocoding are being built by the provider-search
 * issue. Once merged, insert (or update) the provider here, inside the approval's transaction,
 * and answer 'published'. Until then an approval that should be listed answers 'pending', and
 * the approval's audit row says so, so the listings still to publish can be found later.
 */
export async function publishToProviderDirectory(
  _trx: Transaction<DB>,
  application: { id: number; providerType: string; answers: Record<string, unknown> },
): Promise<DirectoryOutcome> {
  const conditions = application.answers.conditions as { listInDirectory?: boolean } | undefined;
  if (conditions?.listInDirectory !== true) return 'declined';
  return 'pending';
}
