/**
 * Top-ups: money loaded at the cash and card kiosks (or online) when a wristband runs short, manual
 * bonuses at the kiosks, and add-ons applied to wristbands (given at the desk, sold by card).
 */
import type { DeviceType } from '@pulsera/contracts';
import { type Day, MINUTE, type Visit } from './day';
import type { SimAddon } from './options';

/** An add-on applied to a wristband: its amounts and flags (the serial is set on the walk of the day). */
export const addonTopUp = ({ base }: Day, a: SimAddon, type: 'AV' | 'AM' | 'AS-CC', t: number) => ({
  kind: 'topup' as const,
  ...base(t),
  rfid: '',
  type,
  amount: a.amountCash,
  bonus: a.amountBonus,
  flags: a.flags,
  addonId: a.id,
});

/**
 * Now and then the desk gives an add-on by hand (AM), or a card kiosk sells one (AS-CC: the card
 * pays the add-on's cash amount, which is loaded with its bonus).
 */
export function addonsOnSite(day: Day, { arrive, leave, staffId, ops }: Visit) {
  const { rng, venue, addons } = day;
  if (addons.length && rng.chance(0.03)) {
    const t = rng.int(arrive, leave);
    ops.push({
      at: t,
      location: venue.desk,
      op: { ...addonTopUp(day, rng.pick(addons), 'AM', t), staffId, locationId: venue.desk },
    });
  }
  const sellable = addons.filter((a) => a.amountCash > 0);
  if (sellable.length && rng.chance(0.06)) {
    const t = rng.int(arrive, leave);
    const k = rng.pick(venue.kiosks);
    const a = rng.pick(sellable);
    ops.push({
      at: t,
      location: k,
      type: 'CARD_KIOSK',
      op: {
        ...addonTopUp(day, a, 'AS-CC', t),
        paymentType: 'T',
        money: a.amountCash,
        staffId: rng.pick(venue.staff),
        locationId: k,
      },
    });
  }
}

/** One attendee in a hundred gets a manual bonus at a cash kiosk, with a supervisor (M). */
export function manualBonus({ rng, venue, base }: Day, { p, arrive, leave, staffId, ops }: Visit) {
  if (rng.chance(0.01)) {
    const t = rng.int(arrive, leave);
    const k = rng.pick(venue.kiosks);
    ops.push({
      at: t,
      location: k,
      type: 'CASH_KIOSK',
      op: {
        kind: 'topup',
        ...base(t),
        rfid: p.serial,
        type: 'M',
        amount: 0,
        bonus: 500,
        staffId,
        supervisorId: venue.staff[1],
        locationId: k,
      },
    });
  }
}

/**
 * The top-up made shortly before a sale the wristband cannot pay (`total`): 20, 30, 50 or 100 (or
 * what is needed, rounded up), online, by card or in cash, with a bonus from 50.
 */
export function topUpToPay(
  { rng, venue, out, base }: Day,
  { p, arrive, staffId }: Visit,
  at: number,
  total: number,
) {
  const k = rng.pick(venue.kiosks);
  const t = Math.max(arrive, at - rng.int(2, 15) * MINUTE);
  const needed = total - p.cash - p.gift;
  const amount = [2000, 3000, 5000, 10000].find((a) => a >= needed) ?? Math.ceil(needed / 1000) * 1000;
  const r = rng.next();
  const online = r < 0.06;
  const card = !online && r < 0.45;
  const bonus = amount >= 5000 ? 250 : 0;
  const typeT: DeviceType = card ? 'CARD_KIOSK' : 'CASH_KIOSK';
  out.push({
    at: t,
    location: k,
    type: typeT,
    op: {
      kind: 'topup',
      ...base(t),
      rfid: p.serial,
      codeCheck: p.codeCheck,
      type: online ? 'O' : 'N',
      paymentType: online ? 'O' : card ? 'T' : 'S',
      amount,
      bonus,
      money: online ? 0 : amount,
      staffId,
      locationId: k,
      ...(online ? { ref: `WEB-${rng.hex(8).toUpperCase()}` } : {}),
    },
  });
  p.cash += amount;
  p.gift += bonus;
}
