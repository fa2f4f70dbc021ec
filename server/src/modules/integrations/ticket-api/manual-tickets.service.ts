import {
  checkManualTickets,
  type Language,
  type ManualTicketInput,
  type TicketListResult,
} from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { guardedWrite } from '../../../core/lib/db-errors';
import {
  byNameOrId,
  eventRols,
  type Field,
  json,
  ListResult,
  lockLists,
  msg,
  type Named,
  ticketsBy,
} from './ticket-lists.shared';

/**
 * Tickets made by hand (admin/api-ticket manual): one from the form or a list, checked row by row
 * against the event's rols, resellers, tickets and the resellers' allocations.
 */

/** Allocated and sold (tickets not cancelled) per reseller and rol; `lock` holds the resellers' rows. */
async function allocationState(db: Executor, eventId: number, lock: boolean) {
  if (lock)
    await db.execute(sql`select id from ticket_resellers where event_id = ${eventId} order by id for update`);
  const [alloc, sold] = await Promise.all([
    db.execute(
      sql`select reseller_id, role_id, quantity from ticket_reseller_allocations where event_id = ${eventId}`,
    ),
    db.execute(sql`
      select reseller_id, role_id, count(*)::int as n from tickets
      where event_id = ${eventId} and reseller_id is not null and cancelled = 0
      group by reseller_id, role_id`),
  ]);
  const key = (r: number, role: number | null) => `${r}:${role}`;
  const allocated = new Map(
    rowsOf<{ reseller_id: number; role_id: number; quantity: number }>(alloc).map((r) => [
      key(Number(r.reseller_id), Number(r.role_id)),
      Number(r.quantity),
    ]),
  );
  const counts = new Map(
    rowsOf<{ reseller_id: number; role_id: number | null; n: number }>(sold).map((r) => [
      key(Number(r.reseller_id), r.role_id === null ? null : Number(r.role_id)),
      Number(r.n),
    ]),
  );
  return {
    /** Takes one ticket of the pair (false: none left). */
    take(reseller: number, role: number) {
      const k = key(reseller, role);
      const n = counts.get(k) ?? 0;
      if (n + 1 > (allocated.get(k) ?? 0)) return false;
      counts.set(k, n + 1);
      return true;
    },
    give(reseller: number | null, role: number | null) {
      if (reseller === null) return;
      const k = key(reseller, role);
      counts.set(k, Math.max(0, (counts.get(k) ?? 0) - 1));
    },
  };
}

/**
 * Tickets by hand (one from the form, or a list): each row's own checks, its rol and reseller (by
 * name or id), its code against the event's tickets, and the reseller's allocation for the rol. A
 * code that is already a ticket made by hand, not validated, is updated from the row (the same row
 * again changes nothing); a code held by any other ticket is refused.
 */
