import { z } from 'zod';
import { TRUST_LETTERS, type TrustLetter } from '../access/permissions';
import { instant as dateInRange, id, wireIdList } from '../inputs';
import { STAFF_PIN } from '../terminals/staff-pin';
import { VenueOption } from './gates';

/**
 * Terminal staff of an event (02-catalogue §2 Staff manual upload, §3 Staff, §4, §5 Staff import, §9;
 * 01-console §2 admin/events staffs and staffsImport, permission staff). The spec names no staff calls:
 * GET /staff, POST /staff {staff} (an id updates, none creates) and DELETE /staff/{id} are our design
 * (docs/decisions/venue.md), beside the spec's POST /massive-import/staffs {staff:[rows]}.
 */

const required = { error: 'validation.required' } as const;
const flag01 = z.union([z.literal(0), z.literal(1)]);
const isoDate = dateInRange();

export const STAFF_USER_MAX = 100;
export const STAFF_NAME_MAX = 150;
export const STAFF_RFID_MAX = 50;
/** 02-catalogue §9: staff intern 1 by default. */
export const STAFF_DEFAULTS = { intern: 1 } as const;
/** The most rows one import may carry (the body stays well under the import route's limit). */
export const STAFF_IMPORT_MAX_ROWS = 10_000;

/** The 15 trust letters in their canonical order (C S T V R A G P X H B M K O D). */
export const TRUST_LETTER_LIST = Object.keys(TRUST_LETTERS) as TrustLetter[];
const TRUSTS_PATTERN = new RegExp(`^[${TRUST_LETTER_LIST.join('')}]+$`);

/** Letters upper-cased, duplicates dropped, in the canonical order. */
export const normaliseTrusts = (v: string) => {
  const upper = v.toUpperCase();
  return TRUST_LETTER_LIST.filter((l) => upper.includes(l)).join('');
};
export const isTrusts = (v: string) => TRUSTS_PATTERN.test(v.toUpperCase());

/** A trust string: at least one letter, only the 15 letters (any case; stored upper-case, in order). */
export const trustsSchema = () =>
  z
    .string()
    .trim()
    .min(1, { ...required, abort: true })
    .max(60)
    .refine(isTrusts, { error: 'validation.trusts', abort: true })
    .transform(normaliseTrusts);

/**
 * Ids of locations or rooms: null (or left out) means all of them (the spec's "%"); a list names some.
 * An empty list is refused: choose some, or all.
 */
const idList = () =>
  z
    .array(id())
    .min(1, { error: 'validation.chooseSomeOrAll' })
    .max(1000)
    .transform((v) => [...new Set(v)].sort((a, b) => a - b));

export const Staff = z.object({
  id: z.number().int(),
  idEvent: z.number().int(),
  user: z.string(),
  name: z.string(),
  rfid: z.string().nullable(),
  /** Whether a PIN is set (never the PIN nor its hash). */
  hasPin: z.boolean(),
  intern: flag01,
  dateInactive: isoDate.nullable(),
  trusts: z.string(),
  /** Location ids; null means all. */
  idsLocation: z.array(z.number().int()).nullable(),
  /** Room ids; null means all. */
  availableRooms: z.array(z.number().int()).nullable(),
  date_update: z.string(),
});
export type Staff = z.infer<typeof Staff>;

/**
 * The body of POST /staff {staff}. A save replaces the item: an optional field left out is stored
 * empty (rfid, inactive date) or "all" (locations, rooms).
 */
export const StaffSave = z.object({
  id: id().optional(),
  user: z.string().trim().min(1, required).max(STAFF_USER_MAX),
  name: z.string().trim().min(1, required).max(STAFF_NAME_MAX),
  rfid: z.string().trim().max(STAFF_RFID_MAX).nullable().optional(),
  /**
   * The PIN to sign in on a terminal, write-only: 4 to 8 digits set it, null or '' clears it, left
   * out keeps the one set (the one field a save does not replace: the console never has it back).
   */
  pin: z
    .union([z.string().trim().regex(STAFF_PIN, { error: 'validation.staffPin' }), z.literal(''), z.null()])
    .optional(),
  intern: flag01.default(STAFF_DEFAULTS.intern),
  dateInactive: isoDate.nullable().optional(),
  trusts: trustsSchema(),
  idsLocation: wireIdList(idList().nullable(), null).optional(),
  availableRooms: wireIdList(idList().nullable(), null).optional(),
});
export type StaffSave = z.infer<typeof StaffSave>;
export type StaffSaveInput = z.input<typeof StaffSave>;
export const StaffSaveRequest = z.object({ staff: StaffSave });

/** GET /staff: the event's staff and the choices of the form. */
export const StaffListResult = z.object({
  staff: z.array(Staff),
  locations: z.array(VenueOption),
  rooms: z.array(VenueOption),
});
export type StaffListResult = z.infer<typeof StaffListResult>;

/**
 * The form: an inactive switch with its date, and "all" switches for locations and rooms (off: choose
 * at least one).
 */
