/**
 * Access through the gates: into the grounds, visits to the inner zone (some warned or refused) and
 * out again; and now and then a role recorded at the desk, which changes what a wristband may enter.
 */
import type { Day, Visit } from './day';
import type { SimGate } from './options';

/**
 * The attendee's passages at the access totems: in through their gate on arrival, to the inner zone
 * and back a few times, out on leaving.
 */
export function gateAccess({ rng, venue, base }: Day, { p, arrive, leave, gate, ops }: Visit) {
  const access = (
    t: number,
    zoneFrom: number | null,
    zoneTo: number | null,
    acceso: 'S' | 'W' | 'ND' | 'NT',
    through: SimGate = gate,
  ) =>
    ops.push({
      at: t,
      location: through.location,
      type: 'ACCESS_TOTEM',
      op: {
        kind: 'access',
        ...base(t),
        rfid: p.serial,
        acceso,
        zoneFrom,
        zoneTo,
        gateId: through.gate,
        lastZone: zoneFrom,
        roleId: p.role,
        locationId: gate.location,
      },
    });
  const { grounds, inner } = venue.zones;
  const innerGate = venue.innerGate ?? gate;
  access(arrive, null, grounds, 'S');
  // Visits to the inner zone; each one let in comes back to the grounds halfway to the next visit
  // (or to leaving), so the zones' occupancy rises and falls as at a real gate.
  const visits: number[] = [];
  for (let i = rng.int(0, 3); i > 0; i--) {
    const t = rng.int(arrive, leave);
    const r = rng.next();
    const acceso = r < 0.03 ? 'W' : r < 0.04 ? 'ND' : r < 0.045 ? 'NT' : 'S';
    access(t, grounds, inner, acceso, innerGate);
    if (acceso === 'S' || acceso === 'W') visits.push(t);
  }
  visits.sort((a, b) => a - b);
  for (const [i, t] of visits.entries()) {
    access(Math.floor((t + (visits[i + 1] ?? leave)) / 2), inner, grounds, 'S', innerGate);
  }
  access(leave, grounds, null, 'S');
}

/** One attendee in a hundred gets the crew role (and its flags) recorded at the desk. */
export function roleRecording({ rng, venue, base }: Day, { p, arrive, leave, staffId, ops }: Visit) {
  if (rng.chance(0.01)) {
    const t = rng.int(arrive, leave);
    ops.push({
      at: t,
      location: venue.desk,
      op: {
        kind: 'roleRecording',
        ...base(t),
        rfid: p.serial,
        roleId: venue.roles.crew,
        flags: venue.roleFlags,
        staffId,
        locationId: venue.desk,
      },
    });
  }
}
