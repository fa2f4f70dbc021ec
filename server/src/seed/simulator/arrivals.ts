/**
 * Arrivals: when an attendee comes and goes, through which gate, and on their first day the ticket
 * validation at the gate (with the VIP bonus and an add-on bought online loaded there).
 */
import type { Attendee } from './attendees';
import { type Day, HOUR, MINUTE, type Visit } from './day';
import { addonTopUp } from './top-ups';

/** The attendee's visit of the day: arrival, leaving, gate and the staff member who serves them. */
export function arrival({ rng, venue, dayStart }: Day, p: Attendee): Visit {
  const ops: Visit['ops'] = [];
  const arrive = dayStart + 3 * HOUR + Math.floor((rng.next() + rng.next()) * 3.5 * HOUR);
  const leave = Math.min(dayStart + 16 * HOUR, arrive + rng.int(3 * 60, 9 * 60) * MINUTE);
  const gate = rng.pick(venue.gates);
  const staffId = rng.pick(venue.staff);
  return { p, arrive, leave, gate, staffId, ops };
}

/** The ticket validated at the gate just before the attendee first comes in (their wristband's first day). */
export function validateTicket(day: Day, { p, arrive, gate, staffId, ops }: Visit) {
  const { rng, venue, base, addons } = day;
  const t = arrive - rng.int(1, 4) * MINUTE;
  ops.push({
    at: t,
    location: gate.location,
    type: 'PDA',
    op: {
      kind: 'ticketValidation',
      ...base(t),
      ticketCode: p.ticket,
      rfid: p.serial,
      codeCheck: p.codeCheck,
      roleId: p.role,
      customer: { name: p.name, email: p.email, localizer: p.localizer },
      staffId,
      locationId: gate.location,
    },
  });
  p.validated = true;
  if (p.role === venue.roles.vip) {
    // VIP tickets carry a bonus loaded at validation.
    ops.push({
      at: t + 1000,
      location: gate.location,
      type: 'PDA',
      op: {
        kind: 'topup',
        ...base(t + 1000),
        rfid: p.serial,
        type: 'RV',
        amount: 0,
        bonus: 1500,
        staffId,
        locationId: gate.location,
      },
    });
  }
  // An add-on bought online with the ticket is loaded at validation (AV).
  if (addons.length && rng.chance(0.15)) {
    const a = rng.pick(addons);
    ops.push({
      at: t + 2000,
      location: gate.location,
      type: 'PDA',
      op: { ...addonTopUp(day, a, 'AV', t + 2000), staffId, locationId: gate.location },
    });
  }
}
