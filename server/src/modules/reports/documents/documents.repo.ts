import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { BANK_REFUND_PAID, BANK_REFUND_PAID_AT } from '../bank-refunds';
import {
  articlesSource,
  type RollupWindow,
  salesSource,
  ticketsSource,
  topUpsSource,
} from '../rollups/rollups';

/**
 * The documents' queries (contracts/src/report-dashboard.ts): each one statement aggregating the
 * hourly rollups (rollups.ts) or the ticket tables for the window.
 */

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const idOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const list = (codes: readonly string[]) =>
  sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  );

/** The festival day of an instant: its wall-clock date in the event's zone, `offset` hours earlier. */
const festivalDay = (col: SQL, timezone: string, offset: number) =>
  sql`to_char(((${col} at time zone ${timezone}) - make_interval(secs => ${offset * 3600}))::date, 'YYYY-MM-DD')`;

const within = (col: SQL, w: RollupWindow) =>
  sql.join(
    [
      w.start ? sql`${col} >= ${w.start.toISOString()}::timestamptz` : sql`true`,
      w.end ? sql`${col} < ${w.end.toISOString()}::timestamptz` : sql`true`,
    ],
    sql` and `,
  );

/** Sales per festival day and location, with the payments by type. */
export async function salesByDayAndLocation(
  db: Executor,
  eventId: number,
  w: RollupWindow,
  timezone: string,
  offset: number,
) {
  const res = await db.execute(sql`
    select ${festivalDay(sql`x.hour`, timezone, offset)} as day, x.location_id,
      sum(x.orders)::bigint as orders, sum(x.devolutions)::bigint as devolutions, sum(x.amount)::bigint as amount,
      sum(x.pay_s)::bigint as pay_s, sum(x.pay_b)::bigint as pay_b, sum(x.pay_t)::bigint as pay_t,
      sum(x.pay_o)::bigint as pay_o
    from (${salesSource(eventId, w)}) x
    group by 1, 2
    having sum(x.orders) <> 0 or sum(x.devolutions) <> 0
    order by 1, 2 nulls last`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    day: String(r.day),
    idLocation: idOrNull(r.location_id),
    orders: num(r.orders),
    devolutions: num(r.devolutions),
    gross: num(r.amount),
    S: num(r.pay_s),
    B: num(r.pay_b),
    T: num(r.pay_t),
    O: num(r.pay_o),
  }));
}

export interface DayOperationRow {
  day: string;
  /** An operation type code, or `onlinePaid` / `bankRefund`. */
  type: string;
  paymentType: string | null;
  count: number;
  amount: number;
  bonus: number;
  money: number;
  fee: number;
}

/**
 * Balance operations per festival day, operation type and payment type; with the online payments
 * (type `onlinePaid`) and the bank refunds paid out (type `bankRefund`, bank-refunds.ts) of the window,
 * in one statement.
 */
export async function operationsByDay(
  db: Executor,
  eventId: number,
  w: RollupWindow,
  timezone: string,
  offset: number,
): Promise<DayOperationRow[]> {
  const res = await db.execute(sql`
    select ${festivalDay(sql`x.hour`, timezone, offset)} as day, x.type, x.payment_type,
      sum(x.operations)::bigint as count, sum(x.amount)::bigint as amount, sum(x.bonus)::bigint as bonus,
      sum(x.money)::bigint as money, sum(x.fee)::bigint as fee
    from (${topUpsSource(eventId, w)}) x
    group by 1, 2, 3
    union all
    select ${festivalDay(sql`o.date_recharge_online`, timezone, offset)}, 'onlinePaid', null, count(*),
      sum(o.amount_recharge), sum(o.amount_bonus), sum(o.amount_total), 0
    from online_top_ups o
    where o.event_id = ${eventId} and o.payed = 1 and ${within(sql`o.date_recharge_online`, w)}
    group by 1
    union all
    select ${festivalDay(BANK_REFUND_PAID_AT, timezone, offset)}, 'bankRefund', null, count(*), -sum(r.amount), 0,
      sum(r.amount), sum(r.fee)
    from customer_refunds r
    where r.event_id = ${eventId} and ${BANK_REFUND_PAID} and ${within(BANK_REFUND_PAID_AT, w)}
    group by 1`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    day: String(r.day),
    type: String(r.type),
    paymentType: (r.payment_type as string | null) ?? null,
    count: num(r.count),
    amount: num(r.amount),
    bonus: num(r.bonus),
    money: num(r.money),
    fee: num(r.fee),
  }));
}

/** Each location's sales of the window: orders, units, amount and payments by type. */
export async function salesByLocation(db: Executor, eventId: number, w: RollupWindow) {
  const res = await db.execute(sql`
    select x.location_id, sum(x.orders)::bigint as orders, sum(x.devolutions)::bigint as devolutions,
      sum(x.quantity)::bigint as quantity, sum(x.gifts)::bigint as gifts, sum(x.amount)::bigint as amount,
      sum(x.pay_s)::bigint as pay_s, sum(x.pay_b)::bigint as pay_b, sum(x.pay_t)::bigint as pay_t,
      sum(x.pay_o)::bigint as pay_o
    from (
      select s.location_id, s.orders, s.devolutions, 0 as quantity, 0 as gifts, s.amount, s.pay_s, s.pay_b,
        s.pay_t, s.pay_o
      from (${salesSource(eventId, w)}) s
      union all
      select a.location_id, 0, 0, a.quantity, a.gifts, 0, 0, 0, 0, 0 from (${articlesSource(eventId, w)}) a
    ) x
    group by 1
    having sum(x.orders) <> 0 or sum(x.devolutions) <> 0
    order by 6 desc, 1`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    idLocation: idOrNull(r.location_id),
    orders: num(r.orders),
    devolutions: num(r.devolutions),
    quantity: num(r.quantity),
    gifts: num(r.gifts),
    amount: num(r.amount),
    S: num(r.pay_s),
    B: num(r.pay_b),
    T: num(r.pay_t),
    O: num(r.pay_o),
  }));
}

