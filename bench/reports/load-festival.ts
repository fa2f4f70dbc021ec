/**
 * The bulk load of the bench festival: its venue, then every kind of operation written with
 * `INSERT … SELECT generate_series` into the feed tables (secondary indexes dropped meanwhile and
 * built after), and the rows counted against the planned mix.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/core/db/client';
import { rowsOf } from '../../server/src/core/db/rows';
import { round } from './figures';
import { loadAccess, loadCapacityLog } from './load-access';
import { loadArrivalTopUps, loadBalances, loadTopUps, loadWristbandChanges } from './load-balance-operations';
import { firstIds, makeLoad } from './load-context';
import { loadSales } from './load-sales';
import { loadStaffAndWeb } from './load-staff-and-web';
import { loadTickets } from './load-tickets';
import { operationMix } from './operation-mix';
import { makeVenue } from './venue';

/** The feed tables the load writes; their secondary indexes are built after the rows are in. */
const LOADED_TABLES = [
  'customers',
  'wristbands',
  'tickets',
  'top_ups',
  'sales',
  'sale_lines',
  'sale_payments',
  'access_records',
  'ticket_validations',
  'role_recordings',
  'wristband_changes',
  'presence_records',
  'order_errors',
  'online_top_ups',
  'customer_refunds',
  'capacity_log',
];
/** Written by the feed tables' triggers during the load: analysed with them. */
const ROLLUP_TABLES = [
  'report_sales_hourly',
  'report_articles_hourly',
  'report_metre_hourly',
  'report_top_ups_hourly',
  'report_access_hourly',
  'report_wristband_days',
  'report_wristband_day_counts',
  'report_article_totals_hourly',
  'report_tickets_hourly',
  'report_wristband_balances',
];

/**
 * Writes the festival, through the same tables and columns as the device API's sync (so the rollup
 * and per-day triggers fire per statement as they do for a sync batch). Of the operations:
 * - one ticket validation per wristband (1 % scanned twice, repeated), each VIP ticket loading its
 *   rol's bonus (RV, RV-WA with an article) and one in ten an add-on bought with the ticket (AV,
 *   AV-WA): the complements;
 * - 1 % of the wristbands get a rol recorded at the desk (a role recording and its RS / RS-WA bonus);
 * - 0.3 % are replaced by a new wristband (a wristband change and its N-RS / N-RE rows moving the
 *   balances); every staff member checks in and out each day (presence);
 * - 46 % are sales of 1 to 3 lines at the bars (one in 200 a devolution, one in 250 with an add-on),
 *   a tenth of them metre orders at the food court's kitchens for a room and seat (5 % of those
 *   failing first: order errors), paid from the cash balance, the gift balance or by card;
 * - 12 % (less the complements and rol bonuses) are balance operations: each attendee's top-up at
 *   arrival, sized to what they will spend, and the kiosks', desk's and bars' operations of
 *   TOP_UP_KINDS: every top-up, bonus, add-on and refund code;
 * - the rest are access records through the gates (entries, exits, the VIP area, some refused).
 * Besides: online top-ups bought on the web, customers' bank refund requests and the 5-minute
 * capacity log. The ledger (ledger_entries) is not written: no report reads it, and the balances it
 * sums are set on the wristbands at the end from the same rows.
 */
