import type { ApiTicket } from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import { rowsOf } from '../../../core/db/rows';
import { fail } from '../../../core/lib/errors';

/**
 * The tickets the lists made (by hand or converted): listed with search and pages, and deleted while
 * nothing uses them. Applying the lists: manual-tickets.service.ts and ticket-converter.service.ts.
 */

type TicketKind = 'manual' | 'converter';

const kindWhere = (kind: TicketKind) =>
  kind === 'manual' ? sql`t.source = 'manual'` : sql`t.external_code is not null`;

export async function listTickets(
  ctx: AppContext,
  eventId: number,
  kind: TicketKind,
  q: { search?: string; page?: number; paginationLimit?: number },
) {
  const limit = q.paginationLimit ?? 25;
  const offset = ((q.page ?? 1) - 1) * limit;
  const like = q.search ? `%${q.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const search = like
    ? sql`and (lower(t.code) like ${like} or lower(coalesce(t.external_code, '')) like ${like}
        or lower(coalesce(c.name, '')) like ${like} or lower(coalesce(c.email, '')) like ${like})`
    : sql``;
  const res = await ctx.db.execute(sql`
    select t.id, t.code, t.external_code, t.role_id, r.name as rol, c.name as holder, c.email,
      s.name as reseller, t.source, t.validated, t.cancelled, t.created_at,
      (t.validated = 1 or t.wristband_id is not null
        or exists (select 1 from ticket_import_positions p where p.ticket_id = t.id)) as locked,
      count(*) over () as total
    from tickets t
    left join customers c on c.id = t.customer_id
    left join rols r on r.id = t.role_id
    left join ticket_resellers s on s.id = t.reseller_id
    where t.event_id = ${eventId} and ${kindWhere(kind)} ${search}
    order by t.created_at desc, t.id desc
    limit ${limit} offset ${offset}`);
  const rows = rowsOf<Record<string, unknown>>(res);
  const tickets: ApiTicket[] = rows.map((r) => ({
    id: Number(r.id),
    code: String(r.code),
    externalCode: (r.external_code as string | null) ?? null,
    idRol: r.role_id === null ? null : Number(r.role_id),
    rol: (r.rol as string | null) ?? null,
    holder: (r.holder as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    reseller: (r.reseller as string | null) ?? null,
    source: (r.source as string | null) ?? null,
    validated: Number(r.validated),
    cancelled: Number(r.cancelled),
    locked: r.locked === true || r.locked === 't',
    createdAt: new Date(r.created_at as string).toISOString(),
  }));
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && offset > 0) {
    const [n] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`
        select count(*)::int as n from tickets t left join customers c on c.id = t.customer_id
        where t.event_id = ${eventId} and ${kindWhere(kind)} ${search}`),
    );
    total = Number(n?.n ?? 0);
  }
  return { tickets, total };
}

/** Deletes a ticket made by hand or a conversion while nothing uses it (not validated, on no wristband, not imported). */
export async function deleteTicket(ctx: AppContext, eventId: number, kind: TicketKind, id: number) {
  const [t] = rowsOf<{ id: number; code: string; customer_id: number | null; locked: boolean }>(
    await ctx.db.execute(sql`
      select t.id, t.code, t.customer_id,
        (t.validated = 1 or t.wristband_id is not null
          or exists (select 1 from ticket_import_positions p where p.ticket_id = t.id)) as locked
      from tickets t where t.event_id = ${eventId} and t.id = ${id} and ${kindWhere(kind)}
      for update of t`),
  );
  if (!t) throw fail('notFound');
  if (t.locked) throw fail('ticketInUse', { params: { code: t.code } });
  await ctx.db.execute(sql`delete from tickets where id = ${id} and event_id = ${eventId}`);
  // Its holder goes with it when nothing else names that customer.
  if (t.customer_id !== null)
    await ctx.db.execute(sql`
      delete from customers c where c.id = ${t.customer_id} and c.event_id = ${eventId}
        and not exists (select 1 from tickets x where x.customer_id = c.id)
        and not exists (select 1 from wristbands w where w.customer_id = c.id)`);
  return id;
}
