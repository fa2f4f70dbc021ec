import { z } from 'zod';
import { ListQuery } from '../envelope';
import { instant, queryId } from '../inputs';

/**
 * Background jobs (admin/configuration/jobs, super admin; 01-console §3 "Job statuses: failed,
 * enqueued, processed"). The queue engine's six states map onto the spec's three:
 * created, retry (waiting for its next attempt) and active (running) are `enqueued`; completed and
 * cancelled are `processed`; failed (no attempt left) is `failed`, the only one that can be retried.
 */
export const JOB_STATUSES = ['failed', 'enqueued', 'processed'] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

export const JOB_ENGINE_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export const JobEngineState = z.enum(JOB_ENGINE_STATES);
export type JobEngineState = z.infer<typeof JobEngineState>;

/** A job kind's name: lowercase words and dashes. */
export const jobKindName = () => z.string().regex(/^[a-z][a-z0-9-]{1,48}$/, { error: 'validation.invalid' });

export const Job = z.object({
  /** The engine's job id (a uuid). */
  id: z.string(),
  /** The job kind (its queue), e.g. capacity-log. */
  kind: z.string(),
  status: JobStatus,
  engineState: JobEngineState,
  /** The job's payload, as JSON text. */
  messageBody: z.string(),
  /** The event the job works for; null for jobs of the whole installation. */
  eventId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  /** The period the job covers: a scheduled job's slot, or the period an import or push covers. */
  hourRange: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** Correlation id of the run: a scheduled job's `<kind>@<slot>`, else the id given when queued. */
  tourId: z.string().nullable(),
  /** Attempts made so far and allowed in all. */
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** The last attempt's error message (failed, or waiting to retry). */
  lastError: z.string().nullable(),
  /** What a completed job answered (JSON text). */
  output: z.string().nullable(),
  createdAt: z.string(),
  /** When it may start (the next attempt's time while waiting to retry). */
  startAfter: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Kept in the archive (older jobs): shown, no longer retried. */
  archived: z.boolean(),
});
export type Job = z.infer<typeof Job>;

export const JobListQuery = ListQuery.extend({
  status: JobStatus.optional(),
  kind: jobKindName().optional(),
  eventId: queryId().optional(),
  /** Created within these instants. */
  dateStart: instant().optional(),
  dateEnd: instant().optional(),
});
export type JobListQuery = z.infer<typeof JobListQuery>;

export const JobKindInfo = z.object({
  name: z.string(),
  /** Its schedule in this deployment (cron in UTC and slot length), or null: queued on demand. */
  schedule: z.object({ cron: z.string(), slotSeconds: z.number().int() }).nullable(),
  /** Whether it can be run by hand (it needs no data: a kind such as one sales period's push cannot). */
  runnable: z.boolean(),
});
export type JobKindInfo = z.infer<typeof JobKindInfo>;

export const JobListResult = z.object({
  jobs: z.array(Job),
  total: z.number().int(),
  /** Every job kind, for the filter. */
  kinds: z.array(JobKindInfo),
});
export type JobListResult = z.infer<typeof JobListResult>;

export const JobIdParam = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/** Run a scheduled job kind now (its slot is the current one). */
export const JobRunRequest = z.object({ kind: jobKindName() });
export type JobRunRequest = z.infer<typeof JobRunRequest>;
