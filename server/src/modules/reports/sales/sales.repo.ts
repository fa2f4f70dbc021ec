import type { ReportQuery, SalesFigures } from '@pulsera/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { jsonArrayText, rowsOf } from '../../../core/db/rows';
import { orderErrors, saleLines, sales } from '../../../core/db/schema';
import { feedWhere } from '../report-window';
import { articlesSource, metreSource, type RollupWindow, salesSource } from '../rollups/rollups';

/**
 * The sales report's queries (contracts/src/report-sales.ts), a devolution counted with the opposite
 * sign. They read the hourly rollups (rollups.ts: sums per hour, location and staff member, and per
 * hour, location, staff member and article, exact for any window) wherever those answer the question,
 * so a day of a festival of millions of sales adds up a few thousand rows (the articles rollup also
 * counts the sales with a line of each article, for the article filter). Only the metre sales read
 * the raw sales and lines (few, under a partial index on the kitchen).
 * A breakdown and its total come from one statement (GROUPING SETS), so they cannot disagree. Ids are
 * named after the aggregation (a deleted row stays unnamed: `#id`).
 */

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const windowOf = (q: ReportQuery): RollupWindow => ({
  start: q.dateStart ? new Date(q.dateStart) : null,
  end: q.dateEnd ? new Date(q.dateEnd) : null,
});
const rollupFilters = (q: ReportQuery) => ({ idLocation: q.idLocation, idStaff: q.idStaff });
/** Internal or external staff only (isIntern), on a rollup's staff_id column. */
const internOf = (eventId: number, q: ReportQuery, col: string) =>
  q.isIntern === undefined
    ? sql`true`
    : sql`exists (select 1 from staff st where st.id = ${sql.raw(col)} and st.event_id = ${eventId}
        and st.intern = ${q.isIntern})`;

/**
 * Figures by location or staff member from the rollups: orders and devolutions from the sales
 * rollup, units, gifts and amount from the lines rollup (no article filter: the rollups do not know
 * which sales contained an article).
 */
async function rolledUp(db: Executor, eventId: number, q: ReportQuery, key: 'location_id' | 'staff_id') {
  const w = windowOf(q);
  const f = rollupFilters(q);
  const k = sql.raw(`u.${key}`);
  const res = await db.execute(sql`
    select ${k} as k, grouping(${k}) as is_total,
      coalesce(sum(u.orders), 0) as orders, coalesce(sum(u.devolutions), 0) as devolutions,
      coalesce(sum(u.quantity), 0) as quantity, coalesce(sum(u.gifts), 0) as gifts,
      coalesce(sum(u.amount), 0) as amount
    from (
      select x.location_id, x.staff_id, x.orders, x.devolutions, 0 as quantity, 0 as gifts, 0 as amount
      from (${salesSource(eventId, w, f)}) x
      union all
      select x.location_id, x.staff_id, 0, 0, x.quantity, x.gifts, x.amount
      from (${articlesSource(eventId, w, f)}) x
    ) u
    where ${internOf(eventId, q, 'u.staff_id')}
    group by grouping sets ((${k}), ())`);
  const all = rowsOf<FigureRow & { k: unknown; is_total: unknown }>(res);
  return {
    rows: all.filter((r) => Number(r.is_total) !== 1),
    total: figures(all.find((r) => Number(r.is_total) === 1)),
  };
}

/**
 * Figures of the sales with a line of the chosen article, by location or staff member, from the
 * articles rollup (which counts, per article, the sales and devolutions that had a line of it).
 */
async function rolledUpArticle(
  db: Executor,
  eventId: number,
  q: ReportQuery,
  key: 'location_id' | 'staff_id',
) {
  const k = sql.raw(`x.${key}`);
  const res = await db.execute(sql`
    select ${k} as k, grouping(${k}) as is_total,
      coalesce(sum(x.orders), 0) as orders, coalesce(sum(x.devolutions), 0) as devolutions,
      coalesce(sum(x.quantity), 0) as quantity, coalesce(sum(x.gifts), 0) as gifts,
      coalesce(sum(x.amount), 0) as amount
    from (${articlesSource(eventId, windowOf(q), { ...rollupFilters(q), idArticle: q.idArticle })}) x
    where ${internOf(eventId, q, 'x.staff_id')}
    group by grouping sets ((${k}), ())`);
  const all = rowsOf<FigureRow & { k: unknown; is_total: unknown }>(res);
  return {
    rows: all.filter((r) => Number(r.is_total) !== 1),
    total: figures(all.find((r) => Number(r.is_total) === 1)),
  };
}

