/**
 * Sales: bar sales with the evening peak, metre orders prepared by the kitchens (some failing
 * first), each sale's lines from its location's menu, its payment from the wristband's balances
 * (topped up first when short) and now and then a drink that comes back.
 */
import type { SyncOperationInput } from '@pulsera/contracts';
import { type Day, HOUR, MINUTE, type Timed, type Visit } from './day';
import { topUpToPay } from './top-ups';

/** Why a kitchen order fails on a terminal (the order errors list). */
const ORDER_FAILURES = [
  'Kitchen printer unreachable',
  'Article not on the kitchen menu',
  'Kitchen printer out of paper',
  'Timeout sending the order to the kitchen',
];

/** What the bars sell when the event has no articles of its own. */
export const DEFAULT_ARTICLES = [
  { id: 1, price: 600 },
  { id: 2, price: 250 },
  { id: 3, price: 1000 },
  { id: 4, price: 350 },
  { id: 5, price: 1100 },
];

/** A sale as the day plans it (lines and payment come on the walk), then as it is sent. */
type SaleInput = Extract<SyncOperationInput, { kind: 'sale' }>;

/**
 * The attendee's sales, placed with the evening peak: most at the bars, with kitchens some taken by
 * a metre at a seat of a room; their lines and payment are made when the day is walked.
 */
export function plannedSales({ rng, venue, dayStart, base }: Day, { arrive, leave, ops }: Visit) {
  // Bar sales with the evening peak; top-ups when the chip runs short.
  const sales = rng.int(2, 8);
  for (let i = 0; i < sales; i++) {
    const hour = rng.eveningHour();
    const t = Math.max(
      arrive + 5 * MINUTE,
      Math.min(leave - MINUTE, dayStart + Math.floor((hour - 12) * HOUR)),
    );
    // With kitchens, some orders are taken by a metre at a seat of a room and prepared by a kitchen.
    const k = venue.kitchens.length && rng.chance(0.2) ? rng.pick(venue.kitchens) : null;
    if (k) {
      const roomId = k.rooms.length ? rng.pick(k.rooms) : undefined;
      const metre = {
        kitchenId: k.id,
        ...(roomId ? { roomId, seatName: `Table ${rng.int(1, 24)}` } : {}),
        staffId: rng.pick(venue.metres),
      };
      ops.push({
        at: t,
        location: k.locationId,
        op: { kind: 'sale', id: '', deviceTime: '', lines: [], ...metre },
      });
      // Now and then the order fails first (the printer, the menu): the terminal reports it.
      if (rng.chance(0.05)) {
        ops.push({
          at: t - 1000,
          location: k.locationId,
          op: {
            kind: 'orderError',
            ...base(t - 1000),
            message: rng.pick(ORDER_FAILURES),
            ...metre,
            locationId: k.locationId,
          },
        });
      }
      continue;
    }
    ops.push({
      at: t,
      location: rng.pick(venue.bars),
      op: { kind: 'sale', id: '', deviceTime: '', lines: [] },
    });
  }
}

/** A sale's lines: what the location's menu shows (every article where it has none), each with its sticks. */
function saleLines({ rng, items, menus }: Day, location: number) {
  const menu = menus.get(location);
  return Array.from({ length: rng.int(1, 3) }, () => {
    const a = rng.pick(menu?.items.length ? menu.items : items);
    const quantity = rng.int(1, 2);
    return { idArticle: a.id, quantity, price: a.price, quantityGift: rng.chance(0.02) ? 1 : 0 };
  }).flatMap((line) => [
    line,
    ...(menu?.sticks ?? [])
      .filter((s) => s.parent === line.idArticle)
      .map((s) => ({
        idArticle: s.child,
        quantity: line.quantity * s.quantity,
        price: s.price,
        quantityGift: 0,
      })),
  ]);
}

/**
 * A planned sale made on the walk of the day: its lines, a top-up first when the balance does not
 * cover it, its payment from the gift balance then the cash balance, and now and then its return.
 */
export function completeSale(day: Day, visit: Visit, x: Timed, op: SaleInput) {
  const { rng, venue, out, base } = day;
  const { p } = visit;
  const lines = saleLines(day, x.location);
  const total = lines.reduce((s, l) => s + l.price * (l.quantity - l.quantityGift), 0);
  // 0.4% of sales happen on a terminal working offline with a stale balance: they can go below zero.
  const stale = rng.chance(0.004);
  if (p.cash + p.gift < total && !stale) topUpToPay(day, visit, x.at, total);
  const fromGift = Math.min(Math.max(p.gift, 0), total);
  const payments = [
    ...(fromGift > 0 ? [{ type: 'B' as const, amount: fromGift }] : []),
    ...(total - fromGift > 0 ? [{ type: 'S' as const, amount: total - fromGift }] : []),
  ];
  p.gift -= fromGift;
  p.cash -= total - fromGift;
  out.push({
    at: x.at,
    location: x.location,
    op: {
      kind: 'sale',
      ...base(x.at),
      rfid: p.serial,
      lines,
      payments,
      staffId: op.staffId ?? rng.pick(venue.staff),
      locationId: x.location,
      ...(op.kitchenId ? { kitchenId: op.kitchenId } : {}),
      ...(op.roomId ? { roomId: op.roomId, seatName: op.seatName } : {}),
    },
  });
  // Now and then a drink comes back.
  if (rng.chance(0.005) && total > 0) {
    const t = x.at + rng.int(1, 5) * MINUTE;
    out.push({
      at: t,
      location: x.location,
      op: {
        kind: 'sale',
        ...base(t),
        rfid: p.serial,
        lines,
        payments,
        isDevolution: true,
        locationId: x.location,
        // A metre order comes back through its metre.
        ...(op.kitchenId ? { kitchenId: op.kitchenId, staffId: op.staffId } : {}),
        ...(op.roomId ? { roomId: op.roomId, seatName: op.seatName } : {}),
      },
    });
    p.cash += total - fromGift;
    p.gift += fromGift;
  }
}
