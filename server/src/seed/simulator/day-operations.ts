/**
 * The operations of one festival day: the staff's presence, then each attendee's day — planned
 * (arrival, access, add-ons, sales, bonuses), then walked in time order keeping their balance as
 * the terminals see it — in a fixed order of random draws, so a seed always yields the same day.
 */
import { gateAccess, roleRecording } from './access';
import { arrival, validateTicket } from './arrivals';
import type { Attendee } from './attendees';
import { type Day, HOUR, MINUTE, type Timed, type Visit } from './day';
import type { SimAddon, SimMenu } from './options';
import { staffPresence } from './presence';
import type { Rng } from './prng';
import { lastNightRefund } from './refunds';
import { completeSale, plannedSales } from './sales';
import { addonsOnSite, manualBonus } from './top-ups';
import type { Venue } from './venue';

/** The operations of one festival day, in time order. */
export function dayOperations(
  rng: Rng,
  venue: Venue,
  people: Attendee[],
  dayStart: number,
  lastDay: boolean,
  items: { id: number; price: number }[],
  serialFor: () => string,
  addons: SimAddon[] = [],
  menus: ReadonlyMap<number, SimMenu> = new Map(),
  story?: { attendee: number; until: number },
): Timed[] {
  const iso = (t: number) => new Date(t).toISOString();
  const day: Day = {
    rng,
    venue,
    dayStart,
    lastDay,
    items,
    serialFor,
    addons,
    menus,
    out: [],
    base: (t: number) => ({ id: rng.uuid(), deviceTime: iso(t) }),
  };
  staffPresence(day);
  for (const p of people) {
    if (p.n === story?.attendee) {
      if (lastDay) storyDay(day, p, story.until);
      else if (!rng.chance(0.12)) attendeeDay(day, p, false);
      continue;
    }
    if (p.validated && rng.chance(0.12)) continue; // does not come today
    attendeeDay(day, p);
  }
  return day.out.sort((a, b) => a.at - b.at);
}

/**
 * An attendee's day: their operations planned, walked in time order, and the last night's refund;
 * now and then their wristband is replaced (`replaceable`).
 */
function attendeeDay(day: Day, p: Attendee, replaceable = true) {
  const visit = arrival(day, p);
  if (!p.validated) validateTicket(day, visit);
  addonsOnSite(day, visit);
  gateAccess(day, visit);
  plannedSales(day, visit);
  roleRecording(day, visit);
  manualBonus(day, visit);
  const replace = day.rng.chance(0.003) && replaceable;
  const replaceAt = replace ? day.rng.int(visit.arrive + HOUR, visit.leave) : null;
  visit.ops.sort((a, b) => a.at - b.at);
  walkDay(day, visit, replaceAt);
  lastNightRefund(day, visit);
}

/**
 * The story's last day, the same whatever the hour `until` falls: they come in 50 minutes before it
 * (their ticket validated first if it was not yet), buy a round at a bar (topped up first when
 * short) and, last, top up 50.00 with the bonus from 50 on. So the README's demo wristband shows
 * money, a bonus and purchases, and its ticket is bound to it, at any hour the demo starts. Its
 * wristband is never replaced nor refunded, and its operations never go to a terminal of the fleet
 * incidents (they would be lost).
 */
function storyDay(day: Day, p: Attendee, until: number) {
  const { rng, venue, base } = day;
  const visit = { ...arrival(day, p), arrive: until - 50 * MINUTE, leave: until - MINUTE };
  if (!p.validated) validateTicket(day, visit);
  gateAccess(day, visit);
  visit.ops.push({
    at: visit.arrive + 10 * MINUTE,
    location: rng.pick(venue.bars),
    op: { kind: 'sale', id: '', deviceTime: '', lines: [] },
  });
  const t = visit.leave - 5 * MINUTE;
  const kiosk = rng.pick(venue.kiosks);
  visit.ops.push({
    at: t,
    location: kiosk,
    type: 'CASH_KIOSK',
    op: {
      kind: 'topup',
      ...base(t),
      rfid: p.serial,
      codeCheck: p.codeCheck,
      type: 'N',
      paymentType: 'S',
      amount: 5000,
      bonus: 250,
      money: 5000,
      staffId: visit.staffId,
      locationId: kiosk,
    },
  });
  visit.ops.sort((a, b) => a.at - b.at);
  const before = day.out.length;
  walkDay(day, visit, null);
  for (const x of day.out.slice(before)) x.story = true;
}

/**
 * Walk the person's day in time order, keeping the chip balance as the terminals see it: the
 * wristband replaced at `replaceAt` (if any), the serial set on each operation, sales completed.
 */
function walkDay(day: Day, visit: Visit, replaceAt: number | null) {
  const { p } = visit;
  let replaced = replaceAt === null;
  for (const x of visit.ops) {
    if (!replaced && x.at >= replaceAt!) {
      replaced = true;
      replaceWristband(day, visit, replaceAt!);
    }
    const op = x.op;
    if (op.kind === 'topup' || op.kind === 'roleRecording' || op.kind === 'access') op.rfid = p.serial;
    if (op.kind === 'topup') {
      p.cash += op.amount;
      p.gift += op.bonus ?? 0;
    }
    if (op.kind !== 'sale') {
      day.out.push(x);
      continue;
    }
    completeSale(day, visit, x, op);
  }
}

/** A wristband replaced at a cash kiosk: the attendee goes on with a spare one, their balances moved. */
function replaceWristband({ rng, venue, out, base, serialFor }: Day, { p, staffId }: Visit, at: number) {
  const k = rng.pick(venue.kiosks);
  const next = serialFor();
  out.push({
    at,
    location: k,
    type: 'CASH_KIOSK',
    op: {
      kind: 'wristbandChange',
      ...base(at),
      sourceRfid: p.serial,
      endRfid: next,
      staffId,
      locationId: k,
    },
  });
  p.serial = next;
}
