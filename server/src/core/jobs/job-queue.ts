import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Db, Executor, Tx } from '../db/client';

/**
 * Background jobs on pg-boss 10 (a queue engine on PostgreSQL; Node 20), on the PostgreSQL server and
 * on the embedded PGlite alike: pg-boss takes a `db` whose `executeSql(text, values)` we answer with
 * the connection the app already has (the `pg` pool, or the one PGlite connection). Its tables live in
 * the database's `pgboss` schema, which it creates and migrates itself at the first start.
 *
 * - A job kind (`JobKind`) is a queue: its name, its payload schema, its retry policy and its handler.
 *   Each domain names its kinds in its `index.ts` (`jobKinds`), next to the work they do
 *   (`<leaf>/<x>.task.ts`); `app.ts` registers them.
 * - Each run of a job is one database transaction: the handler's writes and the job's completion
 *   commit together, or neither does (the job is then retried with back-off, or fails for good with
 *   the data as it was before it started).
 * - A scheduled kind has a cron kept in pg-boss's `schedule` table. Every process may schedule and
 *   work: pg-boss fires each cron once per minute for all processes (a timestamp claimed in its
 *   `version` table, plus a unique "singleton" slot), and we give each scheduled job the slot as its
 *   singleton, so a slot holds one job whatever the number of processes; SKIP LOCKED hands it to one
 *   worker.
 */

/** The payload of every job: the kind's body and the fields the jobs screen shows (01-console §3). */
export interface JobData<Body = unknown> {
  body: Body;
  /** The event the job works for; absent for jobs of the whole installation. */
  eventId?: number | null;
  /** The period the job covers (ISO instants); a scheduled job's is its slot. */
  hourRange?: { start: string; end: string } | null;
  /** Correlation id of a run (several jobs of one import share it); defaults to a fresh uuid. */
  tourId?: string | null;
  /** Set on the schedule's payload: the length of one slot, in seconds. */
  slotSeconds?: number;
}

/** What a handler learns about the run it is in. */
export interface JobRun {
  id: string;
  kind: string;
  /** 0 on the first attempt. */
  attempt: number;
  /** The start of the slot of a scheduled job, else when the job was queued. */
  slotStart: Date;
  eventId: number | null;
  tourId: string | null;
}

export interface JobSchedule {
  /** A five-field cron, in UTC. */
  cron: string;
  /** The slot length: one job per slot of this many seconds. */
  slotSeconds: number;
}

export interface JobKind<Body = unknown> {
  /** The queue's name: lowercase words and dashes (e.g. 'ticket-import'). */
  name: string;
  /** The payload's schema: enqueue refuses a body that does not pass it, and a handler receives it parsed. */
  body: z.ZodType<Body>;
  /** Attempts after the first one, their first delay and whether the delay doubles (back-off). */
  retry: { limit: number; delaySeconds: number; backoff: boolean };
  /** A run still active after this long is failed (and retried). */
  expireSeconds?: number;
  /** A schedule of this deployment (from its settings), or null: queued on demand only. */
  schedule?: (config: Config) => JobSchedule | null;
  /**
   * The work, inside one transaction `tx`: throw to fail the attempt (everything written through `tx`
   * is rolled back). What it returns is kept as the job's output (shown on the jobs screen).
   */
  run: (ctx: AppContext, tx: Tx, body: Body, job: JobRun) => Promise<unknown>;
}

/**
 * What queueing needs of a kind: its name and body schema. A service that queues work of a kind whose
 * handler calls back into that service imports the address (`<x>.jobs.ts`), not the kind (`<x>.task.ts`),
 * so the two never import each other.
 */
export type JobAddress<Body = unknown> = Pick<JobKind<Body>, 'name' | 'body'>;
export const defineJobAddress = <Body>(address: JobAddress<Body>): JobAddress<Body> => address;

/** A kind whose body type is erased (the registry holds kinds of every body). */
// biome-ignore lint/suspicious/noExplicitAny: a registry of kinds with different payloads.
export type AnyJobKind = JobKind<any>;

export const defineJobKind = <Body>(kind: JobKind<Body>): JobKind<Body> => kind;