export async function applyManualTickets(
  ctx: AppContext,
  eventId: number,
  inputs: ManualTicketInput[],
  opts: { preview: boolean; lang: Language },
): Promise<TicketListResult> {
  const db = ctx.db;
  if (!opts.preview) await lockLists(db, eventId);
  const result = new ListResult(opts.lang);
  const checks = checkManualTickets(inputs);
  const [rolList, resellerList] = await Promise.all([
    eventRols(db, eventId),
    db.execute(sql`select id, name from ticket_resellers where event_id = ${eventId}`),
  ]);
  const rol = byNameOrId(rolList);
  const reseller = byNameOrId(rowsOf<Named>(resellerList).map((r) => ({ ...r, id: Number(r.id) })));
  const good = checks.flatMap((c) => (c.ok ? [c] : []));
  const existing = new Map(
    (
      await ticketsBy(
        db,
        eventId,
        good.map((g) => g.row.code),
      )
    ).map((t) => [t.code, t]),
  );
  const alloc = await allocationState(db, eventId, !opts.preview);

  const inserts: {
    code: string;
    role_id: number;
    reseller_id: number | null;
    name: string | null;
    email: string | null;
  }[] = [];
  const updates: {
    id: number;
    customer_id: number | null;
    code: string;
    role_id: number;
    reseller_id: number | null;
    name: string | null;
    email: string | null;
  }[] = [];
  for (const [i, c] of checks.entries()) {
    if (!c.ok) {
      // Every reason at once: the rol and reseller named are checked too.
      const raw = inputs[i]!;
      const more: Field[] = [];
      const has = (p: string) => c.fields.some((f) => f.path === p);
      if (!has('role') && raw.role?.trim() && !rol(raw.role))
        more.push({ path: 'role', message: msg('ticketRoleUnknown', { role: raw.role.trim() }) });
      if (!has('reseller') && raw.reseller?.trim() && !reseller(raw.reseller))
        more.push({
          path: 'reseller',
          message: msg('ticketResellerUnknown', { reseller: raw.reseller.trim() }),
        });
      result.refuse(c.line, c.code, [...c.fields, ...more]);
      continue;
    }
    const row = c.row;
    const fields: Field[] = [];
    const r = rol(row.role);
    if (!r) fields.push({ path: 'role', message: msg('ticketRoleUnknown', { role: row.role }) });
    const s = row.reseller ? reseller(row.reseller) : null;
    if (s === undefined)
      fields.push({ path: 'reseller', message: msg('ticketResellerUnknown', { reseller: row.reseller }) });
    const name = row.holder || null;
    const email = row.email || null;
    const before = existing.get(row.code);
    const editable = before?.source === 'manual' && before.validated === 0 && before.wristband_id === null;
    if (before && !editable) {
      const same =
        before.source === 'manual' &&
        before.role_id === r?.id &&
        before.reseller_id === (s?.id ?? null) &&
        (before.name ?? null) === name &&
        (before.email ?? null) === email;
      if (same && !fields.length) {
        result.act(c.line, 'unchanged');
        continue;
      }
      fields.push({ path: 'code', message: msg('ticketCodeTaken', { code: row.code }) });
    }
    if (fields.length || !r || s === undefined) {
      result.refuse(c.line, row.code, fields);
      continue;
    }
    const resellerId = s?.id ?? null;
    if (
      before &&
      before.role_id === r.id &&
      before.reseller_id === resellerId &&
      before.name === name &&
      before.email === email &&
      before.cancelled === 0
    ) {
      result.act(c.line, 'unchanged');
      continue;
    }
    // The reseller sells one more of the rol (a ticket moved from another pair frees that one).
    const samePair =
      before && before.cancelled === 0 && before.reseller_id === resellerId && before.role_id === r.id;
    if (resellerId !== null && !samePair) {
      if (!alloc.take(resellerId, r.id)) {
        result.refuse(c.line, row.code, [
          { path: 'reseller', message: msg('ticketAllocationExceeded', { reseller: s!.name, role: r.name }) },
        ]);
        continue;
      }
    }
    if (before) {
      if (!samePair && before.cancelled === 0) alloc.give(before.reseller_id, before.role_id);
      updates.push({
        id: before.id,
        customer_id: before.customer_id,
        code: row.code,
        role_id: r.id,
        reseller_id: resellerId,
        name,
        email,
      });
      result.act(c.line, 'update');
    } else {
      inserts.push({ code: row.code, role_id: r.id, reseller_id: resellerId, name, email });
      result.act(c.line, 'create');
    }
  }
  if (opts.preview) return result.out();
  // A code an import wrote meanwhile (between the checks and here) is a 409, never a 500.
  await guardedWrite(() => writeManual(db, eventId, inserts, updates));
  return result.out();
}

async function writeManual(
  db: Executor,
  eventId: number,
  inserts: {
    code: string;
    role_id: number;
    reseller_id: number | null;
    name: string | null;
    email: string | null;
  }[],
  updates: {
    id: number;
    customer_id: number | null;
    role_id: number;
    reseller_id: number | null;
    name: string | null;
    email: string | null;
  }[],
) {
  if (inserts.length)
    await db.execute(sql`
      with x as (
        select * from json_to_recordset(${json(inserts)})
          as x(code text, role_id int, reseller_id int, name text, email text)
      ),
      c as (
        insert into customers (event_id, name, email, ticket_code)
        select ${eventId}::int, x.name, x.email, x.code from x order by x.code
        returning id, ticket_code
      )
      insert into tickets (event_id, code, customer_id, role_id, reseller_id, source)
      select ${eventId}::int, x.code, c.id, x.role_id, x.reseller_id, 'manual'
      from x join c on c.ticket_code = x.code
      order by x.code`);
  if (updates.length) {
    await db.execute(sql`
      update tickets t set role_id = x.role_id, reseller_id = x.reseller_id, cancelled = 0, updated_at = now()
      from json_to_recordset(${json(updates)}) as x(id int, role_id int, reseller_id int)
      where t.id = x.id and t.event_id = ${eventId}::int`);
    await db.execute(sql`
      update customers c set name = x.name, email = x.email, updated_at = now()
      from json_to_recordset(${json(updates)}) as x(customer_id int, name text, email text)
      where c.id = x.customer_id and c.event_id = ${eventId}::int`);
  }
}
