import type { DeviceType, SyncOperationInput, SyncResult } from '@pulsera/contracts';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db/client';
import {
  addonFlags,
  addons,
  articles,
  devices,
  events,
  flags,
  gates,
  kitchenRooms,
  kitchens,
  locationArticleSticks,
  locationArticles,
  locations,
  rols,
  staff,
  zones,
} from '../../core/db/schema';
import { type FeedTarget, type SyncFn, serviceTarget } from '../../modules/terminals';

/**
 * The festival simulator: terminals of a festival driving the device API like real ones — ticket
 * validations and access through gates, top-ups at cash and card kiosks (plus online top-ups and
 * bonuses), bar sales with evening peaks, presence checks of staff, wristband replacements, refunds
 * on the last night, add-ons (loaded at validation, given by hand, sold by card) when the event has
 * some, devices that go offline and upload late, and batches re-sent after a lost
 * answer. Deterministic for a seed: the same seed yields the same operations (ids included), so a
 * second run on the same event only meets duplicates.
 */

export interface SimulationOptions {
  eventId: number;
  wristbands: number;
  days: number;
  seed?: number;
  /** Day 0 of the festival (its date at 12:00 UTC opens the gates); default: the last nights up to now. */
  start?: Date;
  /** Operations after this moment are left out (the demo stops at the present). */
  until?: Date;
  /** Device-time minutes between two syncs of an online terminal. */
  syncEveryMinutes?: number;
  /** Device-time minutes between two syncs of a (cabled) kiosk; default a fifth of syncEveryMinutes. */
  kioskSyncEveryMinutes?: number;
  /** Batches in flight at once. */
  concurrency?: number;
  /** Articles sold at the bars (id and price in cents); where a location has a menu, its menu is sold. */
  articles?: { id: number; price: number }[];
  /** The menus of the sale locations: what their terminals sell, at what price, with which sticks. */
  menus?: SimMenu[];
  /** The zones the gates lead into: the grounds and a zone inside them; default ids 1 and 2. */
  zones?: SimZones;
  /** Add-ons of the event; without them no add-on operation is made. */
  addons?: SimAddon[];
  /** Staff ids of the event who work the terminals; default synthetic ids (101, 102, …). */
  staff?: number[];
  /** The location where staff check in and out (with its handheld); default synthetic id 71. */
  presenceLocation?: number;
  /** The event's bar locations (sales); default synthetic ids (11, 12, …). */
  bars?: number[];
  /**
   * The event's kitchens with the rooms they serve: some sales become metre orders taken at a seat of
   * a room, prepared by a kitchen, at the kitchen's location; now and then one fails (an order error).
   */
  kitchens?: SimKitchen[];
  /** Staff ids of the metres (trust M) who take those orders; default the terminal staff. */
  metres?: number[];
  /** The ticket roles the tickets and wristbands carry; default synthetic ids 1, 2 and 3. */
  roles?: SimRoles;
  /** The flags a role recording at the desk grants (flag ids); default the synthetic id 7. */
  roleFlags?: number[];
  /**
   * The gates people come in and leave through (from outside into the grounds), each at its location
   * (validations, access totem); default synthetic locations 51, 52, … with gate ids 1, 2, ….
   */
  gates?: SimGate[];
  /** The gate from the grounds into the inner zone, at its own location; default the entrance gate. */
  innerGate?: SimGate;
  /** Top-up kiosk locations (cash and card kiosks); default synthetic ids (31, 32, …). */
  kiosks?: number[];
  /** The desk location (manual top-ups and add-ons, role recordings); default synthetic id 72. */
  desk?: number;
  log?: (line: string) => void;
  /** Called around each day's uploading (the benchmark measures CPU time there). */
  onUpload?: (phase: 'start' | 'end') => void | Promise<void>;
  /** Stop sending after this many seconds (the benchmark bounds its time). */
  maxSeconds?: number;
  /**
   * Fleet health incidents (the demo): on the last day one bar handheld loses a few operations (gaps
   * in its sequence numbers) and another goes silent two hours before the end.
   */
  fleetIncidents?: boolean;
  /** Called with each sync's (simulated) send time, per terminal serial. */
  onContact?: (serial: string, at: Date) => void;
}

/** The app every simulated terminal runs, but one kiosk still on the previous release. */
export const SIM_APP = { name: '3.4.2', code: 30402 } as const;
export const SIM_OLD_APP = { name: '3.3.0', code: 30300 } as const;
/** The serials of the demo's fleet incidents (fleetIncidents). */
export const simGapTerminal = <T extends { type: DeviceType }>(terminals: T[]) =>
  terminals.filter((t) => t.type === 'PDA')[0];
