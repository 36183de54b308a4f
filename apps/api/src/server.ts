import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './env';
import { referencedByAny, sweepOrphanFiles } from './features/documents/orphan-sweep';
import { DEMO_TOTP_SECRET, seedDemoAccounts } from './features/identity/demo-accounts';
import { startBackgroundJobs } from './features/notifications/background-jobs';
import { loadProgramProfile } from './features/program/program-profile';
import { seedDemoDirectory } from './features/providers/demo-seed';
import { JOB_SCHEMA, openPortalDatabase } from './portal-database';

/** Starts the whole product in one process: database, migrations, API and web app. */
async function main() {
  const config = loadConfig();
  const profile = await loadProgramProfile(config.programProfilePath);
  // The owner migrates and grants; the portal then serves as the runtime role (ADR 082).
  const { database, runtime } = await openPortalDatabase(config.database);
  const app = await buildApp({ config, profile, database });
  const seeded = config.demoAccounts ? await seedDemoAccounts(app.repositories) : [];
  // Embedded PGlite means this is the only instance (it holds the database's lock): every file
  // no row names was left by an upload this process was killed in, whatever its age. With a
  // shared PostgreSQL, another instance may be receiving a file right now: only old ones go.
  const swept = await sweepOrphanFiles(
    app.blobs,
    referencedByAny(app.repositories.documents, app.repositories.rfiFiles, app.repositories.changeDocuments),
    { olderThanMs: database.backend === 'pglite' ? 0 : 60 * 60 * 1000 },
  );
  if (swept.staged + swept.stored > 0) app.log.warn(swept, 'removed document files left by an interrupted upload');
  const demoProviders = await seedDemoDirectory(app.repositories, profile, config.providerSearch.demoDirectorySize);
  if (demoProviders > 0) app.log.info(`provider search: loaded ${demoProviders} demonstration providers`);

  // The jobs run on the pg-boss queue in the database, once each per period whatever the
  // number of instances (ADR 040); on PGlite through the portal's own pool.
  const background = await startBackgroundJobs({
    repositories: app.repositories,
    mail: config.mail,
    log: app.log,
    blobs: app.blobs,
    retention: profile.retention,
    exportMaxRows: config.exportMaxRows,
    jobQueue: runtime
      ? {
          connectionString: runtime.url,
          ...(runtime.role ? { role: runtime.role } : {}),
          schema: JOB_SCHEMA,
          migrate: false,
        }
      : { pool: database.pool, schema: JOB_SCHEMA, migrate: false },
  });

  // Ctrl-C or SIGTERM: stop accepting, let in-flight requests and the mail in hand finish,
  // then close the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal ?? 'close'} received, shutting down`);
    await Promise.all([app.close(), background.stop()]);
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.port === port ? config.publicUrl : `http://localhost:${port}`;
  app.log.info(`database: ${database.backend === 'pglite' ? `PGlite at ${config.dataDir}` : 'PostgreSQL'}`);
  console.log(`\n  ${profile.productName.en} is running at ${url}\n`);
  if (url === config.publicUrl) {
    console.log(`  Open ${url} (PUBLIC_URL): pages asked for at any other address are sent there.\n`);
  }
  if (seeded.length > 0) {
    console.log('  Demonstration accounts (embedded default only; listed in the README):');
    for (const demo of seeded)
      console.log(`    ${demo.email.padEnd(26)} ${demo.password.padEnd(26)} ${demo.role ?? 'applicant'}`);
    console.log(`  Staff demo accounts' authenticator app secret (second sign-in step): ${DEMO_TOTP_SECRET}`);
    console.log('');
  }
  if (config.devMailView)
    console.log(`  Mails the portal sends are readable at ${url}/dev/mail (from this machine only).\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exit(1);
});
