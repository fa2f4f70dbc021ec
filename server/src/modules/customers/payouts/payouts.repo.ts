import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import {
  currencies,
  customerRefunds,
  customers,
  events,
  payoutAccounts,
  payoutRunItems,
  payoutRuns,
  users,
} from '../../../core/db/schema';

/** Refund payouts' queries (issue 15). Every query is scoped by the event. */

export type AccountRow = typeof payoutAccounts.$inferSelect;
export type RunRow = typeof payoutRuns.$inferSelect;
export type ItemRow = typeof payoutRunItems.$inferSelect;
export type RefundRow = typeof customerRefunds.$inferSelect;

export const findAccount = async (db: Executor, eventId: number) =>
  (await db.select().from(payoutAccounts).where(eq(payoutAccounts.eventId, eventId)))[0];

export async function upsertAccount(
  db: Executor,
  values: Omit<typeof payoutAccounts.$inferInsert, 'updatedAt'>,
) {
  const now = new Date();
  const [row] = await db
    .insert(payoutAccounts)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({ target: payoutAccounts.eventId, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

/** The event's name, the iso code of its financial currency and its time zone. */
export async function eventInfo(db: Executor, eventId: number) {
  const [row] = await db
    .select({ name: events.name, currency: currencies.iso, timezone: events.timezone })
    .from(events)
    .leftJoin(currencies, eq(currencies.id, events.currencyId))
    .where(eq(events.id, eventId));
  return row;
}

export interface Filters {
  dateFrom?: string;
  dateTo?: string;
  amountMin?: number;
  amountMax?: number;
}

/**
 * The pending bank refunds the filters match, oldest first, with the customer's name. With `lock`,
 * the rows are locked for the transaction and rows another transaction holds are skipped, so two runs
 * generated at once never read the same refund as free.
 */
export async function pendingRefunds(db: Executor, eventId: number, f: Filters, lock: boolean) {
  const where = [eq(customerRefunds.eventId, eventId), eq(customerRefunds.status, 'pending')];
  if (f.dateFrom) where.push(sql`${customerRefunds.createdAt} >= ${`${f.dateFrom}T00:00:00Z`}::timestamptz`);
  if (f.dateTo)
    where.push(
      sql`${customerRefunds.createdAt} < (${`${f.dateTo}T00:00:00Z`}::timestamptz + interval '1 day')`,
    );
  if (f.amountMin !== undefined) where.push(sql`${customerRefunds.amount} >= ${f.amountMin}`);
  if (f.amountMax !== undefined) where.push(sql`${customerRefunds.amount} <= ${f.amountMax}`);
  const q = db
    .select()
    .from(customerRefunds)
    .where(and(...where))
    .orderBy(asc(customerRefunds.createdAt), asc(customerRefunds.id));
  return lock ? q.for('update', { of: customerRefunds, skipLocked: true }) : q;
}

export const customerNames = async (db: Executor, eventId: number, ids: number[]) =>
  ids.length
    ? new Map(
        (
          await db
            .select({ id: customers.id, name: customers.name })
            .from(customers)
            .where(and(eq(customers.eventId, eventId), inArray(customers.id, ids)))
        ).map((c) => [c.id, c.name]),
      )
    : new Map<number, string | null>();

export async function insertRun(db: Executor, values: typeof payoutRuns.$inferInsert) {
  const [row] = await db.insert(payoutRuns).values(values).returning();
  return row!;
}

export async function updateRun(
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof payoutRuns.$inferInsert>,
) {
  const [row] = await db
    .update(payoutRuns)
    .set(values)
    .where(and(eq(payoutRuns.eventId, eventId), eq(payoutRuns.id, id)))
    .returning();
  return row!;
}

export const insertItems = (db: Executor, values: (typeof payoutRunItems.$inferInsert)[]) =>
  db.insert(payoutRunItems).values(values).returning();

/** The run, locked for the transaction when asked (state changes). */
export async function findRun(db: Executor, eventId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(payoutRuns)
    .where(and(eq(payoutRuns.eventId, eventId), eq(payoutRuns.id, id)));
  return (await (lock ? q.for('update') : q))[0];
}

export const runsOf = (db: Executor, eventId: number) =>
  db
    .select({
      run: payoutRuns,
      createdBy: users.name,
      rejected: sql<number>`(select count(*) from payout_run_items i
        where i.run_id = ${payoutRuns.id} and i.rejected_at is not null)::int`,
    })
    .from(payoutRuns)
    .leftJoin(users, eq(users.id, payoutRuns.createdBy))
    .where(eq(payoutRuns.eventId, eventId))
    .orderBy(desc(payoutRuns.id));

export const runWithCreator = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select({
        run: payoutRuns,
        createdBy: users.name,
        rejected: sql<number>`(select count(*) from payout_run_items i
          where i.run_id = ${payoutRuns.id} and i.rejected_at is not null)::int`,
      })
      .from(payoutRuns)
      .leftJoin(users, eq(users.id, payoutRuns.createdBy))
      .where(and(eq(payoutRuns.eventId, eventId), eq(payoutRuns.id, id)))
  )[0];

export const itemsOf = (db: Executor, eventId: number, runId: number) =>
  db
    .select({ item: payoutRunItems, customerId: customerRefunds.customerId, nSerie: customerRefunds.nSerie })
    .from(payoutRunItems)
    .innerJoin(customerRefunds, eq(customerRefunds.id, payoutRunItems.refundId))
    .where(and(eq(payoutRunItems.eventId, eventId), eq(payoutRunItems.runId, runId)))
    .orderBy(asc(payoutRunItems.id));

export async function updateItem(
  db: Executor,
  id: number,
  values: Partial<typeof payoutRunItems.$inferInsert>,
) {
  await db.update(payoutRunItems).set(values).where(eq(payoutRunItems.id, id));
}

/** Moves the given refunds from one state to another; answers the ids it moved. */
export async function moveRefunds(
  db: Executor,
  eventId: number,
  ids: number[],
  from: string,
  values: Partial<typeof customerRefunds.$inferInsert>,
) {
  if (!ids.length) return [];
  const rows = await db
    .update(customerRefunds)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(customerRefunds.eventId, eventId),
        inArray(customerRefunds.id, ids),
        eq(customerRefunds.status, from),
      ),
    )
    .returning({ id: customerRefunds.id });
  return rows.map((r) => r.id);
}

/**
 * One append-only ledger movement on a wristband's cash, and the wristband's balance with it, in one
 * statement (the ledger's cash_after is the balance after this movement).
 */
export async function moveCash(
  db: Executor,
  eventId: number,
  wristbandId: number,
  operationId: string,
  kind: string,
  delta: number,
) {
  const res = await db.execute(sql`
    with w as (
      update wristbands set cash = cash + ${delta}::int, updated_at = now()
      where id = ${wristbandId}::int and event_id = ${eventId}::int
      returning id, cash, gift
    )
    insert into ledger_entries
      (event_id, wristband_id, operation_id, kind, cash_delta, gift_delta, cash_after, gift_after, device_time)
    select ${eventId}::int, w.id, ${operationId}::uuid, ${kind}, ${delta}::int, 0, w.cash, w.gift, now()
    from w
    returning id`);
  return (res as unknown as { rows: unknown[] }).rows.length > 0;
}