export const simSilentTerminal = <T extends { type: DeviceType }>(terminals: T[]) =>
  terminals.filter((t) => t.type === 'PDA')[1];

/**
 * A location's menu as its terminals sell it: the articles shown (visible, with a price) at the menu's
 * price, and the sticks each article adds to the order (a hidden article can be a stick).
 */
export interface SimMenu {
  location: number;
  items: { id: number; price: number }[];
  sticks: { parent: number; child: number; quantity: number; price: number }[];
}

/** A kitchen, its location and the rooms it serves (ids of the event). */
export interface SimKitchen {
  id: number;
  locationId: number;
  rooms: number[];
}

/** Ticket roles (ids of the event): most tickets are general, some VIP; the desk records crew. */
export interface SimRoles {
  general: number;
  vip: number;
  crew: number;
}

/** A gate (its id) and the location whose terminals scan there. */
export interface SimGate {
  location: number;
  gate: number;
}

/** Why a kitchen order fails on a terminal (the order errors list). */
const ORDER_FAILURES = [
  'Kitchen printer unreachable',
  'Article not on the kitchen menu',
  'Kitchen printer out of paper',
  'Timeout sending the order to the kitchen',
];

/** An add-on as the terminals apply it: its amounts (cents) and the flags it grants. */
export interface SimAddon {
  id: number;
  amountCash: number;
  amountBonus: number;
  flags: number[];
}

export interface SimulationReport {
  devices: number;
  operations: number;
  batches: number;
  resentBatches: number;
  accepted: number;
  duplicates: number;
  refused: number;
  flagged: number;
  seconds: number;
  /** Time spent uploading (without generating the operations). */
  sendSeconds: number;
  /** Operations sent for the first time per second of uploading. */
  operationsPerSecond: number;
}

