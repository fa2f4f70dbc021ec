import type { AppChannel } from '@pulsera/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, executePrepared } from '../../../core/db/client';
import { latestEnabledJsonSql } from '../app-versions/app-versions.repo';
import { requiresStockSql } from '../wristband-stock/wristband-stock.repo';

/**
 * Bulk statements of the sync: every table of a batch is written with one statement that reads its
 * rows from a single JSON parameter (json_to_recordset), whatever the batch size. Works the same on
 * PostgreSQL and PGlite and never meets the driver's parameter limit.
 */

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const json = (rows: unknown) => sql`${JSON.stringify(rows)}::json`;
/**
 * Keys as an array the planner probes an index with (`col = any(…)`): a join against the JSON rows
 * could make it hash the whole event's table, whose cost grows with the festival.
 */
const uuids = (ids: string[]) => sql`array(select json_array_elements_text(${json(ids)})::uuid)`;
const texts = (values: string[]) => sql`array(select json_array_elements_text(${json(values)}))`;
const ints = (values: number[]) =>
  sql`array(select json_array_elements_text(${json(values.map(String))})::int)`;

/**
 * Rows found by their primary key are still checked to be the event's, but with `is not distinct
 * from`, which no index serves: with `event_id =`, a planner whose statistics date from when the
 * event had few rows (festival morning; autovacuum not run yet, or PGlite, which has none) reads the
 * whole event's rows through an (event_id, …) index instead of probing the primary key.
 */
const ofEvent = (alias: string, eventId: number) =>
  sql`${sql.raw(alias)}.event_id is not distinct from ${eventId}::int`;

/**
 * The first statement of a batch's transaction (sent with its BEGIN). For the rest of it, the
 * planner does not read a table whole where an index can answer (`enable_seqscan` off,
 * transaction-local): the batch's statements are prepared and keep their plan (db/client.ts
 * `executePrepared`, `foldedTransaction`), and one made while a new event's tables were nearly empty
 * would otherwise keep scanning them whole as they grow, until their statistics change. Every
 * statement of the batch finds its rows by key. Also answers whether the event requires wristband
 * stock control.
 */
export const openFeedSql = (eventId: number) =>
  sql`select set_config('enable_seqscan', 'off', true) as seqscan, ${requiresStockSql(eventId)} as requires_stock`;

/** What the first statement answered. */
export const feedOpened = (rows: Record<string, unknown>[]) => ({
  requiresStock: Boolean(rows[0]?.requires_stock),
});

/** A named data-modifying CTE. */
const cte = (name: string, body: SQL) => sql`${sql.raw(name)} as (${body})`;

/** A data-modifying CTE body: `insert into <table> (event_id, cols…) select … from json_to_recordset(rows)`. */
function insertSql(table: string, eventId: number, columns: Record<string, string>, rows: object[]): SQL {
  const names = Object.keys(columns);
  const defs = names.map((n) => `${n} ${columns[n]}`).join(', ');
  return cte(
    `${table}_inserted`,
    sql`insert into ${sql.raw(table)} (event_id, ${sql.raw(names.join(', '))}) select ${eventId}::int, ${sql.raw(
      names.map((n) => `x.${n}`).join(', '),
    )} from json_to_recordset(${json(rows)}) as x(${sql.raw(defs)})`,
  );
}

/**
 * Data-modifying CTEs as ONE statement: everything a batch recorded, written in one round trip (the
 * transaction's last, sent with its COMMIT).
 */
export const writeAllSql = (parts: SQL[]) =>
  parts.length ? sql`with ${sql.join(parts, sql`, `)} select 1` : null;

// ---------------------------------------------------------------------------------------------
// The batch and exactly-once

/** The batch row, written last with its counts. */
export const batchSql = (
  batch: { id: number; eventId: number; deviceId: number; operations: number },
  counts: { accepted: number; duplicates: number; refused: number },
) =>
  cte(
    'batch_inserted',
    sql`insert into sync_batches (id, event_id, device_id, operations, accepted, duplicates, refused)
      values (${batch.id}::bigint, ${batch.eventId}::int, ${batch.deviceId}::int, ${batch.operations}::int,
        ${counts.accepted}::int, ${counts.duplicates}::int, ${counts.refused}::int)`,
  );