/**
 * Fails an attempt (it is retried with back-off, or fails for good) while keeping a record of it:
 * the attempt's transaction is rolled back as always, then `keep` runs in a transaction of its own
 * (e.g. what each call to another system answered, or the new tokens it issued, which must not be
 * forgotten with the attempt's work).
 */
export class JobAttemptError extends Error {
  constructor(
    message: string,
    readonly keep: (tx: Tx) => Promise<unknown>,
  ) {
    super(message);
    this.name = 'JobAttemptError';
  }
}

/** How long completed jobs stay in the job table, then in the archive (the jobs screen reads both). */
/** The advisory lock key under which processes create the queues in turn ('pulsera-queues'). */
const QUEUE_CREATION_LOCK = 7_031_977_026;
const ARCHIVE_COMPLETED_SECONDS = 24 * 3600;
/** Failed jobs stay retryable (in the job table) this long. */
const ARCHIVE_FAILED_SECONDS = 14 * 24 * 3600;
const DELETE_AFTER_DAYS = 30;

/** The driver's own client behind a Drizzle database or transaction (pg Pool/PoolClient, PGlite). */
interface RawClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?: (text: string) => Promise<{ rows: unknown[] }[]>;
}
const rawClient = (db: Executor): RawClient =>
  (db as unknown as { session: { client: RawClient } }).session.client;

/**
 * pg-boss's `db` over our connection. Statements without parameters may hold several commands (its
 * migrations: BEGIN … COMMIT with an advisory lock): PGlite runs those with `exec`; `pg` takes them
 * in `query`. A failed multi-command text is rolled back so the one PGlite connection is never left
 * inside an aborted transaction.
 */
export function bossDb(db: Executor): PgBoss.Db {
  const client = rawClient(db);
  return {
    async executeSql(text, values) {
      if (client.exec && !values?.length) {
        try {
          const results = await client.exec(text);
          return results[results.length - 1] ?? { rows: [] };
        } catch (err) {
          if (/\bBEGIN\b/.test(text)) await client.exec('ROLLBACK').catch(() => undefined);
          throw err;
        }
      }
      return client.query(text, values ?? []);
    },
  };
}

export interface JobQueueOptions {
  /** Work the queues (run handlers) in this process. */
  work: boolean;
  /** Keep the schedules and fire them (and pg-boss's maintenance: expiry, archive). */
  schedule: boolean;
  /** Seconds between two polls of a queue (default 2). */
  pollingSeconds?: number;
  /** Seconds between two cron checks (default 30; pg-boss fires a cron at most once a minute). */
  cronCheckSeconds?: number;
  /** Replaces a kind's schedule (tests: every minute). */
  scheduleOverride?: Record<string, JobSchedule | null>;
}

export interface EnqueueOptions {
  /** Enqueue inside this transaction: the job exists only if it commits. */
  tx?: Tx;
  eventId?: number | null;
  hourRange?: { start: Date; end: Date } | null;
  tourId?: string;
  /** Start no earlier than this. */
  startAfter?: Date;
  /** At most one job with this key per `singletonSeconds` (or one waiting at a time when not given). */
  singletonKey?: string;
  singletonSeconds?: number;
}

export interface JobLog {
  error: (o: object, m: string) => void;
}

/** The queue engine of one app (one per process): kinds, start and stop, enqueue. */
export class JobQueue {
  readonly kinds = new Map<string, AnyJobKind>();
  private boss: PgBoss | null = null;
  private started: Promise<void> | null = null;
  private startedWith: JobQueueOptions | null = null;

  /** Where engine errors and failed attempts are logged (the app's logger once built). */
  log: JobLog = { error: (o, m) => console.error(m, o) };

  constructor(private readonly ctx: AppContext) {}

  /** Adds a job kind (before start). */
  register(kind: AnyJobKind) {
    if (!/^[a-z][a-z0-9-]{1,48}$/.test(kind.name)) throw new Error(`Bad job kind name ${kind.name}`);
    if (this.kinds.has(kind.name)) throw new Error(`Job kind ${kind.name} is registered twice`);
    this.kinds.set(kind.name, kind);
  }