// ---------------------------------------------------------------------------------------------
// Randomness

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  const hex = (n: number) => {
    let s = '';
    while (s.length < n)
      s += Math.floor(next() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    return s.slice(0, n);
  };
  const uuid = () => {
    const h = hex(32);
    const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  /** A time of day (hours) with the evening peak of a bar: most between 21:00 and 01:00. */
  const eveningHour = () => {
    const r = next();
    if (r < 0.15) return 13 + next() * 5; // afternoon
    if (r < 0.35) return 18 + next() * 3; // early evening
    // the peak: a triangle centred on 23:30, from 20:30 to 03:30
    return 20.5 + (next() + next()) * 3.5;
  };
  return { next, int, pick, chance, hex, uuid, eveningHour };
}
type Rng = ReturnType<typeof prng>;

const FIRST = [
  'Ana',
  'Luis',
  'Marta',
  'Jorge',
  'Lucía',
  'Pablo',
  'Sara',
  'Diego',
  'Elena',
  'Hugo',
  'Irene',
  'Marco',
  'Giulia',
  'Luca',
  'Chloé',
  'Louis',
  'Emma',
  'Noah',
  'Olivia',
  'Liam',
  'Carmen',
  'Javier',
  'Nuria',
  'Álvaro',
];
const LAST = [
  'García',
  'Martínez',
  'López',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Rossi',
  'Bianchi',
  'Romano',
  'Martin',
  'Bernard',
  'Dubois',
  'Smith',
  'Jones',
  'Navarro',
  'Torres',
  'Ruiz',
  'Vidal',
  'Serra',
  'Moreno',
];
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const DEFAULT_ARTICLES = [
  { id: 1, price: 600 },
  { id: 2, price: 250 },
  { id: 3, price: 1000 },
  { id: 4, price: 350 },
  { id: 5, price: 1100 },
];

// ---------------------------------------------------------------------------------------------
// The venue: locations and their terminals (ids are the feed's plain integers)

interface Terminal {
  serial: string;
  type: DeviceType;
  model: string;
  location: number;
}
/** The grounds (entered from outside) and a zone inside them (a VIP area) people visit and leave. */
export interface SimZones {
  grounds: number;
  inner: number;
}

interface Venue {
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

function buildVenue(
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

// ---------------------------------------------------------------------------------------------
// Attendees and their days

interface Attendee {
  n: number;
  serial: string;
  codeCheck: string;
  name: string;
  email: string;
  ticket: string;
  localizer: string;
  role: number;
  cash: number;
  gift: number;
  validated: boolean;
}

interface Timed {
  at: number;
  location: number;
  /** Access ops must go to the totem, validations to the gate PDA. */
  type?: DeviceType;
  op: SyncOperationInput;
}

const HOUR = 3_600_000;
/** A terminal uploads at most this many operations per call (a backlog goes in several). */
const UPLOAD_CHUNK = 500;
const MINUTE = 60_000;

function makeAttendee(rng: Rng, n: number, seed: number, roles: SimRoles): Attendee {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  return {
    n,
    serial: `04${rng.hex(12).toUpperCase()}`,
    codeCheck: rng.hex(6).toUpperCase(),
    name: `${first} ${last}`,
    email: `${ascii(first)}.${ascii(last)}${n}@example.com`,
    ticket: `T${seed % 100}-${n.toString(36).toUpperCase().padStart(6, '0')}`,
    localizer: rng.hex(8).toUpperCase(),
    role: rng.chance(0.08) ? roles.vip : roles.general,
    cash: 0,
    gift: 0,
    validated: false,
  };
}

/** The operations of one festival day, in time order. */
function dayOperations(
  rng: Rng,
  venue: Venue,
  people: Attendee[],
  dayStart: number,
  lastDay: boolean,
  items: { id: number; price: number }[],
  serialFor: () => string,
  addons: SimAddon[] = [],
  menus: ReadonlyMap<number, SimMenu> = new Map(),
): Timed[] {
  const out: Timed[] = [];
  const iso = (t: number) => new Date(t).toISOString();
  const base = (t: number) => ({ id: rng.uuid(), deviceTime: iso(t) });
  /** An add-on applied to a wristband: its amounts and flags (the serial is set on the walk below). */
  const addonTopUp = (a: SimAddon, type: 'AV' | 'AM' | 'AS-CC', t: number) => ({
    kind: 'topup' as const,
    ...base(t),
    rfid: '',
    type,
    amount: a.amountCash,
    bonus: a.amountBonus,
    flags: a.flags,
    addonId: a.id,
  });

  // Staff presence: in before the gates open, out after closing.
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

  for (const p of people) {
    if (p.validated && rng.chance(0.12)) continue; // does not come today
    const ops: Timed[] = [];
    const arrive = dayStart + 3 * HOUR + Math.floor((rng.next() + rng.next()) * 3.5 * HOUR);
    const leave = Math.min(dayStart + 16 * HOUR, arrive + rng.int(3 * 60, 9 * 60) * MINUTE);
    const gate = rng.pick(venue.gates);
    const staffId = rng.pick(venue.staff);
    if (!p.validated) {
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
          op: { ...addonTopUp(a, 'AV', t + 2000), staffId, locationId: gate.location },
        });
      }
    }
    // Now and then the desk gives an add-on by hand (AM), or a card kiosk sells one (AS-CC: the card
    // pays the add-on's cash amount, which is loaded with its bonus).
    if (addons.length && rng.chance(0.03)) {
      const t = rng.int(arrive, leave);
      ops.push({
        at: t,
        location: venue.desk,
        op: { ...addonTopUp(rng.pick(addons), 'AM', t), staffId, locationId: venue.desk },
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
          ...addonTopUp(a, 'AS-CC', t),
          paymentType: 'T',
          money: a.amountCash,
          staffId: rng.pick(venue.staff),
          locationId: k,
        },
      });
    }
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
    const replaceAt = rng.chance(0.003) ? rng.int(arrive + HOUR, leave) : null;
    ops.sort((a, b) => a.at - b.at);

    // Walk the person's day in time order, keeping the chip balance as the terminals see it.
    let replaced = replaceAt === null;
    for (const x of ops) {
      if (!replaced && x.at >= replaceAt!) {
        replaced = true;
        const k = rng.pick(venue.kiosks);
        const next = serialFor();
        out.push({
          at: replaceAt!,
          location: k,
          type: 'CASH_KIOSK',
          op: {
            kind: 'wristbandChange',
            ...base(replaceAt!),
            sourceRfid: p.serial,
            endRfid: next,
            staffId,
            locationId: k,
          },
        });
        p.serial = next;
      }
      const op = x.op;
      if (op.kind === 'topup' || op.kind === 'roleRecording' || op.kind === 'access') op.rfid = p.serial;
      if (op.kind === 'topup') {
        p.cash += op.amount;
        p.gift += op.bonus ?? 0;
      }
      if (op.kind !== 'sale') {
        out.push(x);
        continue;
      }
      // What the location's menu shows (every article where it has none), each with its sticks.
      const menu = menus.get(x.location);
      const lines = Array.from({ length: rng.int(1, 3) }, () => {
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
      const total = lines.reduce((s, l) => s + l.price * (l.quantity - l.quantityGift), 0);
      // 0.4% of sales happen on a terminal working offline with a stale balance: they can go below zero.
      const stale = rng.chance(0.004);
      if (p.cash + p.gift < total && !stale) {
        const k = rng.pick(venue.kiosks);
        const t = Math.max(arrive, x.at - rng.int(2, 15) * MINUTE);
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
    // The last night: a quarter of those with money left ask for it back.
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
  return out.sort((a, b) => a.at - b.at);
}

// ---------------------------------------------------------------------------------------------
// Driving the API

interface Batch {
  terminal: Terminal;
  sendAt: number;
  ops: SyncOperationInput[];
  /** The sequence number of the terminal's last operation when it sends (fleet health). */
  lastSeq?: number;
}
interface Sending {
  terminal: Terminal;
  sendAt: number;
  ops: SyncOperationInput[];
  lastSeq?: number;
  /** Operations sent for the first time (the rest are re-sent). */
  fresh: number;
}

/** Cuts each terminal's operations into the batches it uploads: every few minutes, later when offline. */
function batchesOf(rng: Rng, venue: Venue, timed: Timed[], everyMs: number, kioskMs: number): Batch[] {
  const perTerminal = new Map<Terminal, Timed[]>();
  for (const x of timed) {
    const candidates = venue.byLocation.get(x.location) ?? venue.terminals;
    const typed = x.type ? candidates.filter((t) => t.type === x.type) : candidates;
    const choice = typed.length ? typed : candidates;
    const t = choice[choice.length === 1 ? 0 : rng.int(0, choice.length - 1)]!;
    const list = perTerminal.get(t);
    if (list) list.push(x);
    else perTerminal.set(t, [x]);
  }
  const batches: Batch[] = [];
  for (const [terminal, list] of perTerminal) {
    // Kiosks are cabled and upload top-ups at once; handhelds and totems every few minutes, and
    // now and then a handheld loses the network for a while.
    const kiosk = terminal.type === 'CASH_KIOSK' || terminal.type === 'CARD_KIOSK';
    const every = kiosk ? kioskMs : everyMs;
    let offlineUntil = 0;
    let current: Batch | null = null;
    for (const x of list) {
      const windowEnd = Math.ceil((x.at + 1) / every) * every;
      if (terminal.type === 'PDA' && windowEnd > offlineUntil && rng.chance(0.01)) {
        offlineUntil = windowEnd + rng.int(3, 12) * every;
      }
      const sendAt = Math.max(windowEnd, offlineUntil);
      if (!current || current.sendAt !== sendAt || current.ops.length >= UPLOAD_CHUNK) {
        current = { terminal, sendAt, ops: [] };
        batches.push(current);
      }
      current.ops.push(x.op);
    }
  }
  return batches.sort((a, b) => a.sendAt - b.sendAt);
}

/**
 * The demo's fleet incidents: the gap terminal loses three operations (sales or access, so no balance
 * depends on them) of one batch — they never arrive, while the sequence numbers after them do — and
 * the silent terminal sends nothing after `silentFrom` (two hours before the festival's last activity).
 * Answers whether the gap was made (once is enough).
 */
function applyIncidents(
  batches: Batch[],
  silentFrom: number,
  gap?: Terminal,
  silent?: Terminal,
  makeGap = true,
) {
  const kept = batches.filter((b) => !(b.terminal === silent && b.sendAt > silentFrom));
  if (!makeGap) return { kept, gapMade: false };
  const target = kept.find(
    (b) => b.terminal === gap && b.ops.filter((op) => op.kind === 'sale' || op.kind === 'access').length >= 3,
  );
  if (!target) return { kept, gapMade: false };
  const lost = new Set<SyncOperationInput>(
    target.ops.filter((op) => op.kind === 'sale' || op.kind === 'access').slice(0, 3),
  );
  target.ops = target.ops.filter((op) => !lost.has(op));
  return { kept, gapMade: true };
}

/** The last festival nights up to now: day 0 opens at 12:00 UTC, each night closes at 04:00 UTC. */
function defaultStart(days: number) {
  const now = Date.now();
  const lastClose = new Date(now);
  lastClose.setUTCHours(4, 0, 0, 0);
  if (lastClose.getTime() > now) lastClose.setUTCDate(lastClose.getUTCDate() - 1);
  return new Date(lastClose.getTime() - days * 24 * HOUR + 8 * HOUR);
}

export async function simulateFestival(
  target: FeedTarget,
  opts: SimulationOptions,
): Promise<SimulationReport> {
  const seed = opts.seed ?? 2026;
  const rng = prng(seed);
  const log = opts.log ?? (() => {});
  const venue = buildVenue(opts.wristbands, seed, opts.staff, opts.presenceLocation, {
    bars: opts.bars,
    kitchens: opts.kitchens,
    metres: opts.metres,
    zones: opts.zones,
    roles: opts.roles,
    roleFlags: opts.roleFlags,
    gates: opts.gates,
    innerGate: opts.innerGate,
    kiosks: opts.kiosks,
    desk: opts.desk,
  });
  const items = opts.articles?.length ? opts.articles : DEFAULT_ARTICLES;
  const menus = new Map((opts.menus ?? []).map((m) => [m.location, m]));
  const everyMs = (opts.syncEveryMinutes ?? 5) * MINUTE;
  const kioskMs =
    (opts.kioskSyncEveryMinutes ?? Math.max(1, Math.round((opts.syncEveryMinutes ?? 5) / 5))) * MINUTE;
  const start = opts.start ? new Date(opts.start) : defaultStart(opts.days);
  start.setUTCHours(12, 0, 0, 0);

  // Register the terminals and authenticate them.
  const syncs = new Map<Terminal, SyncFn>();
  for (const t of venue.terminals) {
    const secret = await target.register({
      n_serie: t.serial,
      model: t.model,
      type: t.type,
      description: `Simulated ${t.type} at location ${t.location}`,
      idEvent: opts.eventId,
      secretKey: `sim-secret-${seed}-${t.serial}`,
    });
    syncs.set(t, await target.connect(t.serial, secret));
  }
  log(`registered ${venue.terminals.length} terminals`);

  const people = Array.from({ length: opts.wristbands }, (_, n) =>
    makeAttendee(rng, n + 1, seed, venue.roles),
  );
  let spare = 0;
  const serialFor = () =>
    `05${(seed % 1000).toString(16).padStart(3, '0')}${(++spare).toString(16).padStart(9, '0')}`.toUpperCase();
  // Fleet health: each terminal numbers its operations (1, 2, 3…) and keeps the ban list it holds.
  const seqs = new Map<Terminal, number>();
  const banVersions = new Map<Terminal, number>();
  const oldApp = venue.terminals.find((t) => t.type === 'CARD_KIOSK');
  const gapTerminal = opts.fleetIncidents ? simGapTerminal(venue.terminals) : undefined;
  const silentTerminal = opts.fleetIncidents ? simSilentTerminal(venue.terminals) : undefined;
  // The festival's last activity: the end of the last night (04:00, 16 h after a day opens) or `until`.
  const lastActivity = Math.min(
    opts.until?.getTime() ?? Number.POSITIVE_INFINITY,
    start.getTime() + (opts.days - 1) * 24 * HOUR + 16 * HOUR,
  );
  const silentFrom = lastActivity - 2 * HOUR;
  let gapMade = false;
  const report: SimulationReport = {
    devices: venue.terminals.length,
    operations: 0,
    batches: 0,
    resentBatches: 0,
    accepted: 0,
    duplicates: 0,
    refused: 0,
    flagged: 0,
    seconds: 0,
    sendSeconds: 0,
    operationsPerSecond: 0,
  };
  const began = performance.now();
  let sendingMs = 0;
  const deadline = opts.maxSeconds ? began + opts.maxSeconds * 1000 : Number.POSITIVE_INFINITY;
  const count = (r: SyncResult) => {
    report.accepted += r.accepted.length;
    report.duplicates += r.duplicates.length;
    report.refused += r.refused.length;
    report.flagged += r.flagged.length;
  };

  for (let day = 0; day < opts.days && performance.now() < deadline; day++) {
    const dayStart = start.getTime() + day * 24 * HOUR;
    const all = dayOperations(
      rng,
      venue,
      people,
      dayStart,
      day === opts.days - 1,
      items,
      serialFor,
      opts.addons,
      menus,
    );
    const until = opts.until?.getTime();
    const timed = until === undefined ? all : all.filter((x) => x.at <= until);
    const numbered = batchesOf(rng, venue, timed, everyMs, kioskMs);
    for (const b of numbered) {
      for (const op of b.ops) {
        const n = (seqs.get(b.terminal) ?? 0) + 1;
        seqs.set(b.terminal, n);
        op.seq = n;
      }
      b.lastSeq = seqs.get(b.terminal) ?? 0;
    }
    let batches = numbered;
    if (opts.fleetIncidents) {
      const applied = applyIncidents(numbered, silentFrom, gapTerminal, silentTerminal, !gapMade);
      batches = applied.kept;
      gapMade ||= applied.gapMade;
    }
    // Batches go out in the order they are due, several at once, each terminal one after the
    // other (a terminal waits for the answer to its previous batch). 2% of answers are "lost"
    // (decided up front, so a seed stays deterministic): the terminal sends the same batch again,
    // or keeps its operations and sends them again with its next batch.
    const queue: Sending[] = [];
    const carry = new Map<Terminal, SyncOperationInput[]>();
    for (const b of batches) {
      const pending = carry.get(b.terminal) ?? [];
      carry.delete(b.terminal);
      const sending: Sending = {
        terminal: b.terminal,
        sendAt: b.sendAt,
        ops: [...pending, ...b.ops],
        fresh: b.ops.length,
        lastSeq: b.lastSeq,
      };
      queue.push(sending);
      if (rng.chance(0.02)) {
        if (rng.chance(0.5)) queue.push({ ...sending, fresh: 0 });
        else carry.set(b.terminal, sending.ops);
      }
    }
    for (const [terminal, ops] of carry)
      queue.push({ terminal, sendAt: Number.MAX_SAFE_INTEGER, ops, fresh: 0 });
    const inFlight = new Map<Terminal, Promise<void>>();
    let next = 0;
    const worker = async () => {
      while (next < queue.length && performance.now() < deadline) {
        const b = queue[next++]!;
        const previous = inFlight.get(b.terminal);
        const run = (async () => {
          if (previous) await previous;
          const app = b.terminal === oldApp ? SIM_OLD_APP : SIM_APP;
          const result = await syncs.get(b.terminal)!(b.ops, {
            appVersion: app.name,
            appVersionCode: app.code,
            pendingOperations: 0,
            lastSeq: b.lastSeq ?? b.ops.reduce((m, op) => Math.max(m, op.seq ?? 0), 0),
            banListVersion: banVersions.get(b.terminal) ?? 0,
          });
          if (result.banList) banVersions.set(b.terminal, result.banList.version);
          opts.onContact?.(b.terminal.serial, new Date(Math.min(b.sendAt, Date.now())));
          count(result);
          report.batches++;
          report.operations += b.fresh;
          if (b.fresh === 0) report.resentBatches++;
        })();
        inFlight.set(b.terminal, run);
        await run;
      }
    };
    await opts.onUpload?.('start');
    const t0 = performance.now();
    await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
    sendingMs += performance.now() - t0;
    await opts.onUpload?.('end');
    log(
      `day ${day + 1}/${opts.days}: ${timed.length} operations in ${batches.length} batches (${report.accepted} accepted, ${report.duplicates} duplicates so far)`,
    );
  }
  // Fleet incidents: every terminal but the silent one still reports at the festival's last activity
  // (a heartbeat: a sync with no operations), as idle terminals do.
  if (opts.fleetIncidents && performance.now() < deadline) {
    for (const t of venue.terminals) {
      if (t === silentTerminal) continue;
      const app = t === oldApp ? SIM_OLD_APP : SIM_APP;
      const result = await syncs.get(t)!([], {
        appVersion: app.name,
        appVersionCode: app.code,
        pendingOperations: 0,
        lastSeq: seqs.get(t) ?? 0,
        banListVersion: banVersions.get(t) ?? 0,
      });
      if (result.banList) banVersions.set(t, result.banList.version);
      opts.onContact?.(t.serial, new Date(Math.min(lastActivity, Date.now())));
    }
  }
  report.seconds = (performance.now() - began) / 1000;
  report.sendSeconds = sendingMs / 1000;
  report.operationsPerSecond = Math.round(report.operations / Math.max(report.sendSeconds, 0.001));
  return report;
}

/** The articles of an event for the bars (the demo's own; synthetic ids when it has none). */
export async function eventArticles(db: Db, eventId: number) {
  const rows = await db
    .select({ id: articles.id, price: articles.basePrice })
    .from(articles)
    .where(eq(articles.eventId, eventId));
  return rows.filter((r) => r.price > 0);
}

/**
 * The menus of an event's locations as their terminals sell them: the visible articles with a price,
 * in menu order, and the sticks with the price of their article on that menu.
 */
export async function eventMenus(db: Db, eventId: number): Promise<SimMenu[]> {
  const [items, sticks] = await Promise.all([
    db
      .select({
        location: locationArticles.locationId,
        id: locationArticles.articleId,
        price: locationArticles.price,
        visible: locationArticles.visible,
      })
      .from(locationArticles)
      .where(eq(locationArticles.eventId, eventId))
      .orderBy(asc(locationArticles.locationId), asc(locationArticles.sortOrder), asc(locationArticles.id)),
    db
      .select({
        location: locationArticleSticks.locationId,
        parent: locationArticleSticks.articleId,
        child: locationArticleSticks.stickArticleId,
        quantity: locationArticleSticks.quantity,
      })
      .from(locationArticleSticks)
      .where(eq(locationArticleSticks.eventId, eventId))
      .orderBy(asc(locationArticleSticks.id)),
  ]);
  const price = new Map(items.map((i) => [`${i.location}:${i.id}`, i.price]));
  return [...new Set(items.map((i) => i.location))].map((location) => ({
    location,
    items: items
      .filter((i) => i.location === location && i.visible === 1 && i.price > 0)
      .map(({ id, price }) => ({ id, price })),
    sticks: sticks
      .filter((s) => s.location === location && price.has(`${location}:${s.child}`))
      .map(({ parent, child, quantity }) => ({
        parent,
        child,
        quantity,
        price: price.get(`${location}:${child}`)!,
      })),
  }));
}

/** The add-ons of an event with the flags they grant (the simulator's terminals apply them). */
export async function eventAddons(db: Db, eventId: number): Promise<SimAddon[]> {
  const [rows, links] = await Promise.all([
    db
      .select({ id: addons.id, amountCash: addons.amountCash, amountBonus: addons.amountBonus })
      .from(addons)
      .where(eq(addons.eventId, eventId))
      .orderBy(asc(addons.id)),
    db
      .select({ addonId: addonFlags.addonId, flagId: addonFlags.flagId })
      .from(addonFlags)
      .where(eq(addonFlags.eventId, eventId)),
  ]);
  return rows.map((a) => ({
    ...a,
    flags: links.filter((l) => l.addonId === a.id).map((l) => l.flagId),
  }));
}

/** The staff ids of an event (the simulator's terminals are worked by them when there are any). */
export async function eventStaff(db: Db, eventId: number) {
  const rows = await db
    .select({ id: staff.id })
    .from(staff)
    .where(eq(staff.eventId, eventId))
    .orderBy(asc(staff.id));
  return rows.map((r) => r.id);
}

/**
 * The event's first top-level zone that has a sub-zone, and that sub-zone (the gates lead into the
 * grounds and from there into it); undefined when the event has none (ids 1 and 2 are used).
 */
export async function eventZones(db: Db, eventId: number): Promise<SimZones | undefined> {
  const inner = alias(zones, 'inner');
  const [row] = await db
    .select({ grounds: zones.id, inner: inner.id })
    .from(zones)
    .innerJoin(inner, eq(inner.parentId, zones.id))
    .where(and(eq(zones.eventId, eventId), isNull(zones.parentId)))
    .orderBy(asc(zones.idUnique), asc(inner.idUnique))
    .limit(1);
  return row;
}

/** The event's first location with the presence activity (P), where its staff check in and out. */
export async function eventPresenceLocation(db: Db, eventId: number) {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.eventId, eventId), sql`'P' = any(${locations.activities})`))
    .orderBy(asc(locations.id))
    .limit(1);
  return row?.id;
}

/**
 * Where the event's sales happen: its active sale locations (activity V) without a kitchen are the
 * bars; its kitchens (with the rooms they serve) take metre orders, which its metres (trust M) take.
 * Empty lists leave the simulator's synthetic bars.
 */
export async function eventSalePlaces(db: Db, eventId: number) {
  const [sale, kitchenRows, links, metreRows] = await Promise.all([
    db
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(
          eq(locations.eventId, eventId),
          sql`'V' = any(${locations.activities})`,
          sql`${locations.inactiveAt} is null`,
        ),
      )
      .orderBy(asc(locations.id)),
    db
      .select({ id: kitchens.id, locationId: kitchens.locationId })
      .from(kitchens)
      .where(eq(kitchens.eventId, eventId))
      .orderBy(asc(kitchens.id)),
    db
      .select({ kitchenId: kitchenRooms.kitchenId, roomId: kitchenRooms.roomId })
      .from(kitchenRooms)
      .where(eq(kitchenRooms.eventId, eventId))
      .orderBy(asc(kitchenRooms.kitchenId), asc(kitchenRooms.roomId)),
    db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.eventId, eventId), sql`position('M' in ${staff.trusts}) > 0`))
      .orderBy(asc(staff.id)),
  ]);
  const kitchenPlaces = new Set(kitchenRows.map((k) => k.locationId));
  return {
    bars: sale.map((l) => l.id).filter((id) => !kitchenPlaces.has(id)),
    kitchens: kitchenRows.map((k) => ({
      ...k,
      rooms: links.filter((l) => l.kitchenId === k.id).map((l) => l.roomId),
    })),
    metres: metreRows.map((m) => m.id),
  };
}

