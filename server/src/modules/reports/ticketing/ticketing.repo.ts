import type { ReportQuery } from '@pulsera/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { roleRecordings, ticketValidations } from '../../../core/db/schema';
import { feedWhere } from '../report-window';
import { ticketsSource } from '../rollups/rollups';

const iso = (v: unknown) =>
  v === null || v === undefined ? null : (v instanceof Date ? v : new Date(String(v))).toISOString();
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
/** A LIKE pattern matching `q` anywhere, its wildcards taken literally. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const validationWhere = (eventId: number, q: ReportQuery) =>
  feedWhere(
    {
      eventId: ticketValidations.eventId,
      time: ticketValidations.deviceTime,
      locationId: ticketValidations.locationId,
      staffId: ticketValidations.staffId,
      deviceId: ticketValidations.deviceId,
      roleId: ticketValidations.roleId,
    },
    eventId,
    q,
  );

/** Tickets and their validations per ticket rol, as they stood at `at`. */
export async function ticketsByRol(db: Executor, eventId: number, at: Date) {
  // Everything up to `at`: the rollup's whole hours and the raw rows of the hour `at` falls in.
  const res = await db.execute(sql`
    select x.role_id, r.name as rol,
      sum(x.sold)::int as sold, sum(x.validated)::int as validated, sum(x.cancelled)::int as cancelled,
      sum(x.validations)::int as validations, sum(x.repeated)::int as repeated
    from (${ticketsSource(eventId, { end: new Date(at.getTime() + 1) })}) x
    left join rols r on r.id = x.role_id and r.event_id = ${eventId}
    group by x.role_id, r.name
    having sum(x.sold) <> 0 or sum(x.validated) <> 0 or sum(x.cancelled) <> 0 or sum(x.validations) <> 0
    order by r.name nulls last, 1 nulls last`);
  return rowsOf<{
    role_id: number | null;
    rol: string | null;
    sold: number;
    validated: number;
    cancelled: number;
    validations: number;
    repeated: number;
  }>(res).map((r) => ({
    idRol: num(r.role_id),
    rol: r.rol,
    sold: Number(r.sold),
    validated: Number(r.validated),
    cancelled: Number(r.cancelled),
    validations: Number(r.validations),
    repeated: Number(r.repeated),
  }));
}

/** Add-ons loaded at validation (AV, AV-WA) up to `at`, per add-on. */
export async function complementAddons(db: Executor, eventId: number, at: Date) {
  const res = await db.execute(sql`
    with v as (
      -- Per add-on id first, then named: grouped with the name, the distinct wristbands were sorted
      -- on disk (48,000 loads at twenty million operations, issue 31).
      select u.addon_id, count(*) as n, count(distinct u.wristband_id) as wristbands,
        sum(u.amount) as cash, sum(u.bonus) as bonus
      from top_ups u
      where u.event_id = ${eventId} and u.addon_id is not null and u.type in ('AV', 'AV-WA')
        and u.device_time <= ${at.toISOString()}::timestamptz
      group by u.addon_id
    )
    select v.addon_id, a.name, v.n::int as count, v.wristbands::int as wristbands,
      v.cash::int as amount_cash, v.bonus::int as amount_bonus
    from v
    left join addons a on a.id = v.addon_id and a.event_id = ${eventId}
    order by a.name nulls last, v.addon_id`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    idAddon: Number(r.addon_id),
    name: (r.name as string | null) ?? null,
    count: Number(r.count),
    wristbands: Number(r.wristbands),
    amountCash: Number(r.amount_cash),
    amountBonus: Number(r.amount_bonus),
  }));
}

/** Articles given with a validation (RV-WA, AV-WA) up to `at`, per article. */
export async function complementArticles(db: Executor, eventId: number, at: Date) {
  const res = await db.execute(sql`
    with u as materialized (
      -- The complements (over their partial index) first: planned with the articles of every
      -- top-up (a hundred per row, as any set function is guessed), the statement would start
      -- parallel workers for a few thousand rows.
      select u.event_id, u.articles from top_ups u
      where u.event_id = ${eventId} and u.type in ('RV-WA', 'AV-WA')
        and u.device_time <= ${at.toISOString()}::timestamptz
    )
    select (e->>'idArticle')::int as article_id, a.name, sum((e->>'quantity')::int)::int as quantity
    from u
    cross join lateral jsonb_array_elements(u.articles) e
    left join articles a on a.id = (e->>'idArticle')::int and a.event_id = u.event_id
    group by 1, a.name
    order by a.name nulls last, 1`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    idArticle: Number(r.article_id),
    name: (r.name as string | null) ?? null,
    quantity: Number(r.quantity),
  }));
}

