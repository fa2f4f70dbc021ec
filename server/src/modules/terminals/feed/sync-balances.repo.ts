/**
 * The last statement of a batch that recorded its balances from wristbands read without a lock
 * (sync.service.ts, "balances last"): it locks them, writes their balances and the ledger from the
 * balances as locked, and shifts the balances its rows recorded by what other batches moved since
 * the read. Nothing of the batch waits for a wristband before this statement, so a batch holds its
 * wristbands only for this statement and the COMMIT sent with it, not for its whole recording.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { LedgerRow } from './sync-money.repo';
import { BALANCE_LIMIT } from './sync-recording';
import { ints, json, ofEvent } from './sync-sql';
import type { WristbandRow } from './sync-wristbands.repo';

/** A wristband as the batch leaves it, and as it read it. */
export interface BalanceWrite extends WristbandRow {
  read: WristbandRow;
}

/**
 * One statement, sent with the COMMIT after everything else the batch writes:
 * - locks the wristbands the batch changed, in id order (the order every batch locks in);
 * - `shift`: what other batches moved on each since this batch read it (cash, gift);
 * - the ledger entries with their balances after shifted by it, so each wristband's entries still
 *   follow on from the one before (ledger.repo.ts `ledgerMismatches` checks the chain);
 * - the balances after of the batch's sales and top-ups of those wristbands shifted by it;
 * - the balances written as locked plus the batch's moves; the flags the batch's top-ups grant added
 *   to those the wristband has now, a check code stored only where it has none, and the customer and
 *   role the batch gave it (ticket validations, role recordings), else those it has now.
 * - `turned`: the operations whose verdict changed with the shift (it took a balance below zero and
 *   would not now, or the other way): their sales and top-ups take the new one, and the statement
 *   answers them, so that the batch's answer flags them as recorded (turnedNegative).
 * It calls sync_read_changed() (migration 0062: SQLSTATE PU001, the transaction rolls back whole and
 * the batch runs again locking first) when a balance would pass BALANCE_LIMIT, which refuses the
 * operation instead, or when the customer or role the batch changed was changed by another meanwhile.
 */
