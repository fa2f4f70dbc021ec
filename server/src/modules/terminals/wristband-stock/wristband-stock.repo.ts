import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';

const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;
const texts = (values: string[]) => sql`array(select json_array_elements_text(${json(values)}))`;

export interface StockHolder {
  n_serie: string;
  code_check: string | null;
  lot_id: number;
  lot_name: string;
}

/** The lot of this name (any letter case), or null. */
export async function findLotByName(db: Executor, name: string) {
  const res = await db.execute(sql`select id, name from wristband_lots where lower(name) = lower(${name})`);
  return rowsOf<{ id: number; name: string }>(res)[0] ?? null;
}

/** The lot of this name, created when missing (two imports of one new lot at once make one lot). */
export async function lotForImport(db: Executor, name: string, userId: number) {
  const res = await db.execute(sql`
    insert into wristband_lots (name, created_by) values (${name}, ${userId})
    on conflict (lower(name)) do update set updated_at = now()
    returning id, name, (xmax = 0) as created`);
  const row = rowsOf<{ id: number; name: string; created: boolean }>(res)[0]!;
  return { id: Number(row.id), name: row.name, created: row.created === true };
}

/** Inserts the rows a serial is new for; answers the serials inserted (the others are in stock). */
export async function insertNew(db: Executor, lotId: number, rows: { s: string; c: string }[]) {
  if (!rows.length) return new Set<string>();
  const res = await db.execute(sql`
    insert into stock_wristbands (lot_id, n_serie, code_check)
    select ${lotId}::int, x.s, nullif(x.c, '')
    from unnest(${sql.param(rows.map((r) => r.s))}::text[], ${sql.param(rows.map((r) => r.c))}::text[]) as x(s, c)
    on conflict (n_serie) do nothing
    returning n_serie`);
  return new Set(rowsOf<{ n_serie: string }>(res).map((r) => r.n_serie));
}

/** Which of these serials are in stock, and in which lot. */
export async function holders(db: Executor, serials: string[]) {
  if (!serials.length) return new Map<string, StockHolder>();
  const res = await db.execute(sql`
    select s.n_serie, s.code_check, s.lot_id, l.name as lot_name
    from stock_wristbands s join wristband_lots l on l.id = s.lot_id
    where s.n_serie = any(${texts(serials)})`);
  return new Map(rowsOf<StockHolder>(res).map((r) => [r.n_serie, { ...r, lot_id: Number(r.lot_id) }]));
}

export const deleteLot = (db: Executor, id: number) =>
  db.execute(sql`delete from wristband_lots where id = ${id}`);

export async function listLots(db: Executor) {
  const res = await db.execute(sql`
    select l.id, l.name, l.event_id, e.name as event_name, l.created_at,
      (select count(*) from stock_wristbands s where s.lot_id = l.id)::int as wristbands
    from wristband_lots l left join events e on e.id = l.event_id
    order by l.created_at desc, l.id desc`);
  return rowsOf<{
    id: number;
    name: string;
    event_id: number | null;
    event_name: string | null;
    created_at: Date | string;
    wristbands: number;
  }>(res);
}

export async function assignLot(db: Executor, id: number, eventId: number | null) {
  const res = await db.execute(
    sql`update wristband_lots set event_id = ${eventId}, updated_at = now() where id = ${id} returning id`,
  );
  return rowsOf<{ id: number }>(res).length > 0;
}

export async function eventExists(db: Executor, id: number) {
  const res = await db.execute(sql`select 1 from events where id = ${id}`);
  return rowsOf(res).length > 0;
}

/** Whether the event is closed (null: no such event). */
export async function eventClosed(db: Executor, id: number): Promise<boolean | null> {
  const [row] = rowsOf<{ is_closed: number }>(
    await db.execute(sql`select is_closed from events where id = ${id}`),
  );
  return row ? Number(row.is_closed) === 1 : null;
}

export interface StockRow {
  id: number;
  n_serie: string;
  code_check: string | null;
  lot_id: number;
  lot_name: string;
  event_id: number | null;
  event_name: string | null;
  banned: boolean;
  seen: boolean;
  active: number | null;
  linked: boolean;
  customer_name: string | null;
  replaced_by: string | null;
}

/**
 * A page of the stock: serial prefix or exact check code, optionally one lot; with what the feed and
 * the bans say of each wristband (its row at the lot's event, its customer, its replacement).
 */