/** Which of these add-on ids exist in the event (an operation may only name one of them). */
export async function eventAddons(db: Executor, eventId: number, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const res = await db.execute(
    sql`select id from addons where event_id = ${eventId} and id = any(${ints(ids)})`,
  );
  return new Set(rowsOf<{ id: number }>(res).map((r) => Number(r.id)));
}

/** Which of these kitchen and room ids are the event's (a metre sale or order error may only name those). */
export async function eventVenue(db: Executor, eventId: number, kitchenIds: number[], roomIds: number[]) {
  const known = { kitchens: new Set<number>(), rooms: new Set<number>() };
  if (!kitchenIds.length && !roomIds.length) return known;
  const res = await db.execute(
    sql`select 'k' as kind, id from kitchens where event_id = ${eventId} and id = any(${ints(kitchenIds)})
        union all
        select 'r' as kind, id from rooms where event_id = ${eventId} and id = any(${ints(roomIds)})`,
  );
  for (const r of rowsOf<{ kind: string; id: number }>(res)) {
    (r.kind === 'k' ? known.kitchens : known.rooms).add(Number(r.id));
  }
  return known;
}

export async function recordedHashes(tx: Executor, eventId: number, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const res = await tx.execute(
    sql`select operation_id, payload_hash from processed_operations
        where event_id = ${eventId}::int
          and operation_id = any(${uuids(ids)})`,
  );
  return new Map(
    rowsOf<{ operation_id: string; payload_hash: string }>(res).map((r) => [r.operation_id, r.payload_hash]),
  );
}

/** Frees claimed operations that were not recorded, so a corrected re-send can be. */
export const releaseOperationsSql = (eventId: number, ids: string[]) =>
  ids.length
    ? sql`delete from processed_operations where event_id = ${eventId}::int
        and operation_id = any(${uuids(ids)})`
    : null;

// ---------------------------------------------------------------------------------------------
// Wristbands

export interface WristbandRow {
  id: number;
  n_serie: string;
  code_check: string | null;
  customer_id: number | null;
  cash: number;
  gift: number;
  flags: number[];
  role_id: number | null;
  active: number;
}

const WRISTBAND_COLUMNS = sql.raw('id, n_serie, code_check, customer_id, cash, gift, flags, role_id, active');

/**
 * The event's wristband of one serial, for a LATERAL join over serials: one probe of the
 * (event_id, n_serie) unique index per serial whatever the planner knows of the event's size.
 * `event_id = … and n_serie = any(…)` could be served by another (event_id, …) index that reads every
 * wristband of an event its statistics still think small (a new event's, before any ANALYZE).
 */
const findSerial = (eventId: SQL, serial: SQL) =>
  sql`select ${WRISTBAND_COLUMNS} from wristbands
      where event_id = ${eventId} and n_serie = ${serial}
      order by event_id, n_serie limit 1`;

/**
 * The event's wristbands of the serials a subquery answers, read without a lock (findSerial): those a
 * batch only passes through a gate (an access record names its wristband and changes nothing of it),
 * so a gate's batch does not hold up the bars' batches of the same people.
 */
const readSerials = (eventId: SQL, serials: SQL) =>
  sql`select f.* from (${serials}) s(n_serie) cross join lateral (${findSerial(eventId, sql`s.n_serie`)}) f`;

/**
 * The event's wristbands of the serials a subquery answers, locked (FOR UPDATE) in id order, the one
 * order every batch locks in: found by serial (findSerial), locked by primary key.
 */
const lockSerials = (eventId: SQL, serials: SQL) =>
  sql`select ${WRISTBAND_COLUMNS} from wristbands
      where id = any(array(select f.id from (${serials}) s(n_serie) cross join lateral (${findSerial(eventId, sql`s.n_serie`)}) f))
      order by id for update`;
const parseJson = <T>(v: T | string) => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export interface BatchDevice {
  id: number;
  assigned_event_id: number | null;
  token_version: number;
  inactive: boolean;
}

export interface OpenedBatch {
  /** The device as stored (null when it no longer exists). */
  device: BatchDevice | null;
  /** Null when the device no longer matches its token: then nothing was written. */
  batchId: number | null;
  /** Operations claimed by this batch (the others were recorded before). */
  claimed: Set<string>;
  /**
   * The batch's wristbands: those wanted with `lock` are locked, the others (only passed through a
   * gate) read; `created` are those first seen now (this transaction's own rows).
   */
  wristbands: WristbandRow[];
  created: Set<string>;
  /** The batch's wristbands under a ban (banned_wristbands with either toggle on), by serial. */
  bans: Map<string, WristbandBan>;
  /** The banned-wristband list's current version. */
  banListVersion: number;
  /** The latest enabled app version of the terminal's channel (null: none). */
  app: { versionCode: number; versionName: string; packageName: string } | null;
}

