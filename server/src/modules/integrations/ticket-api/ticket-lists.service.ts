import {
  type ApiTicket,
  type ConverterInput,
  checkConverterRows,
  checkManualTickets,
  type Language,
  type ManualTicketInput,
  type Reseller,
  type ResellerSave,
  type TicketListResult,
} from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail, fieldError } from '../../../core/lib/errors';
import { translate } from '../../../core/lib/i18n';

/**
 * Ticket API lists (docs/decisions.md "Ticket API"): tickets made by hand (manual), the converter of
 * other platforms' codes, and resellers with their allocations per rol. Every list is checked row by
 * row (one bad row never sinks the good ones); a list applied again changes nothing; `preview`
 * answers the same checks without writing.
 */

const json = (rows: unknown) => sql`${JSON.stringify(rows)}::json`;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
/** Lists of one event apply one at a time (advisory lock: this key and the event id). */
const LIST_LOCK = 3714;
const lockLists = (db: Executor, eventId: number) =>
  db.execute(sql`select pg_advisory_xact_lock(${LIST_LOCK}::int, ${eventId}::int)`);
const msg = (key: string, params: Record<string, unknown>) => `validation.${key}|${JSON.stringify(params)}`;

type Field = { path: string; message: string };

class ListResult {
  created = 0;
  updated = 0;
  unchanged = 0;
  applied: TicketListResult['applied'] = [];
  refused: TicketListResult['refused'] = [];
  constructor(private lang: Language) {}
  refuse(line: number, code: string, fields: Field[]) {
    this.refused.push({
      line,
      code,
      description: fields.map((f) => `${f.path}: ${translate(this.lang, f.message)}`).join('; '),
      fields: fields.map((f) => ({ ...f, text: translate(this.lang, f.message) })),
    });
  }
  act(line: number, action: 'create' | 'update' | 'unchanged') {
    this.applied.push({ line, action });
    if (action === 'create') this.created++;
    else if (action === 'update') this.updated++;
    else this.unchanged++;
  }
  out(): TicketListResult {
    return {
      created: this.created,
      updated: this.updated,
      unchanged: this.unchanged,
      applied: this.applied.sort((a, b) => a.line - b.line),
      refused: this.refused.sort((a, b) => a.line - b.line),
    };
  }
}

interface Named {
  id: number;
  name: string;
}

/** A rol or reseller named by a list: its name (any case), else its id. */
function byNameOrId(list: Named[]) {
  const names = new Map(list.map((r) => [r.name.trim().toLowerCase(), r]));
  const ids = new Map(list.map((r) => [r.id, r]));
  return (raw: string) =>
    names.get(raw.trim().toLowerCase()) ?? (/^\d{1,9}$/.test(raw) ? ids.get(Number(raw)) : undefined);
}

const eventRols = async (db: Executor, eventId: number) =>
  rowsOf<Named>(await db.execute(sql`select id, name from rols where event_id = ${eventId} order by id`)).map(
    (r) => ({ ...r, id: Number(r.id) }),
  );

interface ExistingTicket {
  id: number;
  code: string;
  external_code: string | null;
  role_id: number | null;
  reseller_id: number | null;
  customer_id: number | null;
  validated: number;
  cancelled: number;
  source: string | null;
  wristband_id: number | null;
  name: string | null;
  email: string | null;
  imported: boolean;
}

async function ticketsBy(db: Executor, eventId: number, codes: string[], externals: string[] = []) {
  const res = await db.execute(sql`
    select t.id, t.code, t.external_code, t.role_id, t.reseller_id, t.customer_id, t.validated, t.cancelled,
      t.source, t.wristband_id, c.name, c.email,
      exists (select 1 from ticket_import_positions p where p.ticket_id = t.id) as imported
    from tickets t left join customers c on c.id = t.customer_id
    where t.event_id = ${eventId} and (
      t.code in (select json_array_elements_text(${json(codes)}))
      or t.external_code in (select json_array_elements_text(${json(externals)})))`);
  return rowsOf<ExistingTicket>(res).map((r) => ({
    ...r,
    id: Number(r.id),
    validated: Number(r.validated),
    cancelled: Number(r.cancelled),
  }));
}

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

// ---------------------------------------------------------------------------------------------
// Tickets by hand

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

// ---------------------------------------------------------------------------------------------
// The converter

/**
 * The converter: each external code becomes (or edits) a ticket of ours with that code (or the
 * external one) and rol, source `converter`, waiting for the import to adopt it when a position
 * carries the external code. A conversion already validated, on a wristband or adopted by an import
 * no longer changes.
 */