/** Paid online top-ups bought before the event's start, per day of purchase (event time zone). */
export async function preRecharges(db: Executor, eventId: number) {
  const res = await db.execute(sql`
    select to_char(o.date_recharge_online at time zone e.timezone, 'YYYY-MM-DD') as day,
      count(*)::int as count, sum(o.amount_recharge)::int as amount_recharge,
      sum(o.amount_bonus)::int as amount_bonus,
      count(*) filter (where o.date_recharge_rfid is not null)::int as redeemed,
      coalesce(sum(o.amount_recharge) filter (where o.date_recharge_rfid is not null), 0)::int as amount_redeemed
    from online_top_ups o
    join events e on e.id = o.event_id
    where o.event_id = ${eventId} and o.valid = 1 and o.payed = 1 and o.date_recharge_online < e.date_start
    group by 1
    order by 1`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    day: String(r.day),
    count: Number(r.count),
    amountRecharge: Number(r.amount_recharge),
    amountBonus: Number(r.amount_bonus),
    redeemed: Number(r.redeemed),
    amountRedeemed: Number(r.amount_redeemed),
  }));
}

export async function eventStart(db: Executor, eventId: number) {
  const res = await db.execute(sql`select date_start, timezone from events where id = ${eventId}`);
  const [r] = rowsOf<{ date_start: unknown; timezone: string }>(res);
  return { start: iso(r!.date_start)!, timezone: r!.timezone };
}

/** Validations per bucket of `minutes`, the buckets aligned to local midnight (event time zone). */
export async function validationBuckets(db: Executor, eventId: number, q: ReportQuery, minutes: number) {
  const res = await db.execute(sql`
    with ev as (select timezone as tz from events where id = ${eventId}),
    -- Counted per minute first (a time zone's offset is whole minutes, so a minute never straddles
    -- two local buckets): the local bucket is then worked out once a minute, not once a validation.
    m as (
      select date_bin('1 minute', ticket_validations.device_time, timestamptz '2000-01-01 00:00:00+00') as minute,
        count(*) as n, count(*) filter (where ticket_validations.repeated) as rep
      from ticket_validations
      where ${validationWhere(eventId, q)}
      group by 1
    ),
    x as (select m.minute at time zone ev.tz as l, m.n, m.rep from m cross join ev)
    select (date_trunc('day', l)
        + floor(extract(epoch from (l - date_trunc('day', l)))::float8 / ${minutes * 60}::int)
          * make_interval(mins => ${minutes}::int)) at time zone (select tz from ev) as bucket,
      sum(n)::int as validations, sum(rep)::int as repeated
    from x
    group by 1
    order by 1`);
  return rowsOf<{ bucket: unknown; validations: number; repeated: number }>(res).map((r) => ({
    date: iso(r.bucket)!,
    validations: Number(r.validations),
    repeated: Number(r.repeated),
  }));
}