/** A ban as the sync applies it: on terminals (`enabled`) and of top-ups (`enabled_top_ups`). */
export interface WristbandBan {
  terminals: boolean;
  topUps: boolean;
}

/**
 * The first statement of a batch, one round trip:
 * - reads and locks the device row: is it still active, keyed and assigned as its token says? If not,
 *   nothing below happens. The lock holds to the end of the batch's transaction, so the batches of
 *   one terminal take turns, and the contact it reports is stored by the batch's last statement,
 *   which sees what the batch before it committed (device-registry/contact-record.ts);
 * - numbers the batch and claims the operations in processed_operations, in id order: the rows
 *   that insert are new, the others were recorded by an earlier (or concurrent, committed) call;
 * - creates the wristbands never seen (each with an anonymous customer), then locks the existing ones
 *   (SELECT … FOR UPDATE, in id order), except those wanted without `lock`, which it reads;
 * - reads the bans of those serials (banned_wristbands is global, probed by its unique serial index);
 * - reads what the answer needs: the ban-list version and the app version the terminal's channel
 *   must run.
 * A wristband another batch created and committed while this statement ran is in none of its sets
 * (not in its snapshot): it is locked by a second query.
 */
export async function openBatch(
  tx: Executor,
  device: { id: number; eventId: number; version: number },
  ops: { id: string; kind: string; hash: string }[],
  wanted: { n_serie: string; code_check: string | null; first_seen: string; lock: boolean }[],
  channel: AppChannel,
): Promise<OpenedBatch> {
  const claims = [...ops].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const bands = [...wanted].sort((a, b) => (a.n_serie < b.n_serie ? -1 : 1));
  const serials = texts(bands.map((w) => w.n_serie));
  const e = sql`${device.eventId}::int`;
  const res = await executePrepared(
    tx,
    sql`with d as (
          select id, assigned_event_id, token_version,
            (date_inactive is not null and date_inactive <= now()) as inactive
          from devices where id = ${device.id}::int
          for update
        ),
        ok as (
          select 1 from d where assigned_event_id = ${e} and token_version = ${device.version}::int and not inactive
        ),
        b as (
          select nextval(pg_get_serial_sequence('sync_batches', 'id')) as id where exists (select 1 from ok)
        ),
        c as (
          insert into processed_operations (event_id, operation_id, kind, payload_hash, device_id, batch_id)
          select ${e}, x.id, x.kind, x.hash, ${device.id}::int, b.id
          from json_to_recordset(${json(claims)}) as x(id uuid, kind text, hash text) cross join b
          order by x.id
          on conflict (event_id, operation_id) do nothing
          returning operation_id
        ),
        wanted as (
          select w.n_serie, w.code_check, w.first_seen, w.lock
          from json_to_recordset(${json(bands)}) as w(n_serie text, code_check text, first_seen timestamptz, lock boolean)
        ),
        x as (
          select w.*, nextval(pg_get_serial_sequence('customers', 'id')) as customer_id from wanted w
          left join lateral (${findSerial(e, sql`w.n_serie`)}) k on true
          where exists (select 1 from ok) and k.id is null
        ),
        created as (
          insert into wristbands (event_id, n_serie, code_check, first_seen_at, customer_id)
          select ${e}, x.n_serie, x.code_check, x.first_seen, x.customer_id from x
          order by x.n_serie
          on conflict (event_id, n_serie) do nothing
          returning ${WRISTBAND_COLUMNS}
        ),
        customers_created as (
          insert into customers (id, event_id) select customer_id, ${e} from created
        )
        select
          (select row_to_json(d) from d) as device,
          (select id from b) as batch_id,
          (select coalesce(json_agg(operation_id), '[]'::json) from c) as claimed,
          (select coalesce(json_agg(c), '[]'::json) from created c) as created,
          (select coalesce(json_agg(l), '[]'::json) from (
            ${lockSerials(e, sql`select n_serie from wanted where lock and exists (select 1 from ok)`)}
          ) l) as locked,
          (select coalesce(json_agg(r), '[]'::json) from (
            ${readSerials(e, sql`select n_serie from wanted where not lock and exists (select 1 from ok)`)}
          ) r) as referenced,
          (select coalesce(json_agg(bw), '[]'::json) from (
            select n_serie, enabled, enabled_top_ups from banned_wristbands
            where n_serie = any(${serials}) and (enabled = 1 or enabled_top_ups = 1)
          ) bw) as banned,
          (select coalesce(max(list_version), 0) from banned_wristbands) as ban_list_version,
          ${latestEnabledJsonSql(channel)} as app`,
  );
  const row = rowsOf<{
    device: BatchDevice | string | null;
    batch_id: number | string | null;
    claimed: string[] | string;
    created: WristbandRow[] | string;
    locked: WristbandRow[] | string;
    referenced: WristbandRow[] | string;
    banned: { n_serie: string; enabled: number; enabled_top_ups: number }[] | string;
    ban_list_version: number | string;
    app: { version_code: number; version_name: string; package_name: string } | string | null;
  }>(res)[0]!;
  const batchId = row.batch_id === null ? null : Number(row.batch_id);
  const created = parseJson(row.created);
  const rows = [...created, ...parseJson(row.locked), ...parseJson(row.referenced)];
  if (batchId !== null) {
    const seen = new Set(rows.map((r) => r.n_serie));
    const missing = bands.filter((w) => !seen.has(w.n_serie));
    const toLock = missing.filter((w) => w.lock).map((w) => w.n_serie);
    const toFind = missing.filter((w) => !w.lock).map((w) => w.n_serie);
    if (toLock.length) {
      const late = await tx.execute(lockSerials(e, sql`select unnest(${texts(toLock)})`));
      rows.push(...rowsOf<WristbandRow>(late));
    }
    if (toFind.length) {
      const late = await tx.execute(readSerials(e, sql`select unnest(${texts(toFind)})`));
      rows.push(...rowsOf<WristbandRow>(late));
    }
  }
  const found = row.device === null ? null : parseJson(row.device);
  const app = row.app === null ? null : parseJson(row.app);
  return {
    device: found,
    batchId,
    claimed: new Set(parseJson(row.claimed)),
    wristbands: rows.map((r) => ({ ...r, flags: r.flags ?? [] })),
    created: new Set(created.map((r) => r.n_serie)),
    bans: new Map(
      parseJson(row.banned).map((b) => [
        b.n_serie,
        { terminals: Number(b.enabled) === 1, topUps: Number(b.enabled_top_ups) === 1 },
      ]),
    ),
    banListVersion: Number(row.ban_list_version),
    app: app && {
      versionCode: Number(app.version_code),
      versionName: app.version_name,
      packageName: app.package_name,
    },
  };
}

