import { z } from 'zod';
import { keyed, required } from '../catalogue/rule-fields';
import { instant as dateInRange, INT4_MAX, queryFlag, queryId, queryInt } from '../inputs';
import { AppChannel } from './app-versions';
import { DEVICE_TYPES, type DeviceType } from './feed';
import { Device, serverMadeKey } from './feed-devices';

/**
 * The device registry (admin/configuration/devices, admins; 02-catalogue §3 Device) and fleet health
 * (admin/status/devices): every terminal the organisation owns, across events. docs/decisions/terminals.md
 * "Device registry and fleet health".
 */

const flag01 = z.union([z.literal(0), z.literal(1)]);

/** A terminal of the registry: the device, its event's name, and whether it holds a secret key. */
export const RegistryDevice = Device.extend({
  eventName: z.string().nullable(),
  hasKey: z.boolean(),
  createdAt: z.string(),
});
export type RegistryDevice = z.infer<typeof RegistryDevice>;

/** GET /global/devices: every terminal, and the open events one may be assigned to. */
export const RegistryList = z.object({
  devices: z.array(RegistryDevice),
  events: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type RegistryList = z.infer<typeof RegistryList>;

/** One stay of a terminal in an event (the newest first). */
export const DeviceAssignment = z.object({
  idEvent: z.number().int(),
  eventName: z.string(),
  assignedAt: z.string(),
  /** Null while it is still assigned. */
  unassignedAt: z.string().nullable(),
});
export type DeviceAssignment = z.infer<typeof DeviceAssignment>;

export const RegistryDeviceDetail = z.object({
  device: RegistryDevice,
  assignments: z.array(DeviceAssignment),
});
export type RegistryDeviceDetail = z.infer<typeof RegistryDeviceDetail>;

/**
 * POST /global/devices {device}: no id creates (a secret key is made and answered once), an id
 * updates. `idEvent` assigns the terminal to an event (null: unassigned; the terminal API refuses it).
 * Moving it to another event makes its device tokens stop working (it signs in again).
 */
export const RegistryDeviceSave = z.object({
  id: z.number(keyed).int().positive().max(INT4_MAX).optional(),
  n_serie: z.string(keyed).trim().min(1, required).max(64),
  model: z.string(keyed).trim().max(100).optional(),
  description: z.string(keyed).trim().max(200).optional(),
  notes: z.string(keyed).trim().max(1000).optional(),
  type: z.enum(DEVICE_TYPES, keyed).default('PDA'),
  owner: z.string(keyed).trim().max(100).optional(),
  dateInactive: dateInRange().nullable().optional(),
  configured: flag01.default(0),
  idEvent: z.number(keyed).int().positive().max(INT4_MAX).nullable().optional(),
  secretKey: serverMadeKey,
});
export type RegistryDeviceSave = z.input<typeof RegistryDeviceSave>;
export const RegistryDeviceSaveRequest = z.object({ device: RegistryDeviceSave });

/** A saved terminal, and its secret key when one was made now (this once only). */
export const RegistryDeviceSaved = z.object({ device: RegistryDevice, secretKey: z.string().nullable() });
export type RegistryDeviceSaved = z.infer<typeof RegistryDeviceSaved>;

/** POST /global/devices/{id}/key: a new secret key (the old one and every device token stop working). */
export const DeviceKeyRotated = z.object({ device: RegistryDevice, secretKey: z.string() });
export type DeviceKeyRotated = z.infer<typeof DeviceKeyRotated>;

// ---------------------------------------------------------------------------------------------
// Bulk import (CSV or XLSX read in the browser; each row checked on its own, here and on the server)

/** The columns of an import file, in order (a header line with these names may reorder them). */
export const DEVICE_IMPORT_COLUMNS = ['n_serie', 'model', 'type', 'description', 'owner', 'notes'] as const;
export type DeviceImportColumn = (typeof DEVICE_IMPORT_COLUMNS)[number];
/** The most rows one import may carry. */
export const DEVICE_IMPORT_MAX_ROWS = 5000;

/** A row as read from the file: every cell text (empty: not given). */
export const DeviceImportRowInput = z.object({
  /** The row's line in the file (1-based, the header counted), named in its errors. */
  line: z.number().int().min(1).max(1_000_000),
  n_serie: z.string().max(1000),
  model: z.string().max(1000).default(''),
  type: z.string().max(1000).default(''),
  description: z.string().max(1000).default(''),
  owner: z.string().max(1000).default(''),
  notes: z.string().max(4000).default(''),
});
export type DeviceImportRowInput = z.input<typeof DeviceImportRowInput>;

/** A row that passed its checks: what the registry stores. */
export const DeviceImportRow = z.object({
  n_serie: z.string(keyed).trim().min(1, required).max(64),
  model: z.string(keyed).trim().max(100),
  type: z
    .string()
    .trim()
    .transform((v) => (v === '' ? 'PDA' : v.toUpperCase().replace(/[\s-]+/g, '_')))
    .pipe(z.enum(DEVICE_TYPES, { error: 'validation.deviceType' })),
  description: z.string(keyed).trim().max(200),
  owner: z.string(keyed).trim().max(100),
  notes: z.string(keyed).trim().max(1000),
});
export type DeviceImportRow = z.output<typeof DeviceImportRow>;

export const DeviceImportRequest = z.object({
  rows: z.array(DeviceImportRowInput).min(1).max(DEVICE_IMPORT_MAX_ROWS),
  /**
   * Check only (the preview): every check the import makes, a serial already registered included,
   * answered as the import would (`created`: how many rows it would register), nothing written.
   */
  dryRun: z.boolean().default(false),
});

/** Why a row was not imported. */
export const DEVICE_IMPORT_REASONS = ['invalid', 'duplicateInFile', 'serialTaken'] as const;

export const DeviceImportRowResult = z.object({
  line: z.number().int(),
  n_serie: z.string(),
  reason: z.enum(DEVICE_IMPORT_REASONS),
  /** The words of the refusal in the request's language. */
  description: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string(), text: z.string() })).optional(),
});
export type DeviceImportRowResult = z.infer<typeof DeviceImportRowResult>;

