import type { ProgramProfile } from '@ccap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../../env';
import { type JobQueueOptions, type PeriodicJob, type QueueDefinition, startJobQueue } from '../../jobs/job-queue';
import type { Repositories } from '../../repositories';
import type { BlobStore } from '../../storage/blob-store';
import { referencedByAny, sweepOrphanFiles } from '../documents/orphan-sweep';
import { retentionKinds, sweepExpired } from '../retention/retention-sweep';
import { createMailWorker, createSmtpTransport, type MailTransport } from '../mail/mail-worker';

const HOUR_MS = 60 * 60 * 1000;

/**
 * How often due changes are applied: the public search must show an approved change within a
 * minute of its day starting (in the program's time zone). The query reads
 * `provider_change_due_idx` (status, effective_date): asking each minute costs an index probe.
 */
export const APPLY_CHANGES_EVERY_SECONDS = 60;

/**
 * The periodic jobs' queues. The database owner makes them before the portal serves (ADR 082):
 * the runtime role may use pg-boss's tables, not create them.
 */
export const JOB_QUEUES = {
  remindDrafts: { name: 'drafts.remind', expireInSeconds: 15 * 60 },
  remindDueRfis: { name: 'rfi.remind-due', expireInSeconds: 15 * 60 },
  // Longer than a mail's lease (5 minutes): the rows it holds are free again by then.
  drainMail: { name: 'mail.drain', expireInSeconds: 6 * 60 },
  sweepOrphans: { name: 'blobs.orphan-sweep', expireInSeconds: 30 * 60 },
  sweepExpired: { name: 'retention.sweep', expireInSeconds: 60 * 60 },
  applyProviderChanges: { name: 'provider-changes.apply', expireInSeconds: 15 * 60 },
  sendApprovalNotices: { name: 'provider-records.approval-notices', expireInSeconds: 15 * 60 },
  deliverAnnouncements: { name: 'announcements.deliver', expireInSeconds: 15 * 60 },
  // Past a running export's stale time (30 minutes): another worker may claim it again.
  runExports: { name: 'exports.run', expireInSeconds: 31 * 60 },
  openCredentialRfis: { name: 'credentials.expiry', expireInSeconds: 30 * 60 },
} satisfies Record<string, QueueDefinition>;

/**
 * The work the API process does besides answering requests: delivering the outbox (when SMTP
 * is configured), reminding owners of stale drafts and applicants of RFIs past their due date,
 * sweeping document files no row names, and, daily, deleting what was kept past its time.
 *
 * With `jobQueue` (what the server uses, on both backends) the scheduling is the pg-boss queue
 * in the database: each period's job runs once across all instances, and a dead instance's job
 * is retried (ADR 040). Without it (tests of the work itself) the same work runs on timers.
 */