/**
 * The check code a gate read, stored on wristbands that had none (those the batch only referenced, not
 * locked). A wristband another batch holds is skipped (`skip locked`), without waiting: a later
 * reading stores it.
 */
export const fillCodeChecksSql = (eventId: number, rows: { id: number; code_check: string }[]) =>
  cte(
    'code_checks_filled',
    sql`update wristbands w set code_check = x.code_check, updated_at = now()
      from json_to_recordset(${json(rows)}) as x(id int, code_check text)
      where w.id = x.id and w.id in (
        select id from wristbands where id = any(${ints(rows.map((r) => r.id))}) and code_check is null
          and ${ofEvent('wristbands', eventId)}
        for update skip locked
      )`,
  );

export const updateWristbandsSql = (eventId: number, rows: WristbandRow[]) =>
  cte(
    'wristbands_updated',
    sql`update wristbands w set cash = x.cash, gift = x.gift, flags = x.flags, customer_id = x.customer_id,
        role_id = x.role_id, active = x.active, code_check = x.code_check, updated_at = now()
      from json_to_recordset(${json(rows)}) as x(id int, cash int, gift int, flags int[], customer_id int,
        role_id int, active smallint, code_check text)
      where w.id = x.id and w.id = any(${ints(rows.map((r) => r.id))}) and ${ofEvent('w', eventId)}`,
  );

/** An anonymous customer for a wristband whose customer record is gone. */
export async function insertAnonymousCustomer(tx: Executor, eventId: number) {
  const res = await tx.execute(sql`insert into customers (event_id) values (${eventId}::int) returning id`);
  return Number(rowsOf<{ id: number }>(res)[0]!.id);
}

// ---------------------------------------------------------------------------------------------
// Tickets and customers (ticket validations)

