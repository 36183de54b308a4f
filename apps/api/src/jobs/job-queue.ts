import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import pg from 'pg';

/** A job that must run once per period across every instance (see ADR 040). */
export interface PeriodicJob {
  name: string;
  /** The period: one job per slot of this many seconds, whichever instances ask for it. */
  everySeconds: number;
  /** An active job not finished after this long belongs to a dead worker: it is retried. */
  expireInSeconds: number;
  /**
   * The work the job is for, such as the program's day for work done once a day: a new key asks
   * again within the slot (the first minutes of a day, or a clock moved outside production),
   * the same key once per slot as without one (ADR 124).
   */
  key?: () => string;
  run(): Promise<void>;
}

export interface JobQueueOptions {
  /** PostgreSQL: pg-boss opens a small pool of its own. */
  connectionString?: string;
  /** With connectionString: the role its connections take (the runtime role, logged in as the owner). */
  role?: string;
  /**
   * Install or upgrade pg-boss's schema at start (the default). False where the owner did it
   * (installJobQueue) and the portal's runtime role may only use it: pg-boss then checks it.
   */
  migrate?: boolean;
  /** Or the portal's pool (the embedded PGlite, one in-process database). */
  pool?: pg.Pool;
  /** The schema pg-boss keeps its tables in. */
  schema: string;
  jobs: PeriodicJob[];
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How often each instance asks for the current slot's job (the throttle makes it one). */
  tickMs?: number;
  /** How often a worker looks for a job. */
  pollingIntervalSeconds?: number;
  /** How often expired jobs are retried (maintenance; one instance does it per interval). */
  maintenanceIntervalSeconds?: number;
}

/**
 * pg-boss's statements through a pool it shares with the portal. Some are scripts that open a
 * transaction (`BEGIN; …; COMMIT`); if one fails half-way, the client is rolled back before it
 * goes back to the pool, so the next user (on PGlite, the portal itself) never inherits it.
 *
 * The statements under way are kept, so that a stop can wait for them before the pool closes.
 * pg-boss 10 marks a job completed without waiting for it (`Manager.work`'s `this.complete(…)`
 * is not awaited), and its graceful stop returns once no job is in hand: a job that finished
 * just before a stop had its completion sent to a pool already closed. It stayed active and ran
 * again after it expired, and the refused statement was an unhandled rejection.
 */