/** The validation rows (with names) matching `where`, newest first. */
async function validationRows(db: Executor, where: SQL, limit?: number, offset = 0) {
  const res = await db.execute(sql`
    select ticket_validations.id, ticket_validations.code, ticket_validations.device_time,
      ticket_validations.repeated, ticket_validations.ticket_id,
      coalesce(t.role_id, ticket_validations.role_id) as role_id, r.name as rol,
      ticket_validations.staff_id, s.name as staff, ticket_validations.location_id, l.name as location,
      d.n_serie as device, w.n_serie as rfid, c.name as customer
    from ticket_validations
    left join tickets t on t.id = ticket_validations.ticket_id and t.event_id = ticket_validations.event_id
    left join rols r on r.id = coalesce(t.role_id, ticket_validations.role_id) and r.event_id = ticket_validations.event_id
    left join staff s on s.id = ticket_validations.staff_id and s.event_id = ticket_validations.event_id
    left join locations l on l.id = ticket_validations.location_id and l.event_id = ticket_validations.event_id
    left join devices d on d.id = ticket_validations.device_id
    left join wristbands w on w.id = ticket_validations.wristband_id and w.event_id = ticket_validations.event_id
    left join customers c on c.id = ticket_validations.customer_id and c.event_id = ticket_validations.event_id
    where ${where}
    order by ticket_validations.device_time desc, ticket_validations.id desc
    ${limit !== undefined ? sql`limit ${limit} offset ${offset}` : sql``}`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    ticketId: num(r.ticket_id),
    row: {
      id: Number(r.id),
      code: String(r.code),
      date: iso(r.device_time)!,
      repeated: Boolean(r.repeated),
      idRol: num(r.role_id),
      rol: (r.rol as string | null) ?? null,
      idStaff: num(r.staff_id),
      staff: (r.staff as string | null) ?? null,
      idLocation: num(r.location_id),
      location: (r.location as string | null) ?? null,
      device: (r.device as string | null) ?? null,
      rfid: (r.rfid as string | null) ?? null,
      customer: (r.customer as string | null) ?? null,
    },
  }));
}

/** GET /ticketing/ticket-validations: a page of the window's validations and how many there are. */
export async function validationsPage(
  db: Executor,
  eventId: number,
  q: ReportQuery,
  page: { limit?: number; offset: number },
) {
  const where = validationWhere(eventId, q);
  const [rows, totalRes] = await Promise.all([
    validationRows(db, where, page.limit, page.offset),
    db.execute(sql`select count(*)::int as n from ticket_validations where ${where}`),
  ]);
  return { rows: rows.map((r) => r.row), total: Number(rowsOf<{ n: number }>(totalRes)[0]!.n) };
}

/** Tickets matching the search (code or customer name/e-mail anywhere, localizer exactly). */
export async function searchTickets(db: Executor, eventId: number, query: string, limit: number) {
  const like = contains(query);
  // The tickets whose code matches and those of the customers who match, each found over its own
  // index (trigrams of the code, the name and the e-mail; the localizer's), the first page of them
  // picked on their codes, and only then joined to their names: one OR across the joined tables could
  // only read every ticket of the event. (`offset 0` keeps the tickets of each customer found
  // through (event_id, customer_id) rather than by reading all tickets.)
  const res = await db.execute(sql`
    with m as (
      select t2.id, t2.code from tickets t2 where t2.event_id = ${eventId} and t2.code ilike ${like}
      union
      select t3.id, t3.code from customers c3
      cross join lateral (
        select t3.id, t3.code from tickets t3
        where t3.event_id = c3.event_id and t3.customer_id = c3.id offset 0
      ) t3
      where c3.event_id = ${eventId}
        and (c3.name ilike ${like} or c3.email ilike ${like} or upper(c3.localizer) = upper(${query}))
    ),
    page as (
      select m.id from m order by (upper(m.code) = upper(${query})) desc, m.code limit ${limit + 1}
    )
    select t.id, t.code, t.role_id, r.name as rol, t.validated, t.cancelled, t.date_validation,
      c.name as customer, c.email, c.localizer, w.n_serie as rfid
    from page
    join tickets t on t.id = page.id
    left join customers c on c.id = t.customer_id and c.event_id = t.event_id
    left join wristbands w on w.id = t.wristband_id and w.event_id = t.event_id
    left join rols r on r.id = t.role_id and r.event_id = t.event_id
    order by (upper(t.code) = upper(${query})) desc, t.code`);
  const rows = rowsOf<Record<string, unknown>>(res).map((r) => ({
    id: Number(r.id),
    code: String(r.code),
    idRol: num(r.role_id),
    rol: (r.rol as string | null) ?? null,
    validated: Number(r.validated),
    cancelled: Number(r.cancelled),
    dateValidation: iso(r.date_validation),
    customer: (r.customer as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    localizer: (r.localizer as string | null) ?? null,
    rfid: (r.rfid as string | null) ?? null,
  }));
  return { tickets: rows.slice(0, limit), more: rows.length > limit };
}

/** The validations of these tickets, by ticket id. */
export async function validationsOfTickets(db: Executor, eventId: number, ticketIds: number[]) {
  const rows = ticketIds.length
    ? await validationRows(
        db,
        sql`ticket_validations.event_id = ${eventId}
          and ticket_validations.ticket_id = any(${`{${ticketIds.join(',')}}`}::int[])`,
      )
    : [];
  const byTicket = new Map<number, (typeof rows)[number]['row'][]>();
  for (const r of rows) {
    if (r.ticketId === null) continue;
    byTicket.set(r.ticketId, [...(byTicket.get(r.ticketId) ?? []), r.row]);
  }
  return byTicket;
}

/** Validations per staff member and location in the window. */
export async function validationsByStaff(db: Executor, eventId: number, q: ReportQuery) {
  const res = await db.execute(sql`
    with v as (
      -- Grouped by the ids first, the names joined to the few groups (grouped with the names, the
      -- planner guessed a group a row and sorted every validation on disk).
      select ticket_validations.staff_id, ticket_validations.location_id, count(*) as n,
        count(*) filter (where ticket_validations.repeated) as rep,
        count(distinct ticket_validations.ticket_id) as tickets
      from ticket_validations
      where ${validationWhere(eventId, q)}
      group by 1, 2
    )
    select v.staff_id, s.name as staff, v.location_id, l.name as location,
      v.n::int as validations, v.rep::int as repeated, v.tickets::int as tickets
    from v
    left join staff s on s.id = v.staff_id and s.event_id = ${eventId}
    left join locations l on l.id = v.location_id and l.event_id = ${eventId}
    order by s.name nulls last, 1 nulls last, l.name nulls last, 3 nulls last`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    idStaff: num(r.staff_id),
    staff: (r.staff as string | null) ?? null,
    idLocation: num(r.location_id),
    location: (r.location as string | null) ?? null,
    validations: Number(r.validations),
    repeated: Number(r.repeated),
    tickets: Number(r.tickets),
  }));
}