export async function searchStock(
  db: Executor,
  q: { search: string | null; lotId: number | null; limit: number; offset: number },
) {
  const conds: SQL[] = [];
  if (q.search) {
    const like = `${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(s.n_serie like ${like} or s.code_check = ${q.search})`);
  }
  if (q.lotId) conds.push(sql`s.lot_id = ${q.lotId}`);
  const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  const [page, count] = await Promise.all([
    db.execute(sql`
      select s.id, s.n_serie, s.code_check, s.lot_id, l.name as lot_name, l.event_id, e.name as event_name,
        coalesce(b.enabled = 1 or b.enabled_top_ups = 1, false) as banned,
        w.id is not null as seen, w.active,
        (c.id is not null and (c.name is not null or c.email is not null or c.ticket_code is not null
          or c.date_validation is not null)) as linked,
        coalesce(c.name, c.email, c.ticket_code) as customer_name,
        (select wc.end_rfid from wristband_changes wc
          where wc.event_id = w.event_id and wc.source_wristband_id = w.id
          order by wc.date desc, wc.id desc limit 1) as replaced_by
      from stock_wristbands s
      join wristband_lots l on l.id = s.lot_id
      left join events e on e.id = l.event_id
      left join banned_wristbands b on b.n_serie = s.n_serie
      left join wristbands w on w.event_id = l.event_id and w.n_serie = s.n_serie
      left join customers c on c.id = w.customer_id
      ${where}
      order by s.n_serie
      limit ${q.limit} offset ${q.offset}`),
    db.execute(sql`select count(*)::int as total from stock_wristbands s ${where}`),
  ]);
  return { rows: rowsOf<StockRow>(page), total: Number(rowsOf<{ total: number }>(count)[0]?.total ?? 0) };
}

export async function stockControlEvents(db: Executor) {
  const res = await db.execute(sql`
    select sc.event_id, e.name as event_name from event_stock_control sc join events e on e.id = sc.event_id
    order by e.name`);
  return rowsOf<{ event_id: number; event_name: string }>(res);
}

export async function setStockControl(db: Executor, eventId: number, required: boolean, userId: number) {
  if (required)
    await db.execute(sql`
      insert into event_stock_control (event_id, updated_by) values (${eventId}, ${userId})
      on conflict (event_id) do nothing`);
  else await db.execute(sql`delete from event_stock_control where event_id = ${eventId}`);
}

/** Whether the event requires stock control, as a boolean expression (the sync reads it with other things). */
export const requiresStockSql = (eventId: number) =>
  sql`exists (select 1 from event_stock_control where event_id = ${eventId}::int)`;

/** Which of these serials are in a lot assigned to the event. */
export async function inEventStock(db: Executor, eventId: number, serials: string[]) {
  if (!serials.length) return new Set<string>();
  const res = await db.execute(sql`
    select s.n_serie from stock_wristbands s join wristband_lots l on l.id = s.lot_id
    where l.event_id = ${eventId} and s.n_serie = any(${texts(serials)})`);
  return new Set(rowsOf<{ n_serie: string }>(res).map((r) => r.n_serie));
}

/** The event's wristbands in use (not replaced), and how many of them are in no lot assigned to it. */
export async function stockControlImpact(db: Executor, eventId: number) {
  const res = await db.execute(sql`
    select count(*)::int as active,
      count(*) filter (where not exists (
        select 1 from stock_wristbands s join wristband_lots l on l.id = s.lot_id
        where l.event_id = w.event_id and s.n_serie = w.n_serie))::int as outside
    from wristbands w where w.event_id = ${eventId} and w.active = 1`);
  const row = rowsOf<{ active: number; outside: number }>(res)[0];
  return { active: Number(row?.active ?? 0), outside: Number(row?.outside ?? 0) };
}

/** A wristband in stock by its serial (as printed, or typed in lower case), with its lot's event. */
export async function stockWristband(db: Executor, serial: string) {
  const res = await db.execute(sql`
    select s.n_serie, s.code_check, l.event_id
    from stock_wristbands s join wristband_lots l on l.id = s.lot_id
    where s.n_serie = any(array[${serial}, upper(${serial})]::text[]) limit 1`);
  const row = rowsOf<{ n_serie: string; code_check: string | null; event_id: number | null }>(res)[0];
  return row ? { ...row, event_id: row.event_id === null ? null : Number(row.event_id) } : null;
}