/**
 * Who comes in and where, from the event's access setup: its first three ticket roles (by id) are
 * the general, VIP and crew tickets (fewer: the last one stands in; none: synthetic ids), its first
 * flag (by number) is what a role recording grants; its active gates with a location from outside
 * into the grounds are the entrances, and its first such gate from the grounds into the inner zone is
 * where people go in there (none: the synthetic gates).
 */
export async function eventAccess(
  db: Db,
  eventId: number,
  zones: SimZones | undefined,
): Promise<Pick<SimulationOptions, 'roles' | 'roleFlags' | 'gates' | 'innerGate'>> {
  const [roleRows, flagRows, gateRows] = await Promise.all([
    db.select({ id: rols.id }).from(rols).where(eq(rols.eventId, eventId)).orderBy(asc(rols.id)),
    db
      .select({ id: flags.id })
      .from(flags)
      .where(eq(flags.eventId, eventId))
      .orderBy(asc(flags.flagNumber))
      .limit(1),
    db
      .select({ gate: gates.id, location: gates.locationId, from: gates.zoneFromId, to: gates.zoneToId })
      .from(gates)
      .where(and(eq(gates.eventId, eventId), eq(gates.active, 1), isNotNull(gates.locationId)))
      .orderBy(asc(gates.id)),
  ]);
  const ids = roleRows.map((r) => r.id);
  const roles = ids.length
    ? { general: ids[0]!, vip: ids[1] ?? ids.at(-1)!, crew: ids[2] ?? ids.at(-1)! }
    : undefined;
  const gate = (g: (typeof gateRows)[number]) => ({ location: g.location!, gate: g.gate });
  const entrances = zones ? gateRows.filter((g) => g.from === null && g.to === zones.grounds) : [];
  const inner = zones ? gateRows.find((g) => g.from === zones.grounds && g.to === zones.inner) : undefined;
  return {
    ...(roles ? { roles } : {}),
    roleFlags: flagRows.map((f) => f.id),
    ...(entrances.length ? { gates: entrances.map(gate) } : {}),
    ...(inner ? { innerGate: gate(inner) } : {}),
  };
}

