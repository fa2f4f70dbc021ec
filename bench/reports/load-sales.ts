/** The load's sales: sales at the bars and metre orders at the kitchens, their lines and payments, and the orders that failed first. */
import { sql } from 'drizzle-orm';
import { type Load, step, timeOf } from './load-context';
import { hx, pick, pickRaw } from './sql';
import { atBar } from './venue';

/** Why a kitchen order fails on a terminal (the order errors list). */
const ORDER_FAILURES = [
  'Kitchen printer unreachable',
  'Article not on the kitchen menu',
  'Kitchen printer out of paper',
  'Timeout sending the order to the kitchen',
];

/** The sales with their lines and payments, then the order errors. */
export async function loadSales(l: Load) {
  const { db, v, e, mix, s0, wid, log } = l;
  // Sales: 1 to 3 lines of the event's articles; the sale's total is the sum of its lines. One in
  // ten is a metre order at the food court (a kitchen, one of its rooms, a seat, a metre), one in
  // 200 a devolution, one in 250 sells an add-on with the order; one line in 50 gives a unit away.
  const bar = atBar(v, 'g');
  const metre = `${hx('g', 4)} % 10 = 3`;
  const pair = '(g / 10)';
  const lines = (g: string) => ({
    count: `1 + ${hx(g, 7)} % 3`,
    article: (f: 'id' | 'price') =>
      pickRaw(
        v.articles.map((a) => a[f]),
        `${g} * 7 + k * 13`,
      ),
    quantity: `1 + (${g} + k) % 2`,
    gift: `case when k = 1 and ${hx(g, 8)} % 50 = 0 then 1 else 0 end`,
  });
  const ln = lines('g');
  await step(
    db,
    `${mix.sales} sales`,
    sql`
      insert into sales (id, event_id, operation_id, wristband_id, total_purchase, total_payed, is_devolution,
        num_payers, cash_after, gift_after, addon_id, kitchen_id, room_id, seat_name, staff_id, device_id,
        location_id, device_time)
      select ${s0}::int + g - 1, ${e}::int, md5('sa' || g)::uuid, ${wid('g * 13')}, t.total, t.total,
        ${sql.raw(hx('g', 3))} % 200 = 0, 1, 0, 0,
        case when ${sql.raw(hx('g', 5))} % 250 = 11 then ${pick(
          v.sellable.map((a) => a.id),
          'g / 250',
        )} end,
        case when ${sql.raw(metre)} then ${pick(
          v.kitchenRooms.map((k) => k.kitchen),
          pair,
        )} end,
        case when ${sql.raw(metre)} then ${pick(
          v.kitchenRooms.map((k) => k.room),
          pair,
        )} end,
        case when ${sql.raw(metre)} then 'Table ' || (1 + g % 24) end,
        case when ${sql.raw(metre)} then ${pick(v.staff.metres, 'g / 10')} else ${sql.raw(bar.staff)} end,
        case when ${sql.raw(metre)} then ${pick(v.devices.metre, 'g / 10')} else ${sql.raw(bar.device)} end,
        case when ${sql.raw(metre)} then ${v.foodCourt}::int else ${sql.raw(bar.location)} end,
        ${timeOf(v, 'g', mix.sales)}
      from generate_series(1, ${mix.sales}::int) g
      cross join lateral (
        select sum(${sql.raw(ln.article('price'))} * (${sql.raw(ln.quantity)} - ${sql.raw(ln.gift)}))::int as total
        from generate_series(1, ${sql.raw(ln.count)}) k
      ) t`,
    log,
  );
  const sl = lines('x.g');
  await step(
    db,
    'sale lines',
    sql`
      insert into sale_lines (event_id, sale_id, article_id, quantity, price, quantity_gift)
      select ${e}::int, s.id, ${sql.raw(sl.article('id'))}, ${sql.raw(sl.quantity)}, ${sql.raw(sl.article('price'))},
        ${sql.raw(sl.gift)}
      from sales s cross join lateral (select (s.id - ${s0} + 1)::int as g) x
      cross join lateral generate_series(1, ${sql.raw(sl.count)}) k
      where s.event_id = ${e} and s.id >= ${s0}`,
    log,
  );
  // Payments: 10 % by card, 2 % from the gift balance, 10 % up to 2.00 from the gift balance and the
  // rest from the cash balance, the rest from the cash balance.
  const payBy = `${hx('x.g', 6)} % 100`;
  await step(
    db,
    'sale payments',
    sql`
      insert into sale_payments (event_id, sale_id, type, amount, wristband_id)
      select ${e}::int, s.id, p.type, p.amount, case when p.type in ('S', 'B') then s.wristband_id end
      from sales s
      cross join lateral (select (s.id - ${s0} + 1)::int as g) x
      cross join lateral (select ${sql.raw(payBy)} as r) y
      cross join lateral (
        select 'T' as type, s.total_purchase as amount where y.r < 10
        union all select 'B', s.total_purchase where y.r between 10 and 11
        union all select 'B', least(200, s.total_purchase) where y.r between 12 and 21
        union all select 'S', s.total_purchase - 200 where y.r between 12 and 21 and s.total_purchase > 200
        union all select 'S', s.total_purchase where y.r >= 22
      ) p
      where s.event_id = ${e} and s.id >= ${s0} and p.amount > 0`,
    log,
  );
  await step(
    db,
    `${mix.orderErrors} order errors`,
    sql`
      insert into order_errors (event_id, operation_id, message, seat_name, room_id, kitchen_id, staff_id, device_id,
        location_id, device_time)
      select ${e}::int, md5('oe' || g)::uuid, ${pick(ORDER_FAILURES, 'g')}, 'Table ' || (1 + g % 24),
        ${pick(
          v.kitchenRooms.map((k) => k.room),
          'g',
        )}, ${pick(
          v.kitchenRooms.map((k) => k.kitchen),
          'g',
        )},
        ${pick(v.staff.metres, 'g')}, ${pick(v.devices.metre, 'g')}, ${v.foodCourt}::int, ${timeOf(v, 'g', mix.orderErrors)}
      from generate_series(1, ${mix.orderErrors}::int) g`,
    log,
  );
}
