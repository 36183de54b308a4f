import type { ProgramProfile } from '@ccap/contracts';
import type { Repositories } from '../../repositories';
import { generateDemoDirectory } from './demo-directory';
import { gazetteerFor } from './gazetteer';

/**
 * First start of the embedded default: a generated demonstration directory, so the search
 * has something to find. Runs once: an existing demonstration directory is kept as it is.
 */
export async function seedDemoDirectory(
  repositories: Repositories,
  profile: Pick<ProgramProfile, 'state' | 'counties'>,
  size: number,
): Promise<number> {
  if (size <= 0 || (await repositories.providers.countBySource('demonstration')) > 0) return 0;
  const providerTypeIds = Object.fromEntries(
    (await repositories.lookups.list())
      .filter((item) => item.lookupType === 'ProviderType')
      .map((item) => [item.code, item.lookupId]),
  );
  const providers = [...generateDemoDirectory(gazetteerFor(profile), { size, providerTypeIds })];
  return repositories.providers.upsert(providers);
}