/**
 * Each staff member's till: money taken (credits) and paid out (debits: `debitCodes`) by payment
 * type — S cash, T card, anything else other — and fees, over the balance operations but the
 * wristband replacements; and the sales they served by payment type.
 */
export async function staffCashUp(
  db: Executor,
  eventId: number,
  w: RollupWindow,
  debitCodes: readonly string[],
  replacementCodes: readonly string[],
) {
  const debit = sql`t.type in (${list(debitCodes)})`;
  const pay = (kind: 'S' | 'T' | 'other', out: boolean) => {
    const type =
      kind === 'other' ? sql`coalesce(t.payment_type, '') not in ('S', 'T')` : sql`t.payment_type = ${kind}`;
    return sql`coalesce(sum(t.money) filter (where ${type} and ${out ? debit : sql`not ${debit}`}), 0)`;
  };
  const res = await db.execute(sql`
    select x.staff_id, sum(x.operations)::bigint as operations, sum(x.cash_in)::bigint as cash_in,
      sum(x.cash_out)::bigint as cash_out, sum(x.card_in)::bigint as card_in, sum(x.card_out)::bigint as card_out,
      sum(x.other_in)::bigint as other_in, sum(x.other_out)::bigint as other_out, sum(x.fee)::bigint as fee,
      sum(x.orders)::bigint as orders, sum(x.amount)::bigint as amount, sum(x.pay_s)::bigint as pay_s,
      sum(x.pay_b)::bigint as pay_b, sum(x.pay_t)::bigint as pay_t, sum(x.pay_o)::bigint as pay_o,
      sum(x.closes)::bigint as closes, sum(x.counted)::bigint as counted, st.name, st.intern
    from (
      select t.staff_id, sum(t.operations) as operations, ${pay('S', false)} as cash_in, ${pay('S', true)} as cash_out,
        ${pay('T', false)} as card_in, ${pay('T', true)} as card_out, ${pay('other', false)} as other_in,
        ${pay('other', true)} as other_out, sum(t.fee) as fee,
        0 as orders, 0 as amount, 0 as pay_s, 0 as pay_b, 0 as pay_t, 0 as pay_o, 0 as closes, 0 as counted
      from (${topUpsSource(eventId, w)}) t
      where t.type not in (${list(replacementCodes)})
      group by 1
      union all
      select s.staff_id, 0, 0, 0, 0, 0, 0, 0, 0, sum(s.orders), sum(s.amount), sum(s.pay_s), sum(s.pay_b),
        sum(s.pay_t), sum(s.pay_o), 0, 0
      from (${salesSource(eventId, w)}) s
      group by 1
      union all
      select c.staff_id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*), sum(c.counted)
      from cash_closes c
      where c.event_id = ${eventId} and ${within(sql`c.closed_at`, w)}
      group by 1
    ) x
    left join staff st on st.id = x.staff_id and st.event_id = ${eventId}
    group by x.staff_id, st.name, st.intern
    order by lower(st.name) nulls last, x.staff_id nulls last`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    idStaff: idOrNull(r.staff_id),
    staff: (r.name as string | null) ?? null,
    intern: idOrNull(r.intern),
    operations: num(r.operations),
    cashIn: num(r.cash_in),
    cashOut: num(r.cash_out),
    cardIn: num(r.card_in),
    cardOut: num(r.card_out),
    otherIn: num(r.other_in),
    otherOut: num(r.other_out),
    fee: num(r.fee),
    salesOrders: num(r.orders),
    salesAmount: num(r.amount),
    salesS: num(r.pay_s),
    salesB: num(r.pay_b),
    salesT: num(r.pay_t),
    salesO: num(r.pay_o),
    closes: num(r.closes),
    counted: num(r.counted),
  }));
}

/**
 * Tickets per role: those the event knows (sold; cancelled apart), those validated in the window,
 * and the validations the gates recorded in the window (repeats apart).
 */
export async function ticketsByRole(db: Executor, eventId: number, w: RollupWindow) {
  // Sold and cancelled: every ticket as it is now; validated and validations: within the window. Roles
  // as the ticketing overview counts them (a validation under its ticket's role).
  const res = await db.execute(sql`
    select x.role_id, sum(x.sold)::bigint as sold, sum(x.cancelled)::bigint as cancelled,
      sum(x.validated)::bigint as validated, sum(x.validations)::bigint as validations,
      sum(x.repeated)::bigint as repeated
    from (
      select a.role_id, a.sold, a.cancelled, 0 as validated, 0 as validations, 0 as repeated
      from (${ticketsSource(eventId, {})}) a
      union all
      select b.role_id, 0, 0, b.validated, b.validations, b.repeated
      from (${ticketsSource(eventId, w)}) b
    ) x
    group by 1
    having sum(x.sold) <> 0 or sum(x.cancelled) <> 0 or sum(x.validated) <> 0 or sum(x.validations) <> 0
    order by 1 nulls last`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    idRol: idOrNull(r.role_id),
    sold: num(r.sold),
    cancelled: num(r.cancelled),
    validated: num(r.validated),
    validations: num(r.validations),
    repeated: num(r.repeated),
  }));
}