function statementsOn(pool: pg.Pool) {
  const underWay = new Set<Promise<unknown>>();
  const execute = async (text: string, values?: unknown[]) => {
    const client = await pool.connect();
    try {
      return await client.query(text, values);
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  return {
    executeSql: (text: string, values?: unknown[]) => {
      const statement = execute(text, values);
      underWay.add(statement);
      void statement.then(
        () => underWay.delete(statement),
        () => underWay.delete(statement),
      );
      return statement;
    },
    /** Waits for every statement sent so far, whether it succeeds or not. */
    settled: () => Promise.allSettled([...underWay]),
    idle: () => underWay.size === 0,
  };
}

/** A queue as pg-boss keeps it: made once, by whoever may create tables in its schema. */
export interface QueueDefinition {
  name: string;
  expireInSeconds: number;
}

/**
 * Creates the queues that do not exist yet. pg-boss 10 creates a queue (a row and a partition of
 * its job table) without a lock of its own: instances creating queues at once can deadlock, so
 * one at a time here. A queue that exists is left as it is.
 */
async function createQueues(pool: pg.Pool, schema: string, queues: QueueDefinition[]) {
  for (const queue of queues) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`${schema}.create_queue`]);
      await client.query(`select ${schema}.create_queue($1, $2)`, [
        queue.name,
        {
          policy: 'standard',
          retryLimit: 3,
          retryDelay: 1,
          retryBackoff: false,
          expireInSeconds: queue.expireInSeconds,
        },
      ]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

/**
 * pg-boss's schema and the portal's queues, installed or upgraded by the database owner (ADR
 * 082): the runtime role then only reads and writes their rows.
 */
export async function installJobQueue(options: { pool: pg.Pool; schema: string; queues: QueueDefinition[] }) {
  const statements = statementsOn(options.pool);
  const boss = new PgBoss({
    db: { executeSql: statements.executeSql },
    schema: options.schema,
    supervise: false,
    schedule: false,
  });
  // Installs or migrates the schema once, under pg-boss's own advisory lock.
  await boss.start();
  try {
    await createQueues(options.pool, options.schema, options.queues);
  } finally {
    await boss.stop({ graceful: false, wait: true });
    await statements.settled();
  }
}

/**
 * The PostgreSQL job queue (pg-boss) every API instance shares. Each instance asks, every
 * `tickMs`, for each periodic job of the current time slot (`singletonSeconds`): pg-boss's
 * unique index on (name, slot) keeps one job per slot whoever asks, and `SKIP LOCKED` gives it
 * to one worker. A job whose worker died stays active until `expireInSeconds`, then
 * maintenance puts it back for another worker (`retryLimit`).
 */
export async function startJobQueue(options: JobQueueOptions) {
  const ownPool = options.pool
    ? undefined
    : new pg.Pool({
        connectionString: options.connectionString,
        max: 2,
        application_name: 'pgboss',
        ...(options.role ? { options: `-c role=${options.role}` } : {}),
      });
  ownPool?.on('error', (error) => options.log.warn({ err: error }, 'job queue: a connection was lost'));
  const pool = options.pool ?? ownPool!;
  const statements = statementsOn(pool);
  const boss = new PgBoss({
    db: { executeSql: statements.executeSql },
    schema: options.schema,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    migrate: options.migrate ?? true,
    // Scheduling is the slots below, not pg-boss's cron.
    schedule: false,
  });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  // Installs or migrates pg-boss's schema once, under pg-boss's own advisory lock (or, with
  // migrate false, checks that it is installed at pg-boss's version).
  await boss.start();
  await createQueues(pool, options.schema, options.jobs);
  const running = new Set<Promise<void>>();
  for (const job of options.jobs) {
    await boss.work(
      job.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
      async () => {
        const run = job.run();
        running.add(run);
        try {
          await run;
        } finally {
          running.delete(run);
        }
      },
    );
  }

  /**
   * Waits until no statement is under way and no job is running, through a turn of the event loop
   * each time. pg-boss's graceful stop counts only jobs in hand: a fetch sent just before the
   * stop can still bring a job, which then runs and has its completion written. Between a fetch's
   * answer and the job's start, and between its end and its completion being sent, pg-boss takes
   * only microtask steps, so a quiet turn of the event loop means nothing more will come.
   */
  const drain = async () => {
    for (;;) {
      await statements.settled();
      await Promise.allSettled([...running]);
      await new Promise((resolve) => setImmediate(resolve));
      if (statements.idle() && running.size === 0) return;
    }
  };

  let stopping = false;
  const ask = async () => {
    for (const job of options.jobs) {
      if (stopping) return;
      try {
        await boss.send(
          job.name,
          {},
          { singletonSeconds: job.everySeconds, singletonKey: job.key?.(), expireInSeconds: job.expireInSeconds },
        );
      } catch (error) {
        options.log.warn({ err: error, job: job.name }, 'job queue: could not ask for a job');
      }
    }
  };
  let asking: Promise<void> | undefined;
  const tick = () => {
    asking ??= ask().finally(() => (asking = undefined));
  };
  tick();
  const timer = setInterval(tick, options.tickMs ?? 5_000);
  timer.unref();

  return {
    boss,
    /**
     * Stops asking and fetching; lets a job in hand finish (bounded) and its completion be
     * written, then closes the pool.
     */
    async stop() {
      stopping = true;
      clearInterval(timer);
      await asking;
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
      await drain();
      await ownPool?.end();
    },
  };
}
export type JobQueue = Awaited<ReturnType<typeof startJobQueue>>;
