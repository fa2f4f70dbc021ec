import type { Job, JobKindInfo, JobListQuery, JobListResult, JobStatus } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { fail } from '../../../core/lib/errors';
import * as repo from './jobs.repo';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

function statusOf(state: string): JobStatus {
  if (state === 'failed') return 'failed';
  return (repo.STATES_OF.processed as readonly string[]).includes(state) ? 'processed' : 'enqueued';
}

/** A job as the screen shows it (01-console §3 job fields; the mapping is in docs/decisions.md). */
export function toJob(r: repo.JobRecord): Job {
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
  const output = r.output as { message?: unknown } | null;
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
    lastError: failedAttempt && output ? String(output.message ?? JSON.stringify(output)) : null,
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
export async function list(ctx: AppContext, q: JobListQuery): Promise<JobListResult> {
  const { rows, total } = await repo.listJobs(ctx.db, q);
  return { jobs: rows.map(toJob), total, kinds: kinds(ctx) };
}

export async function get(ctx: AppContext, id: string): Promise<Job> {
  const row = await repo.findJob(ctx.db, id);
  if (!row) throw fail('jobNotFound');
  return toJob(row);
}

/**
 * POST /jobs/:id/retry: a failed job gets one more attempt, at once. Refused for a job in any other
 * state (still queued, running or done: it has nothing to retry), and for an archived one.
 */
export async function retry(ctx: AppContext, id: string): Promise<Job> {
  const row = await repo.findJob(ctx.db, id);
  if (!row) throw fail('jobNotFound');
  const job = toJob(row);
  if (row.state !== 'failed' || row.archived || !(await ctx.jobs.retry(row.name, row.id)))
    throw fail('jobNotFailed', { params: { status: job.status } });
  return get(ctx, id);
}

/** POST /jobs/run: queues a run of a job kind now (for a scheduled kind, the current slot's). */
export async function runNow(ctx: AppContext, kindName: string): Promise<Job> {
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
  return get(ctx, id!);
}
