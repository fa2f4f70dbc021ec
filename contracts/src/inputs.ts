import { z } from 'zod';

/**
 * The shared number schemas of every input (ARCHITECTURE "Safe by default"): ids bounded like their
 * column (PostgreSQL `integer`/`serial`: 1 … 2,147,483,647), and whole numbers from a path or a query
 * string read from decimal digits only, so `0x3`, `9.9999e4`, `99999.0` or ` 3` are refused rather
 * than read as numbers.
 */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** An id in a JSON body (or an answer): a whole number within its `integer` column. */
export const id = () =>
  z.number().int().min(1, { error: 'validation.invalid' }).max(INT4_MAX, { error: 'validation.invalid' });

/** A whole number of an `integer` column in a JSON body. */
export const int4 = () => z.number().int().min(INT4_MIN).max(INT4_MAX);

const DIGITS = /^[0-9]{1,10}$/;
const SIGNED_DIGITS = /^-?[0-9]{1,10}$/;

/** A whole number from a path or a query string: decimal digits only, then bounded. */
export const queryInt = (min = 0, max = INT4_MAX) =>
  z
    .union([z.number(), z.string().regex(min < 0 ? SIGNED_DIGITS : DIGITS, { error: 'validation.invalid' })])
    .transform((v) => Number(v))
    .pipe(z.number().int().min(min).max(max));

/** An id from a path or a query string. */
export const queryId = () => queryInt(1, INT4_MAX);

/** A 0/1 flag from a query string. */
export const queryFlag = () => queryInt(0, 1);

/**
 * An instant (ISO 8601 with an offset) within the spec's range, 2020-01-01 … 2099-12-31 (01-console
 * §9): anything outside is a 400, never a date PostgreSQL cannot hold.
 */
export const DATE_RANGE_MIN = '2020-01-01T00:00:00.000Z';
export const DATE_RANGE_MAX = '2099-12-31T23:59:59.999Z';
export const instant = () =>
  z.iso.datetime({ offset: true }).refine(
    (v) => {
      const t = Date.parse(v);
      // Not a date at all: the format check already says so.
      return Number.isNaN(t) || (t >= Date.parse(DATE_RANGE_MIN) && t <= Date.parse(DATE_RANGE_MAX));
    },
    { error: 'validation.dateRange|{"min":"2020-01-01","max":"2099-12-31"}' },
  );

/**
 * Text that PostgreSQL can store and a person can read: no NUL byte, no lone UTF-16 surrogate.
 * The server refuses such text in every request (plugins/input-text.ts); forms use the same rule.
 */
const UNSAFE_TEXT = '\\u0000|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const UNSAFE_ONE = new RegExp(UNSAFE_TEXT);
const UNSAFE_ALL = new RegExp(UNSAFE_TEXT, 'g');
export function hasUnsafeText(s: string): boolean {
  return UNSAFE_ONE.test(s);
}

/** The dotted path of the first unsafe text in a JSON value (keys included), or null when all is clean. */
export function findUnsafeText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasUnsafeText(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  // Bytes (a file body: a lot, an APK, an image) are not text: their routes check them as files.
  // Walking a Buffer as an object visited each byte (2 s for a 2 MB lot file).
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (hasUnsafeText(k)) return here;
    const found = findUnsafeText(v, here);
    if (found !== null) return found;
  }
  return null;
}

/** A copy of a JSON value with every NUL byte and lone surrogate replaced by U+FFFD (for keeping a refused input). */
export function scrubUnsafeText<T>(value: T): T {
  if (typeof value === 'string') return value.replace(UNSAFE_ALL, '\uFFFD') as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubUnsafeText(v)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [scrubUnsafeText(k), scrubUnsafeText(v)]),
  ) as T;
}

/**
 * Text a device reports of itself alongside what it sends (the terminal feed's `appVersion`): not an
 * input a person typed, and never the reason to lose what it came with (a sync batch carries money
 * already moved). What PostgreSQL cannot hold (the rule above) is replaced by U+FFFD, then the text is
 * trimmed and bounded like any other.
 */
export const reportedText = (max: number) =>
  z
    .string()
    .transform((s) => scrubUnsafeText(s))
    .pipe(z.string().trim().min(1).max(max));

/** "All" in an id list on the wire (02-catalogue §3: `%`, e.g. a rol's locations default `[%]`). */
export const ALL_IDS = '%';
const ID_LIST_TEXT = /^\s*(?:%|[0-9]{1,10}(?:\s*,\s*[0-9]{1,10})*)?\s*$/;

/**
 * An id list as the spec writes it on the wire, for bonuses, fees, refund rules, rols and staff: an
 * array of ids (as the console sends), the comma-joined form `"1,2,3"`, or `"%"` / `["%"]` / `""` for
 * all. "All" becomes `all` (an empty list or null, as the entity stores it), then `list` judges the
 * result, so a comma-joined list obeys the same bounds as an array.
 */
export const wireIdList = <T extends z.ZodType>(list: T, all: [] | null) =>
  z
    .union([
      z.array(z.union([z.number(), z.literal(ALL_IDS)])),
      z.string().max(20_000).regex(ID_LIST_TEXT, { error: 'validation.invalid' }),
      z.null(),
    ])
    .transform((v): unknown => {
      if (v === null) return null;
      if (typeof v === 'string') {
        const s = v.trim();
        return s === '' || s === ALL_IDS ? all : s.split(',').map((p) => Number(p.trim()));
      }
      return v.includes(ALL_IDS) ? all : v;
    })
    .pipe(list);