  kind(name: string) {
    return this.kinds.get(name) ?? null;
  }

  /** The schedule of a kind in this deployment (null: not scheduled). */
  scheduleOf(kind: AnyJobKind, override?: Record<string, JobSchedule | null>) {
    if (override && kind.name in override) return override[kind.name] ?? null;
    return kind.schedule?.(this.ctx.config) ?? null;
  }

  /**
   * Installs pg-boss's tables (once per database) and its queues, then — as asked — writes the
   * schedules of this deployment and starts the workers. Safe from several processes at once.
   */
  async start(opts: JobQueueOptions): Promise<void> {
    // Started already (the app starts it when ready): with other options, restart it with these.
    if (this.started && this.startedWith && !sameOptions(this.startedWith, opts)) await this.stop();
    this.startedWith = opts;
    this.started ??= this.doStart(opts);
    return this.started;
  }

  private async doStart(opts: JobQueueOptions) {
    const boss = new PgBoss({
      db: bossDb(this.ctx.db),
      schema: 'pgboss',
      migrate: true,
      supervise: opts.schedule,
      schedule: opts.schedule,
      archiveCompletedAfterSeconds: ARCHIVE_COMPLETED_SECONDS,
      archiveFailedAfterSeconds: ARCHIVE_FAILED_SECONDS,
      deleteAfterDays: DELETE_AFTER_DAYS,
      cronMonitorIntervalSeconds: opts.cronCheckSeconds ?? 30,
      cronWorkerIntervalSeconds: Math.min(5, opts.cronCheckSeconds ?? 5),
    } as PgBoss.ConstructorOptions);
    boss.on('error', (err) => this.log.error({ err }, 'job queue: engine error'));
    await boss.start();
    this.boss = boss;
    await this.createQueues(boss);
    if (opts.schedule) {
      for (const kind of this.kinds.values()) {
        const s = this.scheduleOf(kind, opts.scheduleOverride);
        if (!s) {
          await boss.unschedule(kind.name);
          continue;
        }
        const data: JobData = { body: {}, slotSeconds: s.slotSeconds };
        // The slot is the singleton: one job per kind and slot, however many processes fire the cron.
        await boss.schedule(kind.name, s.cron, data, {
          tz: 'UTC',
          singletonKey: kind.name,
          singletonSeconds: s.slotSeconds,
        });
      }
    }
    if (opts.work) {
      for (const kind of this.kinds.values()) {
        await boss.work(
          kind.name,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: opts.pollingSeconds ?? 2 },
          async ([job]) => {
            if (job) await this.runJob(kind, job as PgBoss.JobWithMetadata<JobData>);
          },
        );
      }
    }
  }

  /**
   * Creates the queues that do not exist yet. A queue is a partition of pg-boss's job table: creating
   * one attaches it (DDL), which deadlocked against another process creating or working its queues
   * at the same moment (WEB_CONCURRENCY > 1). The server's primary process creates them before its
   * workers fork (main.ts), so a worker finds them all; processes of other machines starting at once
   * take turns under a PostgreSQL advisory lock held on a connection of their own.
   */
  private async createQueues(boss: PgBoss) {
    const missing = async () => {
      const known = new Set((await boss.getQueues()).map((q) => q.name));
      return [...this.kinds.values()].filter((kind) => !known.has(kind.name));
    };
    if ((await missing()).length === 0) return;
    const pool = rawClient(this.ctx.db) as unknown as { connect?: () => Promise<pg.PoolClient> };
    // PGlite: one process, one connection; nothing to wait for.
    const lock = this.ctx.databaseKind === 'postgres' && pool.connect ? await pool.connect() : null;
    try {
      await lock?.query('select pg_advisory_lock($1)', [QUEUE_CREATION_LOCK]);
      for (const kind of await missing()) {
        await boss.createQueue(kind.name, {
          name: kind.name,
          retryLimit: kind.retry.limit,
          retryDelay: kind.retry.delaySeconds,
          retryBackoff: kind.retry.backoff,
          expireInSeconds: kind.expireSeconds ?? 15 * 60,
        } as PgBoss.Queue);
      }
    } finally {
      if (lock) {
        await lock.query('select pg_advisory_unlock($1)', [QUEUE_CREATION_LOCK]).catch(() => undefined);
        lock.release();
      }
    }
  }

  /** One attempt: the handler and the job's completion in one transaction. */
  private async runJob(kind: AnyJobKind, job: PgBoss.JobWithMetadata<JobData>) {
    const boss = this.boss!;
    const data = job.data ?? { body: {} };
    const run: JobRun = {
      id: job.id,
      kind: kind.name,
      attempt: job.retryCount,
      slotStart: job.singletonOn ? asUtc(job.singletonOn) : new Date(job.createdOn),
      eventId: data.eventId ?? null,
      tourId: data.tourId ?? null,
    };
    try {
      await this.ctx.db.transaction(async (tx) => {
        const body = kind.body.parse(data.body ?? {});
        const output = await kind.run(this.ctx, tx, body, run);
        // Completed inside the same transaction: the work and "done" commit together.
        await boss.complete(kind.name, job.id, toOutput(output) ?? {}, { db: bossDb(tx) });
      });
    } catch (err) {
      this.log.error({ err, job: job.id, kind: kind.name, attempt: run.attempt }, 'job failed');
      if (err instanceof JobAttemptError)
        await this.ctx.db
          .transaction((tx) => err.keep(tx).then(() => undefined))
          .catch((e) => this.log.error({ err: e, job: job.id }, 'job failed: its record could not be kept'));
      // The engine keeps the error as the job's last error: the database's own reason, not the
      // statement that the driver wraps around it.
      throw err instanceof Error && err.cause instanceof Error ? err.cause : err;
    }
  }

  private engine() {
    if (!this.boss) throw new Error('The job queue is not started');
    return this.boss;
  }

  /** Queues a job of `kind`; answers its id (null when a singleton already holds the slot). */
  async enqueue<Body>(kind: JobAddress<Body>, body: Body, opts: EnqueueOptions = {}): Promise<string | null> {
    if (!this.kinds.has(kind.name)) throw new Error(`Job kind ${kind.name} is not registered`);
    const data: JobData<Body> = {
      body: kind.body.parse(body),
      eventId: opts.eventId ?? null,
      hourRange: opts.hourRange
        ? { start: opts.hourRange.start.toISOString(), end: opts.hourRange.end.toISOString() }
        : null,
      tourId: opts.tourId ?? randomUUID(),
    };
    return this.engine().send(kind.name, data as object, {
      // The caller's transaction, else the request's one (an audited write: the job commits with it).
      db: bossDb(opts.tx ?? this.ctx.db),
      ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.singletonSeconds ? { singletonSeconds: opts.singletonSeconds } : {}),
    });
  }

  /**
   * Puts a failed job back in its queue for one more attempt. Answers false when the job is not
   * failed (any more): pg-boss changes only a job in the failed state.
   */
  async retry(kind: string, id: string, db: Db | Tx = this.ctx.db): Promise<boolean> {
    const res = await bossDb(db).executeSql(
      `UPDATE pgboss.job SET state = 'retry', retry_limit = retry_limit + 1, start_after = now()
        WHERE name = $1 AND id = $2 AND state = 'failed' RETURNING id`,
      [kind, id],
    );
    return res.rows.length === 1;
  }

  /** Stops the workers and the schedules, waiting (up to 10 s) for the runs in progress. */
  async stop() {
    const started = this.started;
    this.started = null;
    if (!started) return;
    await started.catch(() => undefined);
    const boss = this.boss;
    this.boss = null;
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
  }
}

const sameOptions = (a: JobQueueOptions, b: JobQueueOptions) => JSON.stringify(a) === JSON.stringify(b);

/** pg-boss's singleton_on is a `timestamp without time zone` holding UTC. */
function asUtc(d: Date | string) {
  if (typeof d === 'string') return new Date(/Z|[+-]\d\d:?\d\d$/.test(d) ? d : `${d.replace(' ', 'T')}Z`);
  // The driver read the UTC wall time as local time: shift it back.
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
}

const toOutput = (v: unknown): object | undefined =>
  v === undefined || v === null ? undefined : typeof v === 'object' ? (v as object) : { value: v };
