import type { ErrorKey } from '@pulsera/contracts';
import { getTableName, type Table } from 'drizzle-orm';
import * as s from '../db/schema';
import { fail } from './errors';

/** The fields of a failed query (Drizzle wraps the driver's error in `cause`, with the query text). */
interface PgFailure {
  code?: string;
  table?: string;
  constraint?: string;
  query?: string;
}

function pgFailure(e: unknown): PgFailure {
  const err = e as (PgFailure & { cause?: PgFailure }) | null;
  const pick = (k: keyof PgFailure) => {
    const v = err?.cause?.[k] ?? err?.[k];
    return typeof v === 'string' ? v : undefined;
  };
  return { code: pick('code'), table: pick('table'), constraint: pick('constraint'), query: err?.query };
}

/**
 * PostgreSQL's unique violation (23505): another writer took the value between our check and our
 * write. With `constraint`, only a violation of that unique index or constraint.
 */
export function isUniqueViolation(e: unknown, constraint?: string) {
  const f = pgFailure(e);
  return f.code === '23505' && (constraint === undefined || f.constraint === constraint);
}

/** The unique index or constraint a unique violation broke, or null when `e` is not one. */
export function uniqueViolationOf(e: unknown): { constraint: string | undefined } | null {
  const f = pgFailure(e);
  return f.code === '23505' ? { constraint: f.constraint } : null;
}

/**
 * What a table that holds a foreign key is, as a user knows it: a delete refused because rows of
 * that table still refer to the row answers 409 naming it ("fees still use it"). Every table with a
 * foreign key that blocks deletes is listed (db-errors.test.ts walks the schema).
 */
const USED_BY: [ErrorKey, Table[]][] = [
  ['inUseByFees', [s.feeLocations]],
  ['inUseByRefundRules', [s.refundRuleLocations]],
  ['inUseByBonuses', [s.bonuses, s.bonusArticles, s.bonusLocations]],
  ['inUseByPacks', [s.packArticles, s.packLocations]],
  ['inUseByRols', [s.rolAccess, s.rolAddons, s.rolArticles, s.rolLocations, s.rolTimeRanges]],
  ['inUseByFlags', [s.flagAccess, s.flagArticlePrices]],
  ['inUseByAddons', [s.addonFlags, s.addonGifts]],
  ['inUseByMenus', [s.locationArticles, s.locationArticleSticks]],
  ['inUseByKitchens', [s.kitchens, s.kitchenRooms]],
  ['inUseByGates', [s.gates]],
  ['inUseByLocations', [s.locations]],
  ['inUseByZones', [s.zones]],
  ['inUseByEvents', [s.events]],
  ['inUseByArticles', [s.articles]],
  // Permission roles: the service names the holders first; a grant made meanwhile is the generic 409.
  ['inUse', [s.userEventRoles]],
];
export const USED_BY_TABLE = new Map(
  USED_BY.flatMap(([key, tables]) => tables.map((t) => [getTableName(t), key] as const)),
);

/** The referring table of a foreign-key failure: the error's table, else the constraint's prefix. */
function referringTable(f: PgFailure) {
  if (f.table) return f.table;
  const c = f.constraint ?? '';
  return [...USED_BY_TABLE.keys()]
    .filter((t) => c.startsWith(`${t}_`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The 409 of a delete that a foreign key refused: what still uses the row, when we know it. */
export function inUseError(e: unknown) {
  const table = referringTable(pgFailure(e));
  return fail((table && USED_BY_TABLE.get(table)) || 'inUse');
}

/**
 * Runs a write. The services check duplicates and uses first; this maps what slipped between the
 * check and the write (a concurrent writer) or what no service checks: a unique violation is 409
 * duplicateName; a foreign key refusing a delete is 409 naming what still uses the row (fees, refund
 * rules, ticket roles…; see USED_BY), any other foreign-key failure the generic 409 inUse.
 */
export async function guardedWrite<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    const f = pgFailure(e);
    if (f.code === '23505') throw fail('duplicateName');
    if (f.code === '23503') throw /^\s*delete\b/i.test(f.query ?? '') ? inUseError(e) : fail('inUse');
    throw e;
  }
}

/** A case-insensitive "contains" pattern for `like`, with the wildcards of the text escaped. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