export function balancesLastSql(
  eventId: number,
  wristbands: BalanceWrite[],
  ledger: LedgerRow[],
  /** The batch's sales (by their main wristband) and top-ups. */
  recorded: {
    sales: { operation_id: string; wristband_id: number | null }[];
    topUps: { operation_id: string; wristband_id: number | null }[];
  },
): SQL {
  const e = sql`${eventId}::int`;
  const rows = wristbands.map((w) => ({
    id: w.id,
    cash: w.cash,
    gift: w.gift,
    read_cash: w.read.cash,
    read_gift: w.read.gift,
    added_flags: w.flags.filter((f) => !w.read.flags.includes(f)),
    code_check: w.code_check,
    // Written only when the batch changed it (a ticket validation, a role recording), and only if
    // nobody changed it since the batch read it.
    set_customer: w.customer_id !== w.read.customer_id,
    customer_id: w.customer_id,
    read_customer_id: w.read.customer_id,
    set_role: w.role_id !== w.read.role_id,
    role_id: w.role_id,
    read_role_id: w.read.role_id,
  }));
  const limit = sql.raw(String(BALANCE_LIMIT));
  const negative = (cash: string, gift: string) =>
    sql.raw(`((e.cash_delta < 0 and ${cash} < 0) or (e.gift_delta < 0 and ${gift} < 0))`);
  // The batch's sales and top-ups of a shifted wristband take the shift on their balances after, and
  // those whose verdict turned take it (one update per table: a row is updated once per statement).
  // Only those rows are found, each through the (event, operation) unique index (a LATERAL probe,
  // whatever plan the prepared statement keeps), then updated by primary key.
  const fixRows = (table: string, rows: { operation_id: string; wristband_id: number | null }[]) =>
    rows.length
      ? sql`, ${sql.raw(`${table}_fix`)} as materialized (
          select f.id, coalesce(h.dc, 0) as dc, coalesce(h.dg, 0) as dg, t.negative
          from json_to_recordset(${json(rows)}) as k(operation_id uuid, wristband_id int)
          left join shift h on h.id = k.wristband_id and (h.dc <> 0 or h.dg <> 0)
          left join turned t on t.operation_id = k.operation_id
          cross join lateral (
            select r.id from ${sql.raw(table)} r where r.event_id = ${e} and r.operation_id = k.operation_id
            order by r.event_id, r.operation_id limit 1
          ) f
          where h.id is not null or t.operation_id is not null
        ),
        ${sql.raw(`${table}_fixed`)} as (
          update ${sql.raw(table)} r
          set cash_after = r.cash_after + u.dc, gift_after = r.gift_after + u.dg,
            negative_balance = coalesce(u.negative, r.negative_balance)
          from ${sql.raw(`${table}_fix`)} u cross join guard g
          where g.ok and r.id = u.id and r.id = any(array(select id from ${sql.raw(`${table}_fix`)}))
            and ${ofEvent('r', eventId)}
        )`
      : sql``;
  return sql`with x as materialized (
      select * from json_to_recordset(${json(rows)}) as x(id int, cash int, gift int, read_cash int,
        read_gift int, added_flags int[], code_check text, set_customer boolean, customer_id int,
        read_customer_id int, set_role boolean, role_id int, read_role_id int)
    ),
    locked as materialized (
      select id, cash, gift, customer_id, role_id from wristbands
      where id = any(${ints(wristbands.map((w) => w.id))}) and ${ofEvent('wristbands', eventId)}
      order by id for no key update
    ),
    shift as materialized (
      select x.*, l.cash - x.read_cash as dc, l.gift - x.read_gift as dg,
        (x.set_customer and l.customer_id is distinct from x.read_customer_id)
          or (x.set_role and l.role_id is distinct from x.read_role_id) as changed
      from x join locked l using (id)
    ),
    entries as materialized (
      select j.*, j.cash_after + s.dc as cash_now, j.gift_after + s.dg as gift_now
      from json_to_recordset(${json(ledger.map((r, n) => ({ ...r, n })))}) as j(wristband_id int, operation_id uuid,
        kind text, cash_delta int, gift_delta int, cash_after int, gift_after int, device_time timestamptz, n int)
      join shift s on s.id = j.wristband_id
    ),
    guard as materialized (
      select case when (select count(*) from shift) <> (select count(*) from x)
          or (select count(*) from entries) <> ${ledger.length}::int
          or exists (select 1 from shift where changed)
          or exists (select 1 from entries e where abs(e.cash_now) > ${limit} or abs(e.gift_now) > ${limit})
        then sync_read_changed() else true end as ok
    ),
    turned as materialized (
      select operation_id, bool_or(${negative('e.cash_now', 'e.gift_now')}) as negative
      from entries e group by operation_id
      having bool_or(${negative('e.cash_after', 'e.gift_after')}) is distinct from bool_or(${negative('e.cash_now', 'e.gift_now')})
    ),
    ledger_inserted as (
      insert into ledger_entries (event_id, wristband_id, operation_id, kind, cash_delta, gift_delta,
        cash_after, gift_after, device_time)
      select ${e}, e.wristband_id, e.operation_id, e.kind, e.cash_delta, e.gift_delta, e.cash_now, e.gift_now,
        e.device_time
      from entries e cross join guard g where g.ok
      order by e.n
    )${fixRows('sales', recorded.sales)}${fixRows('top_ups', recorded.topUps)},
    wristbands_updated as (
      update wristbands w set cash = h.cash + h.dc, gift = h.gift + h.dg,
        flags = case when cardinality(h.added_flags) = 0 then w.flags else coalesce(w.flags, '{}') || array(
          select f from unnest(h.added_flags) f where not f = any(coalesce(w.flags, '{}'))) end,
        code_check = coalesce(w.code_check, h.code_check),
        customer_id = case when h.set_customer then h.customer_id else w.customer_id end,
        role_id = case when h.set_role then h.role_id else w.role_id end, updated_at = now()
      from shift h cross join guard g
      where g.ok and w.id = h.id
    )
    select (select ok from guard) as ok,
      (select coalesce(json_agg(json_build_object('id', operation_id, 'negative', negative)), '[]'::json)
        from turned) as turned`;
}

/** What the last statement answered: the operations whose below-zero verdict turned. */
export function turnedNegative(rows: Record<string, unknown>[] | undefined) {
  const v = rows?.[0]?.turned;
  const list = (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as { id: string; negative: boolean }[];
  return new Map(list.map((t) => [t.id, t.negative]));
}
