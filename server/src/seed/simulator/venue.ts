/**
 * The simulated venue: its locations (bars, kiosks, gates, office, desk, kitchens) and the terminals
 * at each (ids are the feed's plain integers).
 */
import type { DeviceType } from '@pulsera/contracts';
import type { SimGate, SimKitchen, SimRoles, SimulationOptions, SimZones } from './options';

export interface Terminal {
  serial: string;
  type: DeviceType;
  model: string;
  location: number;
}

export interface Venue {
  zones: SimZones;
  bars: number[];
  kiosks: number[];
  gates: SimGate[];
  /** The gate into the inner zone; null: the entrance gate the person came through. */
  innerGate: SimGate | null;
  roles: SimRoles;
  roleFlags: number[];
  office: number;
  desk: number;
  terminals: Terminal[];
  byLocation: Map<number, Terminal[]>;
  staff: number[];
  kitchens: SimKitchen[];
  metres: number[];
}

/** The venue of a festival of `wristbands` wristbands: the event's places where given, else synthetic ones. */
export function buildVenue(
  wristbands: number,
  seed: number,
  staffIds: number[] = [],
  office = 71,
  places: Pick<
    SimulationOptions,
    | 'bars'
    | 'kitchens'
    | 'metres'
    | 'zones'
    | 'roles'
    | 'roleFlags'
    | 'gates'
    | 'innerGate'
    | 'kiosks'
    | 'desk'
  > = {},
): Venue {
  const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(n)));
  const bars = places.bars?.length
    ? places.bars
    : Array.from({ length: clamp(wristbands / 1500, 2, 12) }, (_, i) => 11 + i);
  const kitchens = places.kitchens ?? [];
  const kiosks = places.kiosks?.length
    ? places.kiosks
    : Array.from({ length: clamp(wristbands / 3000, 1, 6) }, (_, i) => 31 + i);
  const gates = places.gates?.length
    ? places.gates
    : Array.from({ length: clamp(wristbands / 4000, 1, 6) }, (_, i) => ({
        location: 51 + i,
        gate: 1 + i,
      }));
  const innerGate = places.innerGate ?? null;
  const desk = places.desk ?? 72;
  const terminals: Terminal[] = [];
  const add = (location: number, type: DeviceType, model: string, n: number) => {
    for (let i = 0; i < n; i++) {
      terminals.push({
        serial: `SIM${seed}-${type.slice(0, 3)}-${location}-${i + 1}`,
        type,
        model,
        location,
      });
    }
  };
  for (const b of bars) add(b, 'PDA', 'Sunmi V2s', 2);
  for (const k of kiosks) {
    add(k, 'CASH_KIOSK', 'Pulsera Kiosk C1', 1);
    add(k, 'CARD_KIOSK', 'Pulsera Kiosk T1', 1);
  }
  for (const g of gates) {
    add(g.location, 'ACCESS_TOTEM', 'Pulsera Totem A2', 1);
    add(g.location, 'PDA', 'Sunmi L2', 1);
  }
  if (innerGate && !gates.some((g) => g.location === innerGate.location)) {
    add(innerGate.location, 'ACCESS_TOTEM', 'Pulsera Totem A2', 1);
  }
  add(office, 'PDA', 'Sunmi V2s', 1);
  add(desk, 'PDA', 'Sunmi V2s', 1);
  // The metres' handhelds, one per kitchen location that is not a bar already.
  for (const loc of new Set(kitchens.map((k) => k.locationId))) {
    if (!bars.includes(loc)) add(loc, 'PDA', 'Sunmi V2s', 1);
  }
  const byLocation = new Map<number, Terminal[]>();
  for (const t of terminals) byLocation.set(t.location, [...(byLocation.get(t.location) ?? []), t]);
  const staff = staffIds.length
    ? staffIds
    : Array.from({ length: clamp(terminals.length * 1.5, 6, 120) }, (_, i) => 101 + i);
  const metres = places.metres?.length ? places.metres : staff;
  const zones = places.zones ?? { grounds: 1, inner: 2 };
  const roles = places.roles ?? { general: 1, vip: 2, crew: 3 };
  const roleFlags = places.roleFlags ?? [7];
  return {
    zones,
    bars,
    kiosks,
    gates,
    innerGate,
    roles,
    roleFlags,
    office,
    desk,
    terminals,
    byLocation,
    staff,
    kitchens,
    metres,
  };
}
