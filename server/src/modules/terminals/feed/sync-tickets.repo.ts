/**
 * The sync's ticket and customer statements (ticket validations): anonymous customers, tickets marked
 * validated, the validations' rows, what customer records lack filled in, and the anonymous customers
 * a validation or a wristband change left orphaned removed.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { cte, insertSql, ints, json, ofEvent } from './sync-sql';

/** An anonymous customer for a wristband whose customer record is gone. */
export async function insertAnonymousCustomer(tx: Executor, eventId: number) {
  const res = await tx.execute(sql`insert into customers (event_id) values (${eventId}::int) returning id`);
  return Number(rowsOf<{ id: number }>(res)[0]!.id);
}

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

export interface TicketValidationRow {
  operation_id: string;
  ticket_id: number;
  code: string;
  wristband_id: number;
  customer_id: number;
  role_id: number | null;
  repeated: boolean;
  staff_id: number | null;
  device_id: number | null;
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