export async function startBackgroundJobs(options: {
  repositories: Repositories;
  mail: MailConfig;
  log: FastifyBaseLogger;
  blobs?: BlobStore;
  /** How long what expires is kept (the program profile's): with blobs, a daily sweep deletes it. */
  retention?: ProgramProfile['retention'];
  /** Run the jobs on pg-boss: PostgreSQL by connection string, or the embedded PGlite's pool. */
  jobQueue?: Pick<JobQueueOptions, 'connectionString' | 'pool' | 'schema' | 'role' | 'migrate'>;
  /** A transport other than SMTP_URL's (tests). */
  transport?: MailTransport;
  reminderEveryMs?: number;
  /** The most rows an export may hold (ADR 110): with blobs, queued exports are written. */
  exportMaxRows?: number;
}) {
  const { repositories, log } = options;
  const transport = options.transport ?? (options.mail.smtpUrl ? createSmtpTransport(options.mail.smtpUrl) : undefined);
  const worker = transport
    ? createMailWorker({
        outbox: repositories.mail,
        transport,
        from: options.mail.from,
        domain: options.mail.domain,
        log,
      })
    : undefined;
  if (!worker) log.info('mail: no SMTP_URL, mails stay in the outbox (the Inbox shows them)');

  const remindStaleDrafts = async () => {
    const count = await repositories.notifications.remindStaleDrafts();
    if (count > 0) log.info(`reminded the owners of ${count} untouched drafts`);
  };
  const remindDueRfis = async () => {
    const count = await repositories.rfiReminders.remindDue();
    if (count > 0) log.info(`reminded applicants of ${count} RFIs past their due date`);
  };
  // Approved changes whose day has come become their record's new version (ADR 101).
  const applyProviderChanges = async () => {
    const result = await repositories.providerChanges.applyDue(repositories.providerRecords.today());
    if (result.applied + result.returned > 0) log.info(result, 'applied the reported changes whose day has come');
  };
  // Reminders of an approval's end and the notice of its lapse, each once (ADR 107).
  const sendApprovalNotices = async () => {
    const told = await repositories.approvalNotices.sendDue();
    if (told > 0) log.info(`told ${told} providers of their approval's end`);
  };
  // Announcements to their recipients' inboxes and the outbox, in batches, each once (ADR 114).
  const deliverAnnouncements = async () => {
    const delivered = await repositories.announcements.deliverPending();
    if (delivered > 0) log.info(`delivered announcements to ${delivered} providers`);
  };
  // Requests for information on credentials that expire soon, each once (ADR 116).
  const openCredentialRfis = async () => {
    const opened = await repositories.credentialExpiry.openDue();
    if (opened > 0) log.info(`asked providers for ${opened} credentials that expire soon`);
  };
  const blobs = options.blobs;
  const sweepOrphans = blobs
    ? async () => {
        // Another instance may be receiving a file right now: only files an hour old go.
        const swept = await sweepOrphanFiles(
          blobs,
          referencedByAny(repositories.documents, repositories.rfiFiles, repositories.changeDocuments),
          {
            olderThanMs: HOUR_MS,
          },
        );
        if (swept.staged + swept.stored > 0) log.warn(swept, 'removed document files left by an interrupted upload');
      }
    : undefined;

  // Queued exports, one after another, until none is left (ADR 110).
  const exportRunner = blobs ? repositories.exportRunner(blobs, options.exportMaxRows ?? 200_000) : undefined;
  const runExports = exportRunner
    ? async () => {
        for (;;) {
          try {
            if (!(await exportRunner.runNext())) return;
          } catch (error) {
            log.error({ err: error }, 'an export failed (its requester was told)');
          }
        }
      }
    : undefined;

  const retention = options.retention;
  const sweepRetention =
    blobs && retention
      ? async () => {
          // The job is asked for every 12 hours (pg-boss keeps no longer slot); it sweeps once a day.
          if (await repositories.retention.sweptOn(new Date().toISOString().slice(0, 10))) return;
          const swept = await sweepExpired({
            repository: repositories.retention,
            blobs,
            kinds: retentionKinds(retention, repositories.retention, repositories.exports),
          });
          log.info(swept, 'retention: deleted what was kept past its time');
        }
      : undefined;

  if (options.jobQueue) {
    const programDay = () => repositories.providerRecords.today();
    const jobs: PeriodicJob[] = [
      { ...JOB_QUEUES.remindDrafts, everySeconds: 3600, run: remindStaleDrafts },
      { ...JOB_QUEUES.remindDueRfis, everySeconds: 3600, run: remindDueRfis },
      // Each minute: the search shows a change within a minute of the start of its day.
      { ...JOB_QUEUES.applyProviderChanges, everySeconds: APPLY_CHANGES_EVERY_SECONDS, run: applyProviderChanges },
      // Hourly: a reminder goes out within the first hour of its day.
      // Keyed by the program's day: a new day's work does not wait for the hour's slot to end.
      { ...JOB_QUEUES.sendApprovalNotices, everySeconds: 3600, key: programDay, run: sendApprovalNotices },
      { ...JOB_QUEUES.deliverAnnouncements, everySeconds: 5, run: deliverAnnouncements },
      // Asked for each hour, so that a day's work is done early that day whatever instance was
      // down; a credential already asked for is a row, so the other runs of the day open nothing.
      { ...JOB_QUEUES.openCredentialRfis, everySeconds: 3600, key: programDay, run: openCredentialRfis },
    ];
    if (worker) jobs.push({ ...JOB_QUEUES.drainMail, everySeconds: 5, run: async () => void (await worker.drain()) });
    if (sweepOrphans) jobs.push({ ...JOB_QUEUES.sweepOrphans, everySeconds: 6 * 3600, run: sweepOrphans });
    if (runExports) jobs.push({ ...JOB_QUEUES.runExports, everySeconds: 5, run: runExports });
    if (sweepRetention) jobs.push({ ...JOB_QUEUES.sweepExpired, everySeconds: 12 * 3600, run: sweepRetention });
    const queue = await startJobQueue({ ...options.jobQueue, jobs, log });
    return {
      worker,
      queue,
      async stop() {
        await queue.stop();
        await worker?.stop();
      },
    };
  }

  worker?.start();
  let reminders: Promise<unknown> | undefined;
  const remind = () => {
    reminders = remindStaleDrafts()
      .catch((error: unknown) => log.error({ err: error }, 'draft reminders failed'))
      .then(remindDueRfis)
      .catch((error: unknown) => log.error({ err: error }, 'RFI due-date reminders failed'))
      .then(sendApprovalNotices)
      .catch((error: unknown) => log.error({ err: error }, "notices of approvals' end failed"))
      .then(deliverAnnouncements)
      .catch((error: unknown) => log.error({ err: error }, 'delivering announcements failed'))
      .then(openCredentialRfis)
      .catch((error: unknown) => log.error({ err: error }, 'requests for expiring credentials failed'))
      .finally(() => {
        reminders = undefined;
      });
  };
  const reminderTimer = setInterval(remind, options.reminderEveryMs ?? HOUR_MS);
  reminderTimer.unref();
  remind();
  let applying: Promise<unknown> | undefined;
  const applyChanges = () => {
    applying ??= applyProviderChanges()
      .catch((error: unknown) => log.error({ err: error }, 'applying the reported changes failed'))
      .finally(() => {
        applying = undefined;
      });
  };
  const applyTimer = setInterval(applyChanges, APPLY_CHANGES_EVERY_SECONDS * 1000);
  applyTimer.unref();
  applyChanges();

  return {
    worker,
    queue: undefined,
    async stop() {
      clearInterval(reminderTimer);
      clearInterval(applyTimer);
      await Promise.all([reminders, applying]);
      await worker?.stop();
    },
  };
}
