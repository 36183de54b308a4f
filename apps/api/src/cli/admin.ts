import { parseArgs } from 'node:util';
import { staffRoleSchema } from '@ccap/contracts';
import { openDatabase } from '../db/database';
import { addFileKeyVersion } from '../crypto/key-encryption-key';
import { ownerTarget, prepareDatabase, runtimeRoleOf } from '../portal-database';
import { BUILT_IN_ISSUER_KEY, loadConfig } from '../env';
import { loadProgramProfile } from '../features/program/program-profile';
import { createRepositories, repositoryOptions } from '../repositories';

const USAGE = `Usage:
  npm run admin -- grant <email> <service-worker|administrator> [--county <name>]...
  npm run admin -- revoke <email> <service-worker|administrator>
  npm run admin -- list
  npm run admin -- rotate-keys   (built-in identity provider: new signing key at next start)
  npm run admin -- rotate-data-key [--batch-size N] [--resume]
                                 (re-wraps every data key of the protected answers under the
                                  current DATA_KEY_VERSION; on the embedded default, first adds
                                  a new key to the data folder's keyring unless --resume)
  npm run admin -- verify-audit  (checks the audit trail's hash chain; exit 1 names the first broken entry)`;

/**
 * Staff roles from the command line, to bootstrap the first administrator. The user must
 * have signed in once (or, with the built-in identity provider, have an account).
 */
async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      county: { type: 'string', multiple: true },
      'batch-size': { type: 'string' },
      resume: { type: 'boolean' },
    },
  });
  const [command, email, roleArg] = positionals;
  let config = loadConfig();
  if (command === 'rotate-data-key' && config.dataKeys.kind === 'file' && !values.resume) {
    // The embedded default keeps its keyring in the data folder: the new key goes there first.
    const keyring = await addFileKeyVersion(config.dataKeys.file);
    console.log(`Added data key version ${keyring.current} to ${config.dataKeys.file}.`);
    config = { ...config, dataKeys: { kind: 'configured', keyring } };
  }
  const profile = await loadProgramProfile(config.programProfilePath);
  const database = await openDatabase(ownerTarget(config.database));
  try {
    await prepareDatabase(database, runtimeRoleOf(config.database));
    const repos = createRepositories(database.db, await repositoryOptions(config));
    if (command === 'rotate-keys') {
      const kid = await repos.signingKeys.rotate();
      console.log(
        `New signing key ${kid}. Restart each instance to sign with it; tokens signed with the old key stay valid until they expire.`,
      );
      return 0;
    }
    if (command === 'rotate-data-key') {
      const batchSize = Number(values['batch-size'] ?? 200);
      if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
        console.error('--batch-size: a whole number from 1 to 10000');
        return 2;
      }
      const version = (await repositoryOptions(config)).cipher.kek.currentVersion;
      const answers = await repos.sealedAnswers.rotate({
        batchSize,
        onBatch: ({ table, rewrapped: done }) => console.log(`${table}: ${done} data keys re-wrapped so far`),
      });
      const secrets = await repos.secondFactor.rotateDataKeys(batchSize);
      console.log(`idp_second_factor: ${secrets} data keys re-wrapped`);
      const rewrapped = answers + secrets;
      const stale = (await repos.sealedAnswers.staleCount()) + (await repos.secondFactor.staleCount());
      console.log(
        `${rewrapped} data keys re-wrapped under key version ${version}; ${stale} left under another version.`,
      );
      return stale === 0 ? 0 : 1;
    }
    if (command === 'verify-audit') {
      const verdict = await repos.audit.verifyChain();
      if (verdict.ok) {
        console.log(
          verdict.head
            ? `The audit trail is intact: ${verdict.entries} entries. Head: entry ${verdict.head.chainSeq}, hash ${verdict.head.hash}. ` +
                'Keep this line somewhere the database cannot change: a later run must show it again, or an extension of it.'
            : 'The audit trail is empty.',
        );
        return 0;
      }
      const { broken } = verdict;
      const what = {
        changed: 'its content was changed after it was written',
        unlinked: 'it does not link to the entry before it (that entry was changed or replaced)',
        missing: 'entries before it were removed',
      }[broken.problem];
      console.error(
        `The audit trail is broken at entry id ${broken.id} (chain position ${broken.chainSeq}): ${what}. ` +
          `The ${verdict.entries} entries before it are intact.`,
      );
      return 1;
    }
    if (command === 'list') {
      for (const user of await repos.users.listStaff()) {
        console.log(
          `${user.email}\t${user.roles.filter((r) => r !== 'applicant').join(',')}\t${user.counties.join(', ')}`,
        );
      }
      return 0;
    }
    const role = staffRoleSchema.safeParse(roleArg);
    if ((command !== 'grant' && command !== 'revoke') || !email || !role.success) {
      console.error(USAGE);
      return 2;
    }
    const counties = values.county ?? [];
    const unknown = counties.filter((county) => !profile.counties.includes(county));
    if (unknown.length) {
      console.error(`Unknown county: ${unknown.join(', ')}. Counties come from the program profile.`);
      return 2;
    }
    let user = await repos.users.findByEmail(email.toLowerCase());
    if (!user && config.identity.kind === 'built-in') {
      const account = await repos.accounts.findByEmail(email.toLowerCase());
      if (account) {
        user = await repos.users.resolve({
          issuer: BUILT_IN_ISSUER_KEY,
          subject: account.id,
          email: account.email,
          name: account.name,
        });
      }
    }
    if (!user) {
      console.error(
        `No user with the email ${email} has signed in yet. Ask them to sign in once, then run this again.`,
      );
      return 1;
    }
    const updated = await repos.users.changeRole(
      command === 'grant'
        ? { action: 'grant', userId: user.id, role: role.data, counties }
        : { action: 'revoke', userId: user.id, role: role.data },
      { id: null, label: 'cli' },
    );
    console.log(
      `${updated.email}: roles ${updated.roles.join(', ')}; counties ${updated.counties.join(', ') || 'none'}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2).filter((arg, index, all) => !(index === 0 && all[0] === 'admin')));
