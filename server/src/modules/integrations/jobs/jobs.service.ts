import {
  DEFAULT_LANGUAGE,
  ERRORS,
  type Job,
  type JobKindInfo,
  type JobListQuery,
  type JobListResult,
  type JobStatus,
  type Language,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { fail } from '../../../core/lib/errors';
import { translate } from '../../../core/lib/i18n';
import * as repo from './jobs.repo';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

function statusOf(state: string): JobStatus {
  if (state === 'failed') return 'failed';
  return (repo.STATES_OF.processed as readonly string[]).includes(state) ? 'processed' : 'enqueued';
}

/** Node's codes of a file the server could not read or write, and of a system it could not reach. */
const FILE_CODES = ['ENOENT', 'ENOTDIR', 'EISDIR', 'EACCES', 'EPERM', 'ENOSPC', 'EROFS', 'EEXIST'];
const NETWORK_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'];

/**
 * A failed attempt's error in the reader's language (issue 27 item 24): one of our errors is
 * translated; any other is said in a sentence of that language with the system's own words after it
 * (what an operator would search for).
 */
export function lastErrorText(output: Record<string, unknown>, lang: Language) {
  const detail = String(output.message ?? JSON.stringify(output));
  const key = output.key;
  if (typeof key === 'string' && key in ERRORS) {
    const extra = output.extra as { params?: Record<string, unknown> } | undefined;
    return translate(lang, key, extra?.params ?? {});
  }
  const code = typeof output.code === 'string' ? output.code : '';
  const kind = FILE_CODES.includes(code)
    ? 'fileError'
    : NETWORK_CODES.includes(code)
      ? 'networkError'
      : 'error';
  return translate(lang, `jobFailures.${kind}`, { detail });
}

/** A job as the screen shows it (01-console §3 job fields; the mapping is in docs/decisions.md). */
export function toJob(r: repo.JobRecord, lang: Language = DEFAULT_LANGUAGE): Job {
  const data = (r.data ?? {}) as {
    body?: unknown;
    eventId?: unknown;
    hourRange?: { start: string; end: string } | null;
    tourId?: string | null;
    slotSeconds?: number;
  };
  const slot = r.singleton_on && data.slotSeconds ? new Date(r.singleton_on) : null;
  const hourRange =
    data.hourRange ??
    (slot
      ? { start: slot.toISOString(), end: new Date(slot.getTime() + data.slotSeconds! * 1000).toISOString() }
      : null);
  const failedAttempt = r.state === 'failed' || r.state === 'retry';
  const output = r.output as Record<string, unknown> | null;
  return {
    id: r.id,
    kind: r.name,
    status: statusOf(r.state),
    engineState: r.state as Job['engineState'],
    messageBody: JSON.stringify('body' in data ? (data.body ?? {}) : data),
    eventId: typeof data.eventId === 'number' ? data.eventId : null,
    eventName: r.event_name,
    hourRange,
    tourId: data.tourId ?? (slot ? `${r.name}@${slot.toISOString()}` : null),
    attempts: r.started_on ? Number(r.retry_count) + 1 : 0,
    maxAttempts: Number(r.retry_limit) + 1,
    lastError: failedAttempt && output ? lastErrorText(output, lang) : null,
    output: !failedAttempt && output ? JSON.stringify(output) : null,
    createdAt: iso(r.created_on),
    startAfter: iso(r.start_after),
    startedAt: isoOrNull(r.started_on),
    completedAt: isoOrNull(r.completed_on),
    archived: r.archived,
  };
}

export function kinds(ctx: AppContext): JobKindInfo[] {
  return [...ctx.jobs.kinds.values()]
    .map((k) => ({ name: k.name, schedule: ctx.jobs.scheduleOf(k), runnable: k.body.safeParse({}).success }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** GET /jobs: a page of jobs, newest first, filtered by status, kind, event and creation dates. */
export async function list(ctx: AppContext, q: JobListQuery, lang?: Language): Promise<JobListResult> {
  const { rows, total } = await repo.listJobs(ctx.db, q);
  return { jobs: rows.map((r) => toJob(r, lang)), total, kinds: kinds(ctx) };
}

export async function get(ctx: AppContext, id: string, lang?: Language): Promise<Job> {
  const row = await repo.findJob(ctx.db, id);
  if (!row) throw fail('jobNotFound');
  return toJob(row, lang);
}

/**
 * POST /jobs/:id/retry: a failed job gets one more attempt, at once. Refused for a job in any other
 * state (still queued, running or done: it has nothing to retry), and for an archived one.
 */
export async function retry(ctx: AppContext, id: string, lang?: Language): Promise<Job> {
  const row = await repo.findJob(ctx.db, id);
  if (!row) throw fail('jobNotFound');
  const job = toJob(row);
  if (row.state !== 'failed' || row.archived || !(await ctx.jobs.retry(row.name, row.id)))
    throw fail('jobNotFailed', { params: { status: job.status } });
  return get(ctx, id, lang);
}

/** POST /jobs/run: queues a run of a job kind now (for a scheduled kind, the current slot's). */
export async function runNow(ctx: AppContext, kindName: string, lang?: Language): Promise<Job> {
  const kind = ctx.jobs.kind(kindName);
  if (!kind) throw fail('jobKindUnknown', { params: { kind: kindName } });
  if (!kind.body.safeParse({}).success) throw fail('jobNotRunnable');
  const schedule = ctx.jobs.scheduleOf(kind);
  const now = Date.now();
  const slotMs = (schedule?.slotSeconds ?? 0) * 1000;
  const start = slotMs ? new Date(Math.floor(now / slotMs) * slotMs) : null;
  const id = await ctx.jobs.enqueue(
    kind,
    {},
    start ? { hourRange: { start, end: new Date(start.getTime() + slotMs) } } : {},
  );
  return get(ctx, id!, lang);
}