/** A page of the event's ticket codes, by rol and state. */
export async function ticketCodes(
  db: Executor,
  eventId: number,
  f: { idRol?: number; validated?: number },
  page: { limit?: number; offset: number },
) {
  const where = sql.join(
    [
      sql`t.event_id = ${eventId}`,
      sql`t.cancelled = 0`,
      ...(f.idRol ? [sql`t.role_id = ${f.idRol}`] : []),
      ...(f.validated !== undefined ? [sql`t.validated = ${f.validated}`] : []),
    ],
    sql` and `,
  );
  const [res, totalRes] = await Promise.all([
    db.execute(sql`
      select t.id, t.code, t.role_id, r.name as rol, t.validated, t.date_validation, c.name as customer
      from tickets t
      left join rols r on r.id = t.role_id and r.event_id = t.event_id
      left join customers c on c.id = t.customer_id and c.event_id = t.event_id
      where ${where}
      order by t.code
      ${page.limit !== undefined ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`),
    db.execute(sql`select count(*)::int as n from tickets t where ${where}`),
  ]);
  return {
    tickets: rowsOf<Record<string, unknown>>(res).map((r) => ({
      id: Number(r.id),
      code: String(r.code),
      idRol: num(r.role_id),
      rol: (r.rol as string | null) ?? null,
      validated: Number(r.validated),
      dateValidation: iso(r.date_validation),
      customer: (r.customer as string | null) ?? null,
    })),
    total: Number(rowsOf<{ n: number }>(totalRes)[0]!.n),
  };
}

const recordingWhere = (eventId: number, q: ReportQuery) =>
  feedWhere(
    {
      eventId: roleRecordings.eventId,
      time: roleRecordings.deviceTime,
      locationId: roleRecordings.locationId,
      staffId: roleRecordings.staffId,
      deviceId: roleRecordings.deviceId,
      roleId: roleRecordings.roleId,
    },
    eventId,
    q,
  );