/**
 * Marks tickets validated on their wristbands (creating the unknown ones with the wristband's
 * customer), one statement for the batch; answers each ticket's id, its customer and whether it had
 * been validated before. One row per code (the caller sends each code once).
 */
export async function validateTickets(
  tx: Executor,
  eventId: number,
  rows: { code: string; customer_id: number; wristband_id: number; role_id: number | null; at: string }[],
) {
  if (!rows.length) return new Map<string, { ticketId: number; customerId: number; repeated: boolean }>();
  const res = await tx.execute(
    sql`with x as (
          select * from json_to_recordset(${json(rows)})
            as x(code text, customer_id int, wristband_id int, role_id int, at timestamptz)
        ),
        before as (
          select x.code, t.validated from x
          join lateral (
            select t.validated from tickets t where t.event_id = ${eventId}::int and t.code = x.code
            order by t.event_id, t.code limit 1
          ) t on true
        ),
        up as (
          insert into tickets (event_id, code, customer_id, role_id, wristband_id, validated, date_validation)
          select ${eventId}::int, x.code, x.customer_id, x.role_id, x.wristband_id, 1, x.at from x order by x.code
          on conflict (event_id, code) do update set
            validated = 1,
            wristband_id = excluded.wristband_id,
            customer_id = coalesce(tickets.customer_id, excluded.customer_id),
            role_id = coalesce(excluded.role_id, tickets.role_id),
            date_validation = coalesce(tickets.date_validation, excluded.date_validation),
            updated_at = now()
          returning id, code, customer_id
        )
        select up.id, up.code, up.customer_id, coalesce(before.validated, 0) as was_validated
        from up left join before on before.code = up.code`,
  );
  return new Map(
    rowsOf<{ id: number; code: string; customer_id: number; was_validated: number }>(res).map((r) => [
      r.code,
      { ticketId: Number(r.id), customerId: Number(r.customer_id), repeated: Number(r.was_validated) === 1 },
    ]),
  );
}

/** Fills what customer records lack from validations (never overwrites known data). */
export interface CustomerFill {
  id: number;
  name: string | null;
  email: string | null;
  localizer: string | null;
  ticket_code: string;
  at: string;
}
export const fillCustomersSql = (eventId: number, rows: CustomerFill[]) =>
  cte(
    'customers_filled',
    sql`update customers c set
          name = coalesce(c.name, x.name),
          email = coalesce(c.email, x.email),
          localizer = coalesce(c.localizer, x.localizer),
          ticket_code = coalesce(c.ticket_code, x.ticket_code),
          date_validation = coalesce(c.date_validation, x.at),
          updated_at = now()
        from json_to_recordset(${json(rows)})
          as x(id int, name text, email text, localizer text, ticket_code text, at timestamptz)
        where c.id = x.id and c.id = any(${ints(rows.map((r) => r.id))}) and ${ofEvent('c', eventId)}`,
  );

/** Anonymous customers left without wristband or ticket after a validation or change moved them. */
export const deleteOrphanCustomersSql = (eventId: number, ids: number[]) =>
  ids.length
    ? sql`delete from customers c
        where c.event_id = ${eventId}::int
          and c.id = any(${ints(ids)})
          and c.name is null and c.email is null and c.ticket_code is null
          and not exists (select 1 from wristbands w where w.customer_id = c.id)
          and not exists (select 1 from tickets t where t.customer_id = c.id)`
    : null;

// ---------------------------------------------------------------------------------------------
// What the operations record

export interface LedgerRow {
  wristband_id: number;
  operation_id: string;
  kind: string;
  cash_delta: number;
  gift_delta: number;
  cash_after: number;
  gift_after: number;
  device_time: string;
}
export const ledgerSql = (eventId: number, rows: LedgerRow[]) =>
  insertSql(
    'ledger_entries',
    eventId,
    {
      wristband_id: 'int',
      operation_id: 'uuid',
      kind: 'text',
      cash_delta: 'int',
      gift_delta: 'int',
      cash_after: 'int',
      gift_after: 'int',
      device_time: 'timestamptz',
    },
    rows,
  );