export async function applyConversions(
  ctx: AppContext,
  eventId: number,
  inputs: ConverterInput[],
  opts: { preview: boolean; lang: Language },
): Promise<TicketListResult> {
  const db = ctx.db;
  if (!opts.preview) await lockLists(db, eventId);
  const result = new ListResult(opts.lang);
  const checks = checkConverterRows(inputs);
  const rol = byNameOrId(await eventRols(db, eventId));
  const good = checks.flatMap((c) => (c.ok ? [c] : []));
  const target = (row: { code: string; externalCode: string }) => row.code || row.externalCode;
  const found = await ticketsBy(
    db,
    eventId,
    good.flatMap((g) => [target(g.row), g.row.externalCode]),
    good.map((g) => g.row.externalCode),
  );
  const byCode = new Map(found.map((t) => [t.code, t]));
  const byExternal = new Map(found.filter((t) => t.external_code).map((t) => [t.external_code!, t]));
  // Our codes this list gives, by line (two external codes never convert to one ticket).
  const ourCodes = new Map<string, number>();

  const inserts: { code: string; external_code: string; role_id: number }[] = [];
  const updates: { id: number; code: string; role_id: number }[] = [];
  for (const [i, c] of checks.entries()) {
    if (!c.ok) {
      const raw = inputs[i]!;
      const unknownRol =
        !c.fields.some((f) => f.path === 'role') && raw.role?.trim() && !rol(raw.role)
          ? [{ path: 'role', message: msg('ticketRoleUnknown', { role: raw.role.trim() }) }]
          : [];
      result.refuse(c.line, c.code, [...c.fields, ...unknownRol]);
      continue;
    }
    const row = c.row;
    const code = target(row);
    const fields: Field[] = [];
    const r = rol(row.role);
    if (!r) fields.push({ path: 'role', message: msg('ticketRoleUnknown', { role: row.role }) });
    const firstLine = ourCodes.get(code.toLowerCase());
    if (firstLine !== undefined)
      fields.push({ path: 'code', message: msg('ticketCodeRepeated', { code, line: firstLine }) });
    else ourCodes.set(code.toLowerCase(), c.line);
    const mapping = byExternal.get(row.externalCode);
    const holder = byCode.get(code);
    const imported = byCode.get(row.externalCode);
    if (!mapping && imported?.imported && imported.external_code === null)
      fields.push({ path: 'externalCode', message: msg('ticketCodeTaken', { code: row.externalCode }) });
    if (mapping && r && mapping.code === code && mapping.role_id === r.id && !fields.length) {
      result.act(c.line, 'unchanged');
      continue;
    }
    if (mapping && (mapping.validated === 1 || mapping.wristband_id !== null || mapping.imported))
      fields.push({ path: 'code', message: msg('ticketConvertedLocked', { code: mapping.code }) });
    else if (holder && holder.id !== mapping?.id)
      fields.push({
        path: 'code',
        message: holder.external_code ? msg('ticketConverted', { code }) : msg('ticketCodeTaken', { code }),
      });
    if (fields.length || !r) {
      result.refuse(c.line, row.externalCode, fields);
      continue;
    }
    if (mapping) {
      updates.push({ id: mapping.id, code, role_id: r.id });
      result.act(c.line, 'update');
    } else {
      inserts.push({ code, external_code: row.externalCode, role_id: r.id });
      result.act(c.line, 'create');
    }
  }
  if (opts.preview) return result.out();
  await guardedWrite(() => writeConversions(db, eventId, inserts, updates));
  return result.out();
}

async function writeConversions(
  db: Executor,
  eventId: number,
  inserts: { code: string; external_code: string; role_id: number }[],
  updates: { id: number; code: string; role_id: number }[],
) {
  if (updates.length)
    await db.execute(sql`
      update tickets t set code = x.code, role_id = x.role_id, updated_at = now()
      from json_to_recordset(${json(updates)}) as x(id int, code text, role_id int)
      where t.id = x.id and t.event_id = ${eventId}::int`);
  if (inserts.length)
    await db.execute(sql`
      insert into tickets (event_id, code, external_code, role_id, source)
      select ${eventId}::int, x.code, x.external_code, x.role_id, 'converter'
      from json_to_recordset(${json(inserts)}) as x(code text, external_code text, role_id int)
      order by x.code`);
}

// ---------------------------------------------------------------------------------------------
// Listing and deleting

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

// ---------------------------------------------------------------------------------------------
// Resellers

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
