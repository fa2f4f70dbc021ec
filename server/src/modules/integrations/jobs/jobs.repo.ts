import type { JobListQuery } from '@pulsera/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { pageWindow } from '../../../core/lib/paging';

/**
 * The queue engine's jobs as the jobs screen lists them: pg-boss keeps live and recent jobs in
 * `pgboss.job` and moves older ones to `pgboss.archive` (same columns); both are read.
 */
export interface JobRecord {
  id: string;
  name: string;
  state: string;
  data: Record<string, unknown> | null;
  output: Record<string, unknown> | null;
  retry_count: number;
  retry_limit: number;
  singleton_on: string | null;
  created_on: Date | string;
  start_after: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  archived: boolean;
  event_name: string | null;
}

/** Engine states of each of the screen's statuses. */
export const STATES_OF = {
  failed: ['failed'],
  enqueued: ['created', 'retry', 'active'],
  processed: ['completed', 'cancelled'],
} as const;

const rowsOf = <T>(res: unknown): T[] => (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];

const COLUMNS = sql.raw(`id::text as id, name, state::text as state, data, output, retry_count, retry_limit,
  to_char(singleton_on, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as singleton_on, created_on, start_after, started_on,
  completed_on`);

function filters(q: Omit<JobListQuery, 'page' | 'paginationLimit' | 'disablePagination'>): SQL {
  // pg-boss's own queues (its cron hand-off, `__pgboss__send-it`) are plumbing, not our jobs.
  const where: SQL[] = [sql`left(name, 8) <> '__pgboss'`];
  if (q.status)
    where.push(
      sql`state::text in (${sql.join(
        STATES_OF[q.status].map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (q.kind) where.push(sql`name = ${q.kind}`);
  if (q.eventId) where.push(sql`data->>'eventId' = ${String(q.eventId)}`);
  if (q.dateStart) where.push(sql`created_on >= ${q.dateStart}::timestamptz`);
  if (q.dateEnd) where.push(sql`created_on <= ${q.dateEnd}::timestamptz`);
  return sql.join(where, sql` and `);
}

/** A page of jobs, newest first, with the total. */
export async function listJobs(db: Executor, q: JobListQuery) {
  const where = filters(q);
  const all = sql`(select ${COLUMNS}, false as archived from pgboss.job where ${where}
    union all select ${COLUMNS}, true as archived from pgboss.archive where ${where})`;
  const { limit, offset } = pageWindow(q, 25);
  const rows = rowsOf<JobRecord>(
    await db.execute(sql`
      select j.*, e.name as event_name from ${all} j
        left join events e on e.id = case when j.data->>'eventId' ~ '^[0-9]{1,9}$' then (j.data->>'eventId')::int end
      order by j.created_on desc, j.id desc
      ${limit ? sql`limit ${limit} offset ${offset}` : sql``}`),
  );
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${all} j`));
  return { rows, total: Number(n) };
}

/** One job, live or archived. */
export async function findJob(db: Executor, id: string) {
  const [row] = rowsOf<JobRecord>(
    await db.execute(sql`
      select j.*, e.name as event_name from (
        select ${COLUMNS}, false as archived from pgboss.job where id = ${id}::uuid
        union all select ${COLUMNS}, true as archived from pgboss.archive where id = ${id}::uuid) j
        left join events e on e.id = case when j.data->>'eventId' ~ '^[0-9]{1,9}$' then (j.data->>'eventId')::int end
      order by j.archived limit 1`),
  );
  return row ?? null;
}
