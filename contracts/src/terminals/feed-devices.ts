/**
 * The terminal feed's devices: signing in (POST /device/auth), a device as the API returns it,
 * registering one, and redeeming the event's configuration QR (POST /device/redeem).
 */
import { z } from 'zod';
import { id } from '../inputs';
import { DEVICE_SECRET_MIN, DEVICE_TYPES } from './feed';

export const DeviceAuthRequest = z.object({
  serial: z.string().trim().min(1).max(64),
  secretKey: z.string().min(1).max(200),
});
export type DeviceAuthRequest = z.infer<typeof DeviceAuthRequest>;

export const DeviceAuthResult = z.object({
  token: z.string(),
  /** Seconds the token is valid. */
  expiresIn: z.number().int(),
  device: z.object({
    id: z.number().int(),
    n_serie: z.string(),
    type: z.enum(DEVICE_TYPES),
    model: z.string().nullable(),
  }),
  event: z.object({ id: z.number().int(), name: z.string(), zona_horaria: z.string() }),
});
export type DeviceAuthResult = z.infer<typeof DeviceAuthResult>;

/**
 * The secret key is the server's to make (02-catalogue §3 Device, as the registry): a body that types
 * one is refused on the field, never stored.
 */
export const serverMadeKey = z
  .unknown()
  .refine((v) => v === undefined, { error: 'validation.serverMadeKey' })
  .optional();

/** 02-catalogue §3 Device, as the API returns it. */
export const Device = z.object({
  id: z.number().int(),
  n_serie: z.string(),
  model: z.string().nullable(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  type: z.enum(DEVICE_TYPES),
  owner: z.string().nullable(),
  dateInactive: z.string().nullable(),
  configured: z.union([z.literal(0), z.literal(1)]),
  idEvent: z.number().int().nullable(),
  lastContact: z.string().nullable(),
  /** End of the authorisation a redeemed configuration QR granted (null: no end). */
  authorizedUntil: z.string().nullable(),
});
export type Device = z.infer<typeof Device>;

/**
 * Registers a device (or re-keys it when the serial exists) and assigns it to an event. Without a
 * secret key the server generates one; either way the key is answered once and stored hashed.
 */
export const DeviceRegister = z.object({
  n_serie: z.string().trim().min(1).max(64),
  model: z.string().trim().max(100).optional(),
  description: z.string().trim().max(200).optional(),
  type: z.enum(DEVICE_TYPES).default('PDA'),
  idEvent: id(),
  secretKey: z.string().min(DEVICE_SECRET_MIN).max(200).optional(),
});
export type DeviceRegister = z.input<typeof DeviceRegister>;

export const DeviceRegistered = z.object({ device: Device, secretKey: z.string() });
export type DeviceRegistered = z.infer<typeof DeviceRegistered>;

/**
 * POST /device/redeem: a terminal configures itself by redeeming the event's configuration QR
 * (01-console §5 Generate QR), scanned with or without its prefix, naming its own serial.
 */
export const DeviceRedeemRequest = z.object({
  qr: z.string().trim().min(1).max(8000),
  serial: z.string().trim().min(1).max(64),
  model: z.string().trim().max(100).optional(),
  description: z.string().trim().max(200).optional(),
  /** Without it a known device keeps its type and a new one is a PDA. */
  type: z.enum(DEVICE_TYPES).optional(),
});
export type DeviceRedeemRequest = z.infer<typeof DeviceRedeemRequest>;

/**
 * The credentials of a redeemed device: a fresh secret key (answered once; with the serial it signs
 * in at POST /device/auth until `authorizedUntil`) and a device token for POST /device/sync now.
 */
export const DeviceRedeemResult = DeviceAuthResult.extend({
  secretKey: z.string(),
  /** The authorisation the code grants, counted from now. */
  authorizedUntil: z.string(),
  /** The server the code names (where the terminal syncs). */
  serverUrl: z.string(),
});
export type DeviceRedeemResult = z.infer<typeof DeviceRedeemResult>;

/**
 * GET /device/wristband/:serial: what a terminal learns of a wristband before it charges it (web
 * terminals read the chip's serial only, the balances live on the server): the balances recorded so
 * far, and its bans (01-console banned wristbands). An unknown serial has zero balances.
 */
export const DeviceWristband = z.object({
  serial: z.string(),
  known: z.boolean(),
  cash: z.number().int(),
  gift: z.number().int(),
  bannedTerminals: z.boolean(),
  bannedTopUps: z.boolean(),
  /** Replaced by another wristband (a wristband change moved its balances away): not used again. */
  replaced: z.boolean(),
  /** The top-ups recorded on it (a top-up's number for its bonuses and fees is this + 1). */
  topUps: z.number().int(),
  /** What a gate decides by: its ticket role (null: none recorded) and flags. */
  roleId: z.number().int().nullable(),
  flags: z.array(z.number().int()),
  /** The zone its last accepted passage led into (null: never through a gate). */
  lastZone: z.number().int().nullable(),
  /** Its latest accepted entries (S, W; at most ACCESS_ENTRIES_KEPT): the zone and the instant. */
  entries: z.array(z.object({ zoneId: z.number().int(), at: z.string() })),
});
/** How many of a wristband's latest extract lines a kiosk shows. */
export const WRISTBAND_HISTORY_KEPT = 20;
/**
 * GET /device/wristband/:serial/history: the wristband's latest lines of the console's extract (at most
 * WRISTBAND_HISTORY_KEPT, newest first) for a kiosk: when, what (the extract's operation, and a
 * top-up's operation type code: N, D, N-RS…), the change of its balances and the balance after it
 * (cents), and where. An unknown serial has none.
 */
export const DeviceWristbandHistory = z.array(
  z.object({
    date: z.string(),
    /** The extract's EXTRACT_OPERATIONS (customers; named here as text, since customers reads this file). */
    operation: z.string(),
    type: z.string(),
    amount: z.number().int(),
    balance: z.number().int(),
    location: z.string().nullable(),
  }),
);
export type DeviceWristbandHistory = z.infer<typeof DeviceWristbandHistory>;

/**
 * GET /device/occupancy: the people in each zone with capacity control now (the capacities report's
 * count since the zone's last reset), so a gate online decides by live counts.
 */
export const DeviceOccupancy = z.object({
  at: z.string(),
  zones: z.array(z.object({ zoneId: z.number().int(), inside: z.number().int() })),
});
export type DeviceOccupancy = z.infer<typeof DeviceOccupancy>;

/**
 * GET /device/ticket/:code: a ticket of the device's event as a gate validates it (an unknown or
 * cancelled code is an error, ticketNotFound or ticketCancelled): its role, its holder's name, and the
 * wristband it is already bound to (null: not yet validated).
 */
export const DeviceTicket = z.object({
  code: z.string(),
  roleId: z.number().int().nullable(),
  holder: z.string().nullable(),
  boundTo: z.string().nullable(),
});
export type DeviceTicket = z.infer<typeof DeviceTicket>;
/** A ticket's code as a gate types or scans it (the ticketValidation operation's ticketCode). */
export const DeviceTicketCode = z.string().trim().min(1).max(64);

/** How many of a wristband's latest entries its lookup carries (enough for any entry limit). */
export const ACCESS_ENTRIES_KEPT = 100;
export type DeviceWristband = z.infer<typeof DeviceWristband>;
