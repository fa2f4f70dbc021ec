/**
 * The sync's wristband statements: the columns a batch reads, finding, reading and locking the
 * event's wristbands by serial, and writing back what the batch changed (balances, customer, role,
 * flags, check code).
 */
import { type SQL, sql } from 'drizzle-orm';
import { cte, ints, json, ofEvent } from './sync-sql';

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

export const WRISTBAND_COLUMNS = sql.raw(
  'id, n_serie, code_check, customer_id, cash, gift, flags, role_id, active',
);

/**
 * The event's wristband of one serial, for a LATERAL join over serials: one probe of the
 * (event_id, n_serie) unique index per serial whatever the planner knows of the event's size.
 * `event_id = … and n_serie = any(…)` could be served by another (event_id, …) index that reads every
 * wristband of an event its statistics still think small (a new event's, before any ANALYZE).
 */
export const findSerial = (eventId: SQL, serial: SQL) =>
  sql`select ${WRISTBAND_COLUMNS} from wristbands
      where event_id = ${eventId} and n_serie = ${serial}
      order by event_id, n_serie limit 1`;

/**
 * The event's wristbands of the serials a subquery answers, read without a lock (findSerial): those a
 * batch only passes through a gate (an access record names its wristband and changes nothing of it),
 * so a gate's batch does not hold up the bars' batches of the same people.
 */
export const readSerials = (eventId: SQL, serials: SQL) =>
  sql`select f.* from (${serials}) s(n_serie) cross join lateral (${findSerial(eventId, sql`s.n_serie`)}) f`;

/**
 * The event's wristbands of the serials a subquery answers, locked in id order, the one order every
 * batch locks in: found by serial (findSerial), locked by primary key. FOR NO KEY UPDATE, the lock
 * the batch's own UPDATE of their balances takes: two batches of one wristband still take turns, but
 * a row that only references the wristband (a ticket linked to it, whose foreign-key check takes KEY
 * SHARE) is not held up.
 */
export const lockSerials = (eventId: SQL, serials: SQL) =>
  sql`select ${WRISTBAND_COLUMNS} from wristbands
      where id = any(array(select f.id from (${serials}) s(n_serie) cross join lateral (${findSerial(eventId, sql`s.n_serie`)}) f))
      order by id for no key update`;

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