/** The good rows are created (unassigned, without a key: a configuration QR gives both); the bad named. */
export const DeviceImportResult = z.object({
  created: z.number().int(),
  refused: z.array(DeviceImportRowResult),
});
export type DeviceImportResult = z.infer<typeof DeviceImportResult>;

export type DeviceImportCheck =
  | { ok: true; line: number; row: DeviceImportRow }
  | {
      ok: false;
      line: number;
      n_serie: string;
      reason: (typeof DEVICE_IMPORT_REASONS)[number];
      /** A validation-catalogue key (with its parameters after `|`) per field. */
      fields: { path: string; message: string }[];
    };

/**
 * The checks of every row on its own (the browser's preview and the server apply the same): its
 * fields, then a serial repeated in the file (ignoring case; the first one wins, the later ones name
 * it). Serials already registered are the server's to find.
 */
export function checkDeviceImportRows(raws: DeviceImportRowInput[]): DeviceImportCheck[] {
  const seen = new Map<string, number>();
  return raws.map((input): DeviceImportCheck => {
    const raw = DeviceImportRowInput.parse(input);
    const parsed = DeviceImportRow.safeParse(raw);
    const serial = raw.n_serie.trim();
    if (!parsed.success) {
      return {
        ok: false,
        line: raw.line,
        n_serie: serial,
        reason: 'invalid',
        fields: parsed.error.issues.map((i) => ({
          path: i.path.join('.'),
          message: i.message.startsWith('validation.') ? i.message : 'validation.invalid',
        })),
      };
    }
    const key = parsed.data.n_serie.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      return {
        ok: false,
        line: raw.line,
        n_serie: serial,
        reason: 'duplicateInFile',
        fields: [
          {
            path: 'n_serie',
            message: `validation.deviceImportDuplicate|${JSON.stringify({ serial, line: first })}`,
          },
        ],
      };
    }
    seen.set(key, raw.line);
    return { ok: true, line: raw.line, row: parsed.data };
  });
}

// ---------------------------------------------------------------------------------------------
// Fleet health (admin/status/devices)

/** A terminal of the event with what its syncs said of it. */
export const FleetDevice = Device.extend({
  appVersion: z.string().nullable(),
  appVersionCode: z.number().int().nullable(),
  /** The software channel it follows (what its last sync said; production when it never said). */
  appChannel: AppChannel,
  /** The latest enabled app version of the terminal's channel (null: none known). */
  latestAppVersion: z.string().nullable(),
  /** True when it runs an older app than the latest (null: unknown). */
  outdated: z.boolean().nullable(),
  /** Operations recorded from it since midnight in the event's time zone. */
  operationsToday: z.number().int(),
  /** What it said at its last sync (null: it never said). */
  pendingOperations: z.number().int().nullable(),
  lastSeq: z.number().int().nullable(),
  /** Operations made on it that never arrived (gaps in its sequence numbers). */
  missingOperations: z.number().int(),
  banListVersion: z.number().int(),
  /** True when it holds the latest banned-wristband list. */
  banListCurrent: z.boolean(),
  /** Minutes since its last contact (null: never). */
  silentMinutes: z.number().int().nullable(),
});
export type FleetDevice = z.infer<typeof FleetDevice>;

export const FleetQuery = z.object({
  /** Only terminals silent (no contact) for more than this many minutes, or never seen. */
  silentMinutes: queryInt(1, 100_000).optional(),
  outdated: queryFlag().optional(),
  gaps: queryFlag().optional(),
  banListMissing: queryFlag().optional(),
});
export type FleetQuery = z.input<typeof FleetQuery>;

export const FleetAnswer = z.object({
  devices: z.array(FleetDevice),
  /** The latest banned-wristband list version. */
  banListVersion: z.number().int(),
  /** The event's terminals before the filters (the list is the filtered ones). */
  total: z.number().int(),
  now: z.string(),
});
export type FleetAnswer = z.infer<typeof FleetAnswer>;

/** A ban's reach: how many of the event's active terminals hold it. */
export const BanReach = z.object({
  /** The ban's id (banned_wristbands). */
  id: z.number().int(),
  reached: z.number().int(),
  total: z.number().int(),
});
export type BanReach = z.infer<typeof BanReach>;

export const BanReachQuery = z.object({
  /** The event whose active terminals count; without it, every active terminal of every event. */
  idEvent: queryId().optional(),
});

export const isDeviceType = (v: string): v is DeviceType => (DEVICE_TYPES as readonly string[]).includes(v);