/**
 * Where money is loaded: the event's active kiosk locations (activity K) and its first active top-up
 * location (C) that is not a kiosk, the desk; without them the synthetic ids are used.
 */
export async function eventTopUpPlaces(
  db: Db,
  eventId: number,
): Promise<Pick<SimulationOptions, 'kiosks' | 'desk'>> {
  const rows = await db
    .select({ id: locations.id, activities: locations.activities })
    .from(locations)
    .where(and(eq(locations.eventId, eventId), isNull(locations.inactiveAt)))
    .orderBy(asc(locations.id));
  const kiosks = rows.filter((l) => l.activities.includes('K')).map((l) => l.id);
  const desk = rows.find((l) => l.activities.includes('C') && !l.activities.includes('K'))?.id;
  return { kiosks, ...(desk ? { desk } : {}) };
}

/**
 * The first start of the demo: a small festival (150 wristbands) from the event's opening up to
 * now (at most 2 nights), recorded through the sync service, so the customer lookup, extracts and
 * reports show data. A few seconds.
 */
export async function simulateDemo(db: Db, eventId: number) {
  const [event] = await db.select({ start: events.dateStart }).from(events).where(eq(events.id, eventId));
  const now = Date.now();
  const opened = event && event.start.getTime() < now - HOUR ? event.start : null;
  const days = opened ? Math.min(2, Math.max(1, Math.ceil((now - opened.getTime()) / (24 * HOUR)))) : 2;
  const zones = await eventZones(db, eventId);
  // The terminals' last contact is when they synced in the simulated festival, not this start-up.
  const contacts = new Map<string, Date>();
  const report = await simulateFestival(serviceTarget(db), {
    fleetIncidents: true,
    onContact: (serial, at) => contacts.set(serial, at),
    eventId,
    wristbands: 150,
    days,
    seed: 42,
    syncEveryMinutes: 60,
    kioskSyncEveryMinutes: 20,
    articles: await eventArticles(db, eventId),
    menus: await eventMenus(db, eventId),
    addons: await eventAddons(db, eventId),
    staff: await eventStaff(db, eventId),
    presenceLocation: await eventPresenceLocation(db, eventId),
    zones,
    ...(await eventAccess(db, eventId, zones)),
    ...(await eventTopUpPlaces(db, eventId)),
    ...(await eventSalePlaces(db, eventId)),
    ...(opened ? { start: opened, until: new Date(now) } : {}),
  });
  for (const [serial, at] of contacts) {
    await db.update(devices).set({ lastContactAt: at }).where(eq(devices.nSerie, serial));
  }
  return report;
}