export async function loadFestival(
  db: Db,
  opts: {
    wristbands: number;
    operations: number;
    days: number;
    /** Other events loaded beside the festival (same mix, a wristband per 50 operations as the default). */
    others?: { events: number; operations: number };
    log?: (s: string) => void;
  },
) {
  const log = opts.log ?? (() => {});
  const W = opts.wristbands;

  // Secondary indexes are dropped now and built once the rows are in (much faster than row by row).
  const indexes = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`
      select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = 'public' and i.tablename in (${sql.join(
        LOADED_TABLES.map((t) => sql`${t}`),
        sql`, `,
      )})
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`),
  );
  for (const i of indexes) await db.execute(sql.raw(`drop index "${i.name}"`));

  const began = performance.now();
  const others = opts.others?.events ?? 0;
  const otherOperations = opts.others?.operations ?? 0;
  const otherWristbands = Math.max(100, Math.round((otherOperations * W) / Math.max(1, opts.operations)));
  const otherIds: number[] = [];
  for (let k = 1; k <= others; k++) {
    log(
      `other event ${k} of ${others}: ${otherOperations.toLocaleString('en')} operations over ${otherWristbands.toLocaleString('en')} wristbands…`,
    );
    const shape = { wristbands: otherWristbands, operations: otherOperations, days: opts.days };
    const planned = await loadEvent(db, shape, k, log);
    otherIds.push(planned.eventId);
    const loaded = await operationsOf(db, planned.eventId);
    if (loaded !== planned.total)
      throw new Error(`other event ${k}: loaded ${loaded}, planned ${planned.total}`);
  }
  const { eventId: e, total: planned, venue: v } = await loadEvent(db, opts, 0, log);
  const loadSeconds = round((performance.now() - began) / 1000);

  const built = performance.now();
  for (const i of indexes) await db.execute(sql.raw(i.def));
  for (const t of ['sales', 'customers', 'wristbands', 'tickets']) {
    await db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`),
    );
  }
  for (const t of [...LOADED_TABLES, ...ROLLUP_TABLES]) await db.execute(sql.raw(`analyze ${t}`));
  const indexSeconds = round((performance.now() - built) / 1000);
  log(`  ${indexes.length} indexes built and tables analysed: ${indexSeconds} s`);

  // The festival's own rows (the other events' are left out of the figures).
  const counts: Record<string, number> = {};
  for (const t of LOADED_TABLES) {
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql.raw(`select count(*)::int as n from ${t} where event_id = ${e}`)),
    );
    counts[t] = Number(n);
  }
  const [extra] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select
        (select count(*) from sales where event_id = ${e} and kitchen_id is not null)::int as metre_sales,
        (select count(*) from sales where event_id = ${e} and addon_id is not null)::int as addon_sales,
        (select count(*) from top_ups where event_id = ${e} and addon_id is not null)::int as addon_top_ups,
        (select count(distinct type) from top_ups where event_id = ${e})::int as top_up_codes`),
  );
  for (const [k, n] of Object.entries(extra ?? {})) counts[k] = Number(n);
  const operations = await operationsOf(db, e);
  if (operations !== planned) throw new Error(`loaded ${operations} operations, planned ${planned}`);
  if (others) counts.other_events_operations = others * otherOperations;
  return { venue: v, rows: counts, operations, loadSeconds, indexSeconds, otherEventIds: otherIds };
}

/** Every terminal operation of an event once (a wristband change writes two top_ups rows). */
async function operationsOf(db: Db, e: number) {
  const [n] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select (
        (select count(*) from ticket_validations where event_id = ${e}) +
        (select count(*) from top_ups where event_id = ${e}) -
        (select count(*) from wristband_changes where event_id = ${e}) +
        (select count(*) from sales where event_id = ${e}) +
        (select count(*) from access_records where event_id = ${e}) +
        (select count(*) from role_recordings where event_id = ${e}) +
        (select count(*) from presence_records where event_id = ${e}) +
        (select count(*) from order_errors where event_id = ${e}))::int as n`),
  );
  return Number(n!.n);
}

/** One event's venue and rows (the festival with `other` 0, else other event number `other`). */
async function loadEvent(
  db: Db,
  opts: { wristbands: number; operations: number; days: number },
  other: number,
  log: (s: string) => void,
) {
  const W = opts.wristbands;
  const v = await makeVenue(db, opts.days, W, other);
  const mix = operationMix({ ...opts, staff: v.staff.all.length });
  const l = makeLoad(db, v, W, mix, await firstIds(db), log);
  await loadTickets(l);
  await loadTopUps(l);
  await loadSales(l);
  await loadAccess(l);
  await loadStaffAndWeb(l);
  await loadArrivalTopUps(l);
  await loadWristbandChanges(l);
  await loadCapacityLog(l);
  await loadBalances(l);
  return { eventId: v.eventId, total: mix.total, venue: v };
}
