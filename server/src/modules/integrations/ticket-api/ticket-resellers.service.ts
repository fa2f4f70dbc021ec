import type { Reseller, ResellerSave } from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import { rowsOf } from '../../../core/db/rows';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail, fieldError } from '../../../core/lib/errors';
import { eventRols, json, msg } from './ticket-lists.shared';

/**
 * Ticket resellers (admin/api-ticket reseller): each with its allocations per rol, and allocated, sold
 * and remaining; no allocation below what was sold, no deleting one in use.
 */

export async function listResellers(ctx: AppContext, eventId: number, ids?: number[]): Promise<Reseller[]> {
  const only = ids ? sql`and s.id in (select (json_array_elements_text(${json(ids)}))::int)` : sql``;
  const base = rowsOf<{ id: number; name: string; email: string | null; updated_at: string }>(
    await ctx.db.execute(sql`
      select s.id, s.name, s.email, s.updated_at from ticket_resellers s
      where s.event_id = ${eventId} ${only} order by lower(s.name), s.id`),
  );
  const lines = rowsOf<{
    reseller_id: number;
    role_id: number | null;
    rol: string | null;
    allocated: number;
    sold: number;
  }>(
    await ctx.db.execute(sql`
      with a as (
        select reseller_id, role_id, quantity from ticket_reseller_allocations where event_id = ${eventId}
      ),
      s as (
        select reseller_id, role_id, count(*)::int as n from tickets
        where event_id = ${eventId} and reseller_id is not null and cancelled = 0
        group by reseller_id, role_id
      )
      select coalesce(a.reseller_id, s.reseller_id) as reseller_id, coalesce(a.role_id, s.role_id) as role_id,
        r.name as rol, coalesce(a.quantity, 0)::int as allocated, coalesce(s.n, 0)::int as sold
      from a full join s on s.reseller_id = a.reseller_id and s.role_id = a.role_id
      left join rols r on r.id = coalesce(a.role_id, s.role_id)
      order by r.name nulls last`),
  );
  return base.map((b) => ({
    id: Number(b.id),
    name: b.name,
    email: b.email,
    roles: lines
      .filter((l) => Number(l.reseller_id) === Number(b.id))
      .map((l) => ({
        roleId: l.role_id === null ? null : Number(l.role_id),
        rol: l.rol,
        allocated: Number(l.allocated),
        sold: Number(l.sold),
        remaining: Math.max(0, Number(l.allocated) - Number(l.sold)),
      })),
    updatedAt: new Date(b.updated_at).toISOString(),
  }));
}

/**
 * Saves a reseller and its allocations (the list replaces the previous one). An allocation below what
 * the reseller already sold of the rol, or leaving out a rol it sold, is refused.
 */
export async function saveReseller(ctx: AppContext, eventId: number, input: ResellerSave) {
  const db = ctx.db;
  const name = input.name.trim();
  const email = input.email ? input.email : null;
  let id = input.id ?? null;
  if (id !== null) {
    const [row] = rowsOf<{ id: number }>(
      await db.execute(
        sql`select id from ticket_resellers where event_id = ${eventId} and id = ${id} for update`,
      ),
    );
    if (!row) throw fail('notFound');
  }
  const [clash] = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from ticket_resellers where event_id = ${eventId} and lower(name) = lower(${name})
        and id <> ${id ?? 0}`),
  );
  if (clash) throw fieldError('reseller.name', msg('ticketResellerTaken', { name }));
  const rolIds = new Set((await eventRols(db, eventId)).map((r) => r.id));
  const seen = new Set<number>();
  input.allocations.forEach((a, i) => {
    if (!rolIds.has(a.roleId)) throw fieldError(`reseller.allocations.${i}.roleId`, 'validation.invalid');
    if (seen.has(a.roleId))
      throw fieldError(`reseller.allocations.${i}.roleId`, 'validation.ticketAllocationRepeated');
    seen.add(a.roleId);
  });
  if (id !== null) {
    const sold = rowsOf<{ role_id: number | null; n: number }>(
      await db.execute(sql`
        select role_id, count(*)::int as n from tickets
        where event_id = ${eventId} and reseller_id = ${id} and cancelled = 0 group by role_id`),
    );
    for (const s of sold) {
      const n = Number(s.n);
      const i = input.allocations.findIndex(
        (a) => a.roleId === (s.role_id === null ? null : Number(s.role_id)),
      );
      if (i < 0) throw fieldError('reseller.allocations', msg('ticketAllocationBelowSold', { sold: n }));
      if (input.allocations[i]!.quantity < n)
        throw fieldError(`reseller.allocations.${i}.quantity`, msg('ticketAllocationBelowSold', { sold: n }));
    }
    await guardedWrite(() =>
      db.execute(sql`
        update ticket_resellers set name = ${name}, email = ${email}, updated_at = now()
        where id = ${id} and event_id = ${eventId}`),
    );
    await db.execute(sql`delete from ticket_reseller_allocations where reseller_id = ${id}`);
  } else {
    const [row] = rowsOf<{ id: number }>(
      await guardedWrite(() =>
        db.execute(sql`
          insert into ticket_resellers (event_id, name, email) values (${eventId}, ${name}, ${email})
          returning id`),
      ),
    );
    id = Number(row!.id);
  }
  if (input.allocations.length)
    await db.execute(sql`
      insert into ticket_reseller_allocations (reseller_id, event_id, role_id, quantity)
      select ${id}::int, ${eventId}::int, x.role_id, x.quantity
      from json_to_recordset(${json(input.allocations.map((a) => ({ role_id: a.roleId, quantity: a.quantity })))})
        as x(role_id int, quantity int)`);
  const [saved] = await listResellers(ctx, eventId, [id]);
  return saved!;
}

/** A reseller goes only while no ticket names it and no schedule maps a product to it. */
export async function deleteReseller(ctx: AppContext, eventId: number, id: number) {
  const [row] = rowsOf<{ id: number; tickets: boolean; mapped: boolean }>(
    await ctx.db.execute(sql`
      select s.id,
        exists (select 1 from tickets t where t.event_id = ${eventId} and t.reseller_id = s.id) as tickets,
        exists (select 1 from ticket_import_schedules x, jsonb_array_elements(x.mappings) m
          where x.event_id = ${eventId} and (m ->> 'resellerId')::int = s.id) as mapped
      from ticket_resellers s where s.event_id = ${eventId} and s.id = ${id} for update of s`),
  );
  if (!row) throw fail('notFound');
  if (row.tickets || row.mapped) throw fail('ticketResellerInUse');
  await ctx.db.execute(sql`delete from ticket_resellers where id = ${id} and event_id = ${eventId}`);
  return id;
}
