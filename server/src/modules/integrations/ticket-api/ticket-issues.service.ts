import {
  type ExternalProduct,
  productName,
  type TicketIssue,
  type TicketIssueKind,
} from '@pulsera/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { ticketImportIssues } from '../../../core/db/schema';
import { fail } from '../../../core/lib/errors';
import { boundedPageWindow } from '../../../core/lib/paging';
import type { ExternalPosition } from './connectors/connector';
import { applyPositions } from './ticket-apply';
import { readMissingNames } from './ticket-products.service';
import { findSchedule } from './ticket-schedules.service';

/**
 * Ticket API issues: the positions an import could not apply, listed and filtered, retried as the
 * import would now, or marked solved.
 */

const issueOut = (r: Record<string, unknown>): TicketIssue => {
  const position = (r.position ?? {}) as Partial<ExternalPosition>;
  return {
    id: Number(r.id),
    scheduleId: Number(r.schedule_id),
    schedule: String(r.schedule ?? ''),
    kind: r.kind as TicketIssueKind,
    code: String(r.code),
    orderCode: String(r.order_code),
    externalId: String(r.external_id),
    holder: position.holderName ?? position.holderEmail ?? null,
    // The name the issue kept, else the one the schedule knows now.
    product:
      ((r.detail as { name?: string } | null)?.name ?? null) ||
      (position.item !== undefined
        ? productName(
            (r.schedule_products ?? []) as ExternalProduct[],
            position.item,
            position.variation ?? null,
          )
        : null),
    detail: (r.detail ?? {}) as Record<string, unknown>,
    solved: r.solved_at !== null,
    solvedAt: r.solved_at ? new Date(r.solved_at as string).toISOString() : null,
    solvedBy: (r.solved_by_name as string | null) ?? null,
    createdAt: new Date(r.created_at as string).toISOString(),
    updatedAt: new Date(r.updated_at as string).toISOString(),
  };
};

export async function listIssues(
  ctx: AppContext,
  eventId: number,
  q: { solved?: number; kind?: string; scheduleId?: number; page?: number; paginationLimit?: number },
) {
  const where = sql.join(
    [
      sql`i.event_id = ${eventId}`,
      ...(q.solved === 1 ? [sql`i.solved_at is not null`] : q.solved === 0 ? [sql`i.solved_at is null`] : []),
      ...(q.kind ? [sql`i.kind = ${q.kind}`] : []),
      ...(q.scheduleId ? [sql`i.schedule_id = ${q.scheduleId}`] : []),
    ],
    sql` and `,
  );
  const { limit, offset } = boundedPageWindow(q, 100);
  const [rows, total] = await Promise.all([
    ctx.db.execute(sql`
      select i.*, s.name as schedule, s.products as schedule_products, u.name as solved_by_name from ticket_import_issues i
      join ticket_import_schedules s on s.id = i.schedule_id
      left join users u on u.id = i.solved_by
      where ${where} order by i.solved_at is null desc, i.updated_at desc, i.id desc
      limit ${limit} offset ${offset}`),
    ctx.db.execute(sql`select count(*)::int as n from ticket_import_issues i where ${where}`),
  ]);
  return {
    issues: rowsOf<Record<string, unknown>>(rows).map(issueOut),
    total: Number(rowsOf<{ n: number }>(total)[0]!.n),
  };
}

async function issueRow(db: Executor, eventId: number, id: number) {
  const res = await db.execute(sql`
    select i.*, s.name as schedule, s.products as schedule_products, u.name as solved_by_name from ticket_import_issues i
    join ticket_import_schedules s on s.id = i.schedule_id
    left join users u on u.id = i.solved_by
    where i.event_id = ${eventId} and i.id = ${id} for update of i`);
  const row = rowsOf<Record<string, unknown>>(res)[0];
  if (!row) throw fail('notFound');
  return row;
}

/** Re-applies the issue's position as the import would now (the mapping or the tickets may have changed). */
export async function retryIssue(ctx: AppContext, eventId: number, id: number, userId: number | null) {
  const row = await issueRow(ctx.db, eventId, id);
  if (row.solved_at !== null) throw fail('ticketIssueSolved');
  const s = await findSchedule(ctx.db, eventId, Number(row.schedule_id), true);
  const position = row.position as ExternalPosition;
  // The reason a retry gives names the product as the platform does.
  await readMissingNames(ctx, ctx.db, s, [position]);
  await applyPositions(ctx.db, s, [position], { runId: null, force: true });
  // Solved by this retry: the one who retried solved it.
  await ctx.db.execute(sql`
    update ticket_import_issues set solved_by = ${userId}
    where id = ${id} and solved_at is not null and solved_by is null`);
  const after = issueOut(await issueRow(ctx.db, eventId, id));
  return { solved: after.solved, issue: after };
}

export async function solveIssue(ctx: AppContext, eventId: number, id: number, userId: number | null) {
  const row = await issueRow(ctx.db, eventId, id);
  if (row.solved_at !== null) throw fail('ticketIssueSolved');
  await ctx.db
    .update(ticketImportIssues)
    .set({ solvedAt: new Date(), solvedBy: userId, updatedAt: new Date() })
    .where(eq(ticketImportIssues.id, id));
  return issueOut(await issueRow(ctx.db, eventId, id));
}