export const StaffForm = z
  .object({
    user: StaffSave.shape.user,
    name: StaffSave.shape.name,
    rfid: z.string().trim().max(STAFF_RFID_MAX),
    /** A new PIN (empty: keep the one set, if any); `clearPin` removes it. */
    pin: z.union([z.string().trim().regex(STAFF_PIN, { error: 'validation.staffPin' }), z.literal('')]),
    clearPin: z.boolean(),
    intern: flag01,
    inactive: z.boolean(),
    dateInactive: z.string().nullable(),
    trusts: trustsSchema(),
    allLocations: z.boolean(),
    idsLocation: z.array(z.string()),
    allRooms: z.boolean(),
    availableRooms: z.array(z.string()),
  })
  .superRefine((v, ctx) => {
    if (v.inactive && !v.dateInactive)
      ctx.addIssue({ code: 'custom', path: ['dateInactive'], message: 'validation.required' });
    if (!v.allLocations && v.idsLocation.length === 0)
      ctx.addIssue({ code: 'custom', path: ['idsLocation'], message: 'validation.chooseSomeOrAll' });
    if (!v.allRooms && v.availableRooms.length === 0)
      ctx.addIssue({ code: 'custom', path: ['availableRooms'], message: 'validation.chooseSomeOrAll' });
  });
export type StaffForm = z.infer<typeof StaffForm>;

// ---------------------------------------------------------------------------------------------------
// Staff import (02-catalogue §5): the rules the browser applies before the upload and the server
// applies again to the rows it receives.

/** The expected column order of an import file (02-catalogue §3 "Import row"). */
export const STAFF_IMPORT_COLUMNS = ['user', 'name', 'trusts', 'intern'] as const;
export type StaffImportColumn = (typeof STAFF_IMPORT_COLUMNS)[number];
/** The order the "exists without" check walks the columns (02-catalogue §5). */
const REQUIRED_ORDER: StaffImportColumn[] = ['name', 'user', 'trusts', 'intern'];

/** A row as sent: values as read from the file (the server trims and parses them again). */
export const StaffImportRowInput = z.object({
  user: z.string().max(1000).nullish(),
  name: z.string().max(1000).nullish(),
  trusts: z.string().max(1000).nullish(),
  intern: z.union([z.string().max(100), z.number()]).nullish(),
});
export type StaffImportRowInput = z.infer<typeof StaffImportRowInput>;

export const StaffImportRequest = z.object({
  staff: z.array(StaffImportRowInput).min(1).max(STAFF_IMPORT_MAX_ROWS),
});
export type StaffImportRequest = z.infer<typeof StaffImportRequest>;

/** POST /massive-import/staffs answers how many staff members it created. */
export const StaffImportResult = z.object({ inserted: z.number().int() });
export type StaffImportResult = z.infer<typeof StaffImportResult>;

/** A row after the rules: trimmed, trusts upper-case in order, intern an integer (0 or 1). */
export interface StaffImportRow {
  user: string;
  name: string;
  trusts: string;
  intern: 0 | 1;
}

/**
 * The first problem of an import. `row` is 1-based among the data rows (a header line not counted).
 * - missing: "a staff member exists without <column>";
 * - invalid: a value the staff rules refuse (unknown trust letter, intern other than 0 or 1, too long);
 * - duplicated (staffDuplicated): `count` rows repeat a user of an earlier row (case-insensitive).
 */
export type StaffImportProblem =
  | { kind: 'missing'; column: StaffImportColumn; row: number }
  | {
      kind: 'invalid';
      column: StaffImportColumn;
      row: number;
      reason: 'trusts' | 'intern' | 'tooLong';
      max?: number;
    }
  | { kind: 'duplicated'; column: 'user'; count: number; values: string[] };

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/** Values trimmed, trusts upper-cased, intern parsed as an integer (null when it is not one). */
export function normaliseImportRow(raw: StaffImportRowInput) {
  const internText = text(raw.intern);
  return {
    user: text(raw.user),
    name: text(raw.name),
    trusts: text(raw.trusts).toUpperCase(),
    internText,
    intern: /^[+-]?\d+$/.test(internText) ? Number.parseInt(internText, 10) : null,
  };
}

/** Applies every row rule; answers the normalised rows, or the first problem. */
export function checkStaffImportRows(
  raws: readonly StaffImportRowInput[],
): { ok: true; rows: StaffImportRow[] } | { ok: false; problem: StaffImportProblem } {
  const rows: StaffImportRow[] = [];
  for (const [i, raw] of raws.entries()) {
    const row = i + 1;
    const v = normaliseImportRow(raw);
    const values: Record<StaffImportColumn, string> = {
      user: v.user,
      name: v.name,
      trusts: v.trusts,
      intern: v.internText,
    };
    for (const column of REQUIRED_ORDER)
      if (!values[column]) return { ok: false, problem: { kind: 'missing', column, row } };
    if (v.user.length > STAFF_USER_MAX)
      return {
        ok: false,
        problem: { kind: 'invalid', column: 'user', row, reason: 'tooLong', max: STAFF_USER_MAX },
      };
    if (v.name.length > STAFF_NAME_MAX)
      return {
        ok: false,
        problem: { kind: 'invalid', column: 'name', row, reason: 'tooLong', max: STAFF_NAME_MAX },
      };
    if (!isTrusts(v.trusts) || v.trusts.length > 60)
      return { ok: false, problem: { kind: 'invalid', column: 'trusts', row, reason: 'trusts' } };
    if (v.intern !== 0 && v.intern !== 1)
      return { ok: false, problem: { kind: 'invalid', column: 'intern', row, reason: 'intern' } };
    rows.push({ user: v.user, name: v.name, trusts: normaliseTrusts(v.trusts), intern: v.intern });
  }
  /** The first spelling of each user, by its lower case. */
  const seen = new Map<string, string>();
  const repeated = new Set<string>();
  let count = 0;
  for (const r of rows) {
    const key = r.user.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      count++;
      repeated.add(first);
    } else seen.set(key, r.user);
  }
  if (count > 0)
    return { ok: false, problem: { kind: 'duplicated', column: 'user', count, values: [...repeated] } };
  return { ok: true, rows };
}
