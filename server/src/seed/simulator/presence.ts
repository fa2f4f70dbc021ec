/** Staff presence: every staff member checks in at the office before the gates open and out after closing. */
import { type Day, HOUR, MINUTE } from './day';

/** Staff presence: in before the gates open, out after closing. */
export function staffPresence({ rng, venue, dayStart, out, base }: Day) {
  for (const staffId of venue.staff) {
    const tin = dayStart + 2 * HOUR + rng.int(0, 90) * MINUTE;
    const tout = dayStart + 16 * HOUR + rng.int(0, 60) * MINUTE;
    const controllerId = venue.staff[0];
    out.push({
      at: tin,
      location: venue.office,
      op: { kind: 'presence', ...base(tin), staffId, type: 'in', locationId: venue.office, controllerId },
    });
    out.push({
      at: tout,
      location: venue.office,
      op: { kind: 'presence', ...base(tout), staffId, type: 'out', locationId: venue.office, controllerId },
    });
  }
}