export interface TopUpRow {
  operation_id: string;
  wristband_id: number;
  type: string;
  payment_type: string | null;
  amount: number;
  bonus: number;
  money: number;
  fee: number;
  cash_after: number;
  gift_after: number;
  negative_balance: boolean;
  banned_wristband: boolean;
  articles: { idArticle: number; quantity: number }[];
  ref: string | null;
  addon_id: number | null;
  staff_id: number | null;
  supervisor_id: number | null;
  device_id: number;
  location_id: number | null;
  device_time: string;
}
export const topUpsSql = (eventId: number, rows: TopUpRow[]) =>
  insertSql(
    'top_ups',
    eventId,
    {
      operation_id: 'uuid',
      wristband_id: 'int',
      type: 'text',
      payment_type: 'text',
      amount: 'int',
      bonus: 'int',
      money: 'int',
      fee: 'int',
      cash_after: 'int',
      gift_after: 'int',
      negative_balance: 'boolean',
      banned_wristband: 'boolean',
      articles: 'jsonb',
      ref: 'text',
      addon_id: 'int',
      staff_id: 'int',
      supervisor_id: 'int',
      device_id: 'int',
      location_id: 'int',
      device_time: 'timestamptz',
    },
    rows,
  );

export interface SaleRow {
  operation_id: string;
  wristband_id: number | null;
  total_purchase: number;
  total_payed: number;
  is_devolution: boolean;
  num_payers: number;
  cash_after: number | null;
  gift_after: number | null;
  negative_balance: boolean;
  banned_wristband: boolean;
  addon_id: number | null;
  kitchen_id: number | null;
  room_id: number | null;
  seat_name: string | null;
  staff_id: number | null;
  device_id: number;
  location_id: number | null;
  device_time: string;
}
export interface SaleLineRow {
  operation_id: string;
  article_id: number;
  quantity: number;
  price: number;
  quantity_gift: number;
}
export interface SalePaymentRow {
  operation_id: string;
  type: string;
  amount: number;
  wristband_id: number | null;
}

/** Sales with their lines and payments (the lines find their sale by operation id). */
export const salesSql = (
  eventId: number,
  sales: SaleRow[],
  lines: SaleLineRow[],
  payments: SalePaymentRow[],
) => [
  cte(
    'sales_inserted',
    sql`insert into sales (event_id, operation_id, wristband_id, total_purchase, total_payed, is_devolution,
        num_payers, cash_after, gift_after, negative_balance, staff_id, device_id, location_id, device_time,
        addon_id, banned_wristband, kitchen_id, room_id, seat_name)
      select ${eventId}::int, x.operation_id, x.wristband_id, x.total_purchase, x.total_payed, x.is_devolution,
        x.num_payers, x.cash_after, x.gift_after, x.negative_balance, x.staff_id, x.device_id, x.location_id,
        x.device_time, x.addon_id, x.banned_wristband, x.kitchen_id, x.room_id, x.seat_name
      from json_to_recordset(${json(sales)}) as x(operation_id uuid, wristband_id int, total_purchase int,
        total_payed int, is_devolution boolean, num_payers int, cash_after int, gift_after int,
        negative_balance boolean, staff_id int, device_id int, location_id int, device_time timestamptz,
        addon_id int, banned_wristband boolean, kitchen_id int, room_id int, seat_name text)
      returning id, operation_id`,
  ),
  cte(
    'sale_lines_inserted',
    sql`insert into sale_lines (event_id, sale_id, article_id, quantity, price, quantity_gift)
      select ${eventId}::int, s.id, y.article_id, y.quantity, y.price, y.quantity_gift
      from json_to_recordset(${json(lines)}) as y(operation_id uuid, article_id int, quantity int, price int,
        quantity_gift int)
      join sales_inserted s on s.operation_id = y.operation_id`,
  ),
  cte(
    'sale_payments_inserted',
    sql`insert into sale_payments (event_id, sale_id, type, amount, wristband_id)
      select ${eventId}::int, s.id, z.type, z.amount, z.wristband_id
      from json_to_recordset(${json(payments)}) as z(operation_id uuid, type text, amount int, wristband_id int)
      join sales_inserted s on s.operation_id = z.operation_id`,
  ),
];

export interface AccessRow {
  operation_id: string;
  wristband_id: number | null;
  ticket_code: string | null;
  acceso: string;
  zone_from: number | null;
  zone_to: number | null;
  gate_id: number | null;
  last_zone: number | null;
  role_id: number | null;
  staff_id: number | null;
  device_id: number;
  date_local: string;
}
export const accessSql = (eventId: number, rows: AccessRow[]) =>
  insertSql(
    'access_records',
    eventId,
    {
      operation_id: 'uuid',
      wristband_id: 'int',
      ticket_code: 'text',
      acceso: 'text',
      zone_from: 'int',
      zone_to: 'int',
      gate_id: 'int',
      last_zone: 'int',
      role_id: 'int',
      staff_id: 'int',
      device_id: 'int',
      date_local: 'timestamptz',
    },
    rows,
  );