/** Manual role recordings in the window (a page, newest first), their count per rol and in all. */
export async function manualRoles(
  db: Executor,
  eventId: number,
  q: ReportQuery,
  page: { limit?: number; offset: number },
) {
  const where = recordingWhere(eventId, q);
  const [res, byRolRes] = await Promise.all([
    db.execute(sql`
      select role_recordings.id, role_recordings.device_time, w.n_serie as rfid, role_recordings.role_id,
        r.name as rol, role_recordings.staff_id, s.name as staff, role_recordings.location_id,
        l.name as location, d.n_serie as device
      from role_recordings
      left join wristbands w on w.id = role_recordings.wristband_id and w.event_id = role_recordings.event_id
      left join rols r on r.id = role_recordings.role_id and r.event_id = role_recordings.event_id
      left join staff s on s.id = role_recordings.staff_id and s.event_id = role_recordings.event_id
      left join locations l on l.id = role_recordings.location_id and l.event_id = role_recordings.event_id
      left join devices d on d.id = role_recordings.device_id
      where ${where}
      order by role_recordings.device_time desc, role_recordings.id desc
      ${page.limit !== undefined ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`),
    db.execute(sql`
      select role_recordings.role_id, r.name as rol, count(*)::int as count
      from role_recordings
      left join rols r on r.id = role_recordings.role_id and r.event_id = role_recordings.event_id
      where ${where}
      group by 1, 2
      order by r.name nulls last, 1`),
  ]);
  const byRol = rowsOf<Record<string, unknown>>(byRolRes).map((r) => ({
    idRol: Number(r.role_id),
    rol: (r.rol as string | null) ?? null,
    count: Number(r.count),
  }));
  return {
    recordings: rowsOf<Record<string, unknown>>(res).map((r) => ({
      id: Number(r.id),
      date: iso(r.device_time)!,
      rfid: (r.rfid as string | null) ?? null,
      idRol: Number(r.role_id),
      rol: (r.rol as string | null) ?? null,
      idStaff: num(r.staff_id),
      staff: (r.staff as string | null) ?? null,
      idLocation: num(r.location_id),
      location: (r.location as string | null) ?? null,
      device: (r.device as string | null) ?? null,
    })),
    byRol,
    total: byRol.reduce((s, r) => s + r.count, 0),
  };
}

/** One validation of the event; null when it is not the event's. */
export async function findValidation(db: Executor, eventId: number, id: number) {
  const res = await db.execute(sql`
    select id, code, ticket_id from ticket_validations where event_id = ${eventId} and id = ${id}`);
  const [r] = rowsOf<{ id: number; code: string; ticket_id: number | null }>(res);
  return r ? { id: Number(r.id), code: r.code, ticketId: num(r.ticket_id) } : null;
}

/**
 * Deletes a validation and puts its ticket back as its remaining validations say: the earliest one
 * left becomes the first (not repeated) and dates the ticket; with none left the ticket is not
 * validated and no longer bound to a wristband. The ticket row is locked first, so two deletions of
 * its validations run one after the other. Answers the ticket's validated state, or null when the
 * validation was deleted meanwhile.
 */
export async function deleteValidation(db: Executor, eventId: number, id: number, ticketId: number | null) {
  if (ticketId !== null)
    await db.execute(sql`select id from tickets where event_id = ${eventId} and id = ${ticketId} for update`);
  const deleted = await db.execute(
    sql`delete from ticket_validations where event_id = ${eventId} and id = ${id} returning id`,
  );
  if (!rowsOf(deleted).length) return null;
  if (ticketId === null) return 0;
  const res = await db.execute(sql`
    select id, device_time, wristband_id from ticket_validations
    where event_id = ${eventId} and ticket_id = ${ticketId}
    order by device_time, id
    limit 1`);
  const [first] = rowsOf<{ id: number; device_time: unknown; wristband_id: number | null }>(res);
  if (!first) {
    await db.execute(sql`
      update tickets set validated = 0, date_validation = null, wristband_id = null, updated_at = now()
      where event_id = ${eventId} and id = ${ticketId}`);
    return 0;
  }
  await db.execute(sql`update ticket_validations set repeated = false where id = ${first.id}`);
  await db.execute(sql`
    update tickets set validated = 1, date_validation = ${iso(first.device_time)}::timestamptz,
      wristband_id = coalesce(${num(first.wristband_id)}::int, wristband_id), updated_at = now()
    where event_id = ${eventId} and id = ${ticketId}`);
  return 1;
}
