/**
 * The shape of a simulated festival: what a simulation is asked for (the event, its size and days,
 * the event's places, menus, add-ons and staff) and what it reports.
 */

/** What a simulation is asked for: the event, its size and days, and where its places are. */
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
  /**
   * The attendee (by number, from 1) whose last day is always the same, whatever the hour the
   * simulation stops: the README's demo wristband (see `storyDay`).
   */
  story?: number;
  /** Called with each sync's (simulated) send time, per terminal serial. */
  onContact?: (serial: string, at: Date) => void;
}

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

/** The grounds (entered from outside) and a zone inside them (a VIP area) people visit and leave. */
export interface SimZones {
  grounds: number;
  inner: number;
}