export interface TicketValidationRow {
  operation_id: string;
  ticket_id: number;
  code: string;
  wristband_id: number;
  customer_id: number;
  role_id: number | null;
  repeated: boolean;
  staff_id: number | null;
  device_id: number;
  location_id: number | null;
  device_time: string;
}
export const ticketValidationsSql = (eventId: number, rows: TicketValidationRow[]) =>
  insertSql(
    'ticket_validations',
    eventId,
    {
      operation_id: 'uuid',
      ticket_id: 'int',
      code: 'text',
      wristband_id: 'int',
      customer_id: 'int',
      role_id: 'int',
      repeated: 'boolean',
      staff_id: 'int',
      device_id: 'int',
      location_id: 'int',
      device_time: 'timestamptz',
    },
    rows,
  );

export interface RoleRecordingRow {
  operation_id: string;
  wristband_id: number;
  role_id: number;
  staff_id: number | null;
  device_id: number;
  location_id: number | null;
  device_time: string;
}
export const roleRecordingsSql = (eventId: number, rows: RoleRecordingRow[]) =>
  insertSql(
    'role_recordings',
    eventId,
    {
      operation_id: 'uuid',
      wristband_id: 'int',
      role_id: 'int',
      staff_id: 'int',
      device_id: 'int',
      location_id: 'int',
      device_time: 'timestamptz',
    },
    rows,
  );

export interface WristbandChangeRow {
  operation_id: string;
  source_wristband_id: number;
  end_wristband_id: number;
  source_rfid: string;
  end_rfid: string;
  cash_moved: number;
  gift_moved: number;
  staff_id: number | null;
  device_id: number;
  location_id: number | null;
  date: string;
}
export const wristbandChangesSql = (eventId: number, rows: WristbandChangeRow[]) =>
  insertSql(
    'wristband_changes',
    eventId,
    {
      operation_id: 'uuid',
      source_wristband_id: 'int',
      end_wristband_id: 'int',
      source_rfid: 'text',
      end_rfid: 'text',
      cash_moved: 'int',
      gift_moved: 'int',
      staff_id: 'int',
      device_id: 'int',
      location_id: 'int',
      date: 'timestamptz',
    },
    rows,
  );

export interface PresenceRow {
  operation_id: string;
  staff_id: number;
  type: 'in' | 'out';
  location_id: number | null;
  device_id: number;
  controller_id: number | null;
  date_presence: string;
}
export const presenceSql = (eventId: number, rows: PresenceRow[]) =>
  insertSql(
    'presence_records',
    eventId,
    {
      operation_id: 'uuid',
      staff_id: 'int',
      type: 'text',
      location_id: 'int',
      device_id: 'int',
      controller_id: 'int',
      date_presence: 'timestamptz',
    },
    rows,
  );

export interface OrderErrorRow {
  operation_id: string;
  message: string;
  seat_name: string | null;
  room_id: number | null;
  kitchen_id: number | null;
  staff_id: number | null;
  device_id: number;
  location_id: number | null;
  device_time: string;
}
export const orderErrorsSql = (eventId: number, rows: OrderErrorRow[]) =>
  insertSql(
    'order_errors',
    eventId,
    {
      operation_id: 'uuid',
      message: 'text',
      seat_name: 'text',
      room_id: 'int',
      kitchen_id: 'int',
      staff_id: 'int',
      device_id: 'int',
      location_id: 'int',
      device_time: 'timestamptz',
    },
    rows,
  );

export interface RefusedRow {
  device_id: number;
  batch_id: number;
  operation_id: string | null;
  reason: string;
  fields: { path: string; message: string }[] | null;
  payload: unknown;
}
export const refusedSql = (eventId: number, rows: RefusedRow[]) =>
  insertSql(
    'refused_operations',
    eventId,
    {
      device_id: 'int',
      batch_id: 'bigint',
      operation_id: 'text',
      reason: 'text',
      fields: 'jsonb',
      payload: 'jsonb',
    },
    rows,
  );