/** Names of the ids a breakdown answers (the event's rows only). */
async function names(
  db: Executor,
  eventId: number,
  table: 'staff' | 'locations' | 'articles',
  ids: number[],
) {
  if (!ids.length) return new Map<number, { name: string; intern?: number }>();
  const res = await db.execute(sql`
    select id, name${table === 'staff' ? sql`, intern` : sql``} from ${sql.raw(table)}
    where event_id = ${eventId} and id = any(${`{${ids.join(',')}}`}::int[])`);
  return new Map(
    rowsOf<{ id: unknown; name: string; intern?: unknown }>(res).map((r) => [
      Number(r.id),
      { name: r.name, ...(r.intern !== undefined ? { intern: Number(r.intern) } : {}) },
    ]),
  );
}
const idsOf = (rows: { k: unknown }[]) => rows.map((r) => num(r.k)).filter((id): id is number => id !== null);

/** The sales of the window and the bar's location and staff (and internal/external staff). */
function salesWhere(eventId: number, q: ReportQuery, opts: { metre?: boolean } = {}): SQL {
  const parts = [
    feedWhere(
      {
        eventId: sales.eventId,
        time: sales.deviceTime,
        locationId: opts.metre ? undefined : sales.locationId,
        staffId: sales.staffId,
        kitchenId: opts.metre ? sales.kitchenId : undefined,
        roomId: opts.metre ? sales.roomId : undefined,
      },
      eventId,
      q,
    ),
  ];
  if (opts.metre) parts.push(sql`${sales.kitchenId} is not null`);
  if (q.isIntern !== undefined) {
    parts.push(
      sql`exists (select 1 from staff st where st.id = ${sales.staffId} and st.event_id = ${eventId}
        and st.intern = ${q.isIntern})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** A sale line matching the bar's article (when chosen). */
const lineWhere = (q: ReportQuery) =>
  q.idArticle ? sql` and ${saleLines.articleId} = ${q.idArticle}` : sql``;

/** +1 for a sale, −1 for a devolution. */
const SIGN = '(case when sales.is_devolution then -1 else 1 end)';

/** The figures of sales joined to their matching lines, as SELECT expressions (the metre sales). */
const FIGURES = sql.raw(`
  count(distinct sales.id) filter (where not sales.is_devolution) as orders,
  count(distinct sales.id) filter (where sales.is_devolution) as devolutions,
  coalesce(sum(${SIGN} * (sale_lines.quantity - sale_lines.quantity_gift)), 0) as quantity,
  coalesce(sum(${SIGN} * sale_lines.quantity_gift), 0) as gifts,
  coalesce(sum(${SIGN}::bigint * sale_lines.price * (sale_lines.quantity - sale_lines.quantity_gift)), 0) as amount`);

interface FigureRow {
  orders: unknown;
  devolutions: unknown;
  quantity: unknown;
  gifts: unknown;
  amount: unknown;
}
const figures = (r: FigureRow | undefined): SalesFigures => ({
  orders: Number(r?.orders ?? 0),
  devolutions: Number(r?.devolutions ?? 0),
  quantity: Number(r?.quantity ?? 0),
  gifts: Number(r?.gifts ?? 0),
  amount: Number(r?.amount ?? 0),
});

/** By staff member (with whether internal). */
export async function byStaff(db: Executor, eventId: number, q: ReportQuery) {
  const { rows, total } = q.idArticle
    ? await rolledUpArticle(db, eventId, q, 'staff_id')
    : await rolledUp(db, eventId, q, 'staff_id');
  const named = await names(db, eventId, 'staff', idsOf(rows));
  return {
    rows: rows
      .map((r) => {
        const n = named.get(num(r.k) ?? 0);
        return { idStaff: num(r.k), name: n?.name ?? null, intern: n?.intern ?? null, ...figures(r) };
      })
      .sort((a, b) => b.amount - a.amount || (a.idStaff ?? 0) - (b.idStaff ?? 0)),
    total,
  };
}

/** By location. */
export async function byLocation(db: Executor, eventId: number, q: ReportQuery) {
  const { rows, total } = q.idArticle
    ? await rolledUpArticle(db, eventId, q, 'location_id')
    : await rolledUp(db, eventId, q, 'location_id');
  const named = await names(db, eventId, 'locations', idsOf(rows));
  return {
    rows: rows
      .map((r) => ({ idLocation: num(r.k), name: named.get(num(r.k) ?? 0)?.name ?? null, ...figures(r) }))
      .sort((a, b) => b.amount - a.amount || (a.idLocation ?? 0) - (b.idLocation ?? 0)),
    total,
  };
}

/** By article: units charged, units given and amount, from the lines rollup. */
export async function byArticle(db: Executor, eventId: number, q: ReportQuery) {
  const res = await db.execute(sql`
    select x.article_id as k, grouping(x.article_id) as is_total,
      coalesce(sum(x.quantity), 0) as quantity, coalesce(sum(x.gifts), 0) as gifts,
      coalesce(sum(x.amount), 0) as amount
    from (${articlesSource(eventId, windowOf(q), { ...rollupFilters(q), idArticle: q.idArticle })}) x
    where ${internOf(eventId, q, 'x.staff_id')}
    group by grouping sets ((x.article_id), ())`);
  const all = rowsOf<{ k: unknown; is_total: unknown; quantity: unknown; gifts: unknown; amount: unknown }>(
    res,
  );
  const lines = (r: (typeof all)[number] | undefined) => ({
    quantity: Number(r?.quantity ?? 0),
    gifts: Number(r?.gifts ?? 0),
    amount: Number(r?.amount ?? 0),
  });
  const rows = all.filter((r) => Number(r.is_total) !== 1);
  const named = await names(db, eventId, 'articles', idsOf(rows));
  return {
    rows: rows
      .map((r) => ({ idArticle: Number(r.k), name: named.get(Number(r.k))?.name ?? null, ...lines(r) }))
      // Lines that net to nothing (a sale and its devolution) are left out.
      .filter((r) => r.quantity !== 0 || r.gifts !== 0 || r.amount !== 0)
      .sort((a, b) => b.amount - a.amount || b.quantity - a.quantity || a.idArticle - b.idArticle),
    total: lines(all.find((r) => Number(r.is_total) === 1)),
  };
}

/** Metre sales (those with a kitchen) per kitchen and room, and per metre. */
export async function metre(db: Executor, eventId: number, q: ReportQuery) {
  // Without an article filter the metre rollup answers (whole hours) with the raw rows at the edges;
  // with one, only the raw sales and lines know which orders contained the article.
  const source = q.idArticle
    ? null
    : metreSource(eventId, windowOf(q), { idKitchen: q.idKitchen, idRoom: q.idRoom, idStaff: q.idStaff });
  const res = await db.execute(
    source
      ? sql`
    with agg as (
      select x.kitchen_id, x.room_id, x.staff_id,
        grouping(x.kitchen_id, x.room_id) as g_place, grouping(x.staff_id) as g_staff,
        coalesce(sum(x.orders), 0) as orders, coalesce(sum(x.devolutions), 0) as devolutions,
        coalesce(sum(x.quantity), 0) as quantity, coalesce(sum(x.gifts), 0) as gifts,
        coalesce(sum(x.amount), 0) as amount
      from (${source}) x
      where ${internOf(eventId, q, 'x.staff_id')}
      group by grouping sets ((x.kitchen_id, x.room_id), (x.staff_id), ())
    )
    select agg.*,
      (select name from kitchens where id = agg.kitchen_id and event_id = ${eventId}) as kitchen,
      (select name from rooms where id = agg.room_id and event_id = ${eventId}) as room,
      (select name from staff where id = agg.staff_id and event_id = ${eventId}) as staff_name
    from agg`
      : sql`
    with agg as (
      select sales.kitchen_id, sales.room_id, sales.staff_id,
        grouping(sales.kitchen_id, sales.room_id) as g_place, grouping(sales.staff_id) as g_staff,
        ${FIGURES}
      from sales
      join sale_lines on sale_lines.event_id = sales.event_id and sale_lines.sale_id = sales.id${lineWhere(q)}
      where ${salesWhere(eventId, q, { metre: true })}
      group by grouping sets ((sales.kitchen_id, sales.room_id), (sales.staff_id), ())
    )
    select agg.*,
      (select name from kitchens where id = agg.kitchen_id and event_id = ${eventId}) as kitchen,
      (select name from rooms where id = agg.room_id and event_id = ${eventId}) as room,
      (select name from staff where id = agg.staff_id and event_id = ${eventId}) as staff_name
    from agg`,
  );
  const all = rowsOf<
    FigureRow & {
      kitchen_id: unknown;
      room_id: unknown;
      staff_id: unknown;
      g_place: unknown;
      g_staff: unknown;
      kitchen: string | null;
      room: string | null;
      staff_name: string | null;
    }
  >(res);
  const total = all.find((r) => Number(r.g_place) === 3 && Number(r.g_staff) === 1);
  return {
    rows: all
      .filter((r) => Number(r.g_place) === 0)
      .map((r) => ({
        idKitchen: num(r.kitchen_id),
        kitchen: r.kitchen ?? null,
        idRoom: num(r.room_id),
        room: r.room ?? null,
        ...figures(r),
      }))
      .sort(
        (a, b) =>
          (a.kitchen ?? '').localeCompare(b.kitchen ?? '') ||
          (a.idKitchen ?? 0) - (b.idKitchen ?? 0) ||
          (a.room ?? '').localeCompare(b.room ?? '') ||
          (a.idRoom ?? 0) - (b.idRoom ?? 0),
      ),
    staff: all
      .filter((r) => Number(r.g_staff) === 0)
      .map((r) => ({ idStaff: num(r.staff_id), name: r.staff_name ?? null, ...figures(r) }))
      .sort((a, b) => b.amount - a.amount || (a.idStaff ?? 0) - (b.idStaff ?? 0)),
    total: figures(total),
  };
}

interface PayRow {
  s: unknown;
  b: unknown;
  t: unknown;
  o: unknown;
}
const payments = (r: PayRow | undefined) => ({
  S: Number(r?.s ?? 0),
  B: Number(r?.b ?? 0),
  T: Number(r?.t ?? 0),
  O: Number(r?.o ?? 0),
});
const PAY_SUMS = sql.raw(`coalesce(sum(x.pay_s), 0) as s, coalesce(sum(x.pay_b), 0) as b,
  coalesce(sum(x.pay_t), 0) as t, coalesce(sum(x.pay_o), 0) as o`);

/** What each staff member took per payment type (net), with the total as the grouping set (). */
export async function staffAmounts(db: Executor, eventId: number, q: ReportQuery) {
  const res = await db.execute(sql`
    select x.staff_id as k, grouping(x.staff_id) as is_total,
      coalesce(sum(x.orders), 0) as orders, coalesce(sum(x.devolutions), 0) as devolutions, ${PAY_SUMS}
    from (${salesSource(eventId, windowOf(q), rollupFilters(q))}) x
    where ${internOf(eventId, q, 'x.staff_id')}
    group by grouping sets ((x.staff_id), ())`);
  const all = rowsOf<PayRow & { k: unknown; is_total: unknown; orders: unknown; devolutions: unknown }>(res);
  const shape = (r: (typeof all)[number] | undefined) => {
    const p = payments(r);
    return {
      ...p,
      orders: Number(r?.orders ?? 0),
      devolutions: Number(r?.devolutions ?? 0),
      total: p.S + p.B + p.T + p.O,
    };
  };
  const rows = all.filter((r) => Number(r.is_total) !== 1);
  const named = await names(db, eventId, 'staff', idsOf(rows));
  return {
    rows: rows
      .map((r) => {
        const n = named.get(num(r.k) ?? 0);
        return { idStaff: num(r.k), name: n?.name ?? null, intern: n?.intern ?? null, ...shape(r) };
      })
      .sort((a, b) => b.total - a.total || (a.idStaff ?? 0) - (b.idStaff ?? 0)),
    total: shape(all.find((r) => Number(r.is_total) === 1)),
  };
}

/**
 * The overview: totals, payments per type and sales per hour (the rollups' UTC hours, which are the
 * event's clock hours in any time zone a whole number of hours from UTC).
 */
export async function overview(db: Executor, eventId: number, q: ReportQuery) {
  const w = windowOf(q);
  const f = rollupFilters(q);
  const intern = internOf(eventId, q, 'x.staff_id');
  const [sums, lines] = await Promise.all([
    db.execute(sql`
      select x.hour, grouping(x.hour) as is_total,
        coalesce(sum(x.orders), 0) as orders, coalesce(sum(x.devolutions), 0) as devolutions,
        coalesce(sum(x.amount), 0) as amount, ${PAY_SUMS}
      from (${salesSource(eventId, w, f)}) x
      where ${intern}
      group by grouping sets ((x.hour), ())`),
    db.execute(sql`
      select coalesce(sum(x.quantity), 0) as quantity, coalesce(sum(x.gifts), 0) as gifts,
        coalesce(sum(x.amount), 0) as amount
      from (${articlesSource(eventId, w, f)}) x
      where ${intern}`),
  ]);
  const all = rowsOf<
    PayRow & { hour: unknown; is_total: unknown; orders: unknown; devolutions: unknown; amount: unknown }
  >(sums);
  const total = all.find((r) => Number(r.is_total) === 1);
  const l = rowsOf<FigureRow>(lines)[0];
  return {
    total: figures({
      orders: total?.orders,
      devolutions: total?.devolutions,
      quantity: l?.quantity,
      gifts: l?.gifts,
      amount: l?.amount,
    }),
    payments: payments(total),
    byHour: all
      .filter((r) => Number(r.is_total) !== 1)
      .map((r) => ({
        hour: (r.hour instanceof Date ? r.hour : new Date(String(r.hour))).toISOString(),
        orders: Number(r.orders),
        amount: Number(r.amount),
      }))
      .filter((r) => r.orders !== 0 || r.amount !== 0)
      .sort((a, b) => a.hour.localeCompare(b.hour)),
  };
}

/** The filters of an order errors call, as a condition on `order_errors`. */
const orderErrorWhere = (eventId: number, q: ReportQuery) =>
  feedWhere(
    {
      eventId: orderErrors.eventId,
      time: orderErrors.deviceTime,
      locationId: orderErrors.locationId,
      staffId: orderErrors.staffId,
      deviceId: orderErrors.deviceId,
      kitchenId: orderErrors.kitchenId,
      roomId: orderErrors.roomId,
    },
    eventId,
    q,
  );

/** Newest first; two errors of one instant by id. */
const ORDER_ERRORS_ORDER = sql`order_errors.device_time desc, order_errors.id desc`;

/**
 * An order error as the answer names its fields (`OrderError`), a LATERAL row `e` beside
 * `order_errors` with room, kitchen and staff named (joined: a subquery per row took 40 ms of a
 * festival day's 3,000 errors); `from` is what the rows come from.
 */
const orderErrorRows = (eventId: number, from: SQL) => sql`
    from ${from}
    left join rooms r on r.id = order_errors.room_id and r.event_id = ${eventId}
    left join kitchens k on k.id = order_errors.kitchen_id and k.event_id = ${eventId}
    left join staff s on s.id = order_errors.staff_id and s.event_id = ${eventId}
    cross join lateral (
      select order_errors.id,
        to_char(order_errors.device_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date_create,
        order_errors.message, order_errors.seat_name as "seatName", r.name as "roomName",
        s.name as "staffName", order_errors.room_id as "idRoom", order_errors.kitchen_id as "idKitchen",
        k.name as "kitchenName", order_errors.staff_id as "idStaff"
    ) e`;

/**
 * The order errors of the window (newest first), as the text of the JSON list
 * (`OrderErrorsResult`), written by the database: reading a festival day's 11,500 rows through the
 * driver and writing them again took longer than the query (issue 31). The download's call.
 */
export async function orderErrorList(db: Executor, eventId: number, q: ReportQuery): Promise<string> {
  const res = await db.execute(sql`
    select ${jsonArrayText(sql`e`, ORDER_ERRORS_ORDER)} as json
    ${orderErrorRows(eventId, sql`order_errors`)}
    where ${orderErrorWhere(eventId, q)}`);
  return String(rowsOf<{ json: string }>(res)[0]!.json);
}

/**
 * One page of the window's order errors (newest first) and how many there are: the screen's call, as
 * the text of `OrderErrorsPage`, its rows written by the same LATERAL row as the whole list. The page
 * is picked on `order_errors` alone (its event and time index, read backwards) and only its rows are
 * named.
 */
export async function orderErrorPage(
  db: Executor,
  eventId: number,
  q: ReportQuery,
  page: { limit: number; offset: number },
): Promise<string> {
  const where = orderErrorWhere(eventId, q);
  const res = await db.execute(sql`
    select ${jsonArrayText(sql`e`, ORDER_ERRORS_ORDER)} as json,
      (select count(*)::int from order_errors where ${where}) as total
    ${orderErrorRows(
      eventId,
      sql`(select * from order_errors where ${where} order by ${ORDER_ERRORS_ORDER}
        limit ${page.limit} offset ${page.offset}) order_errors`,
    )}`);
  const row = rowsOf<{ json: string; total: number }>(res)[0]!;
  return `{"orderErrors":${row.json},"total":${Number(row.total)}}`;
}
