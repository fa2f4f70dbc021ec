/** Refunds: on the last night a quarter of those with money left ask for it back at a cash kiosk. */
import { type Day, MINUTE, type Visit } from './day';

/** The last night: a quarter of those with money left ask for it back. */
export function lastNightRefund({ rng, venue, lastDay, out, base }: Day, { p, leave }: Visit) {
  if (lastDay && p.cash > 0 && rng.chance(0.25)) {
    const k = rng.pick(venue.kiosks);
    const t = leave - rng.int(5, 20) * MINUTE;
    out.push({
      at: t,
      location: k,
      type: 'CASH_KIOSK',
      op: {
        kind: 'topup',
        ...base(t),
        rfid: p.serial,
        type: 'D',
        paymentType: 'S',
        amount: -p.cash,
        money: p.cash,
        locationId: k,
      },
    });
    p.cash = 0;
  }
}
