import type { CurrencyLabel } from '@pulsera/contracts/money-schemas';
import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../core/db/client';
import { currencies, events } from '../../../core/db/schema';

export type CurrencyRow = typeof currencies.$inferSelect;

/** Global currencies first, then each event's own ones; by name. */
export const listCurrencies = (db: Executor) =>
  db
    .select()
    .from(currencies)
    .orderBy(sql`${currencies.eventId} is not null`, asc(currencies.name), asc(currencies.id));

/** How screens label the currencies of these ids (an event's financial and local ones), by id. */
export async function currencyLabels(db: Executor, ids: (number | null | undefined)[]) {
  const wanted = ids.filter((i): i is number => typeof i === 'number');
  const rows = wanted.length
    ? await db
        .select({
          id: currencies.id,
          iso: currencies.iso,
          symbol: currencies.symbol,
          fraction: currencies.fraction,
        })
        .from(currencies)
        .where(inArray(currencies.id, wanted))
    : [];
  const byId = new Map<number, CurrencyLabel>(rows.map(({ id, ...label }) => [id, label]));
  return (id: number | null | undefined) => (typeof id === 'number' ? (byId.get(id) ?? null) : null);
}

export const findCurrency = async (db: Executor, id: number) =>
  (await db.select().from(currencies).where(eq(currencies.id, id)).limit(1))[0];

/** The currency with this iso in one scope: the global list (eventId null) or one event's own. */
export const findCurrencyByIso = async (db: Executor, iso: string, eventId: number | null) =>
  (
    await db
      .select()
      .from(currencies)
      .where(
        and(
          eq(currencies.iso, iso),
          eventId === null ? isNull(currencies.eventId) : eq(currencies.eventId, eventId),
        ),
      )
      .limit(1)
  )[0];

export async function insertCurrency(db: Executor, values: typeof currencies.$inferInsert) {
  const [row] = await db.insert(currencies).values(values).returning();
  return row!;
}

export async function updateCurrency(
  db: Executor,
  id: number,
  values: Partial<typeof currencies.$inferInsert>,
) {
  const [row] = await db
    .update(currencies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(currencies.id, id))
    .returning();
  return row!;
}

export const deleteCurrency = (db: Executor, id: number) =>
  db.delete(currencies).where(eq(currencies.id, id));

/** Used by an event as its financial (moneda) or local currency. */
export async function currencyInUse(db: Executor, id: number) {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(or(eq(events.currencyId, id), eq(events.localCurrencyId, id)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The events whose financial currency has this iso and that convert it into another local currency
 * with a rate: one conversion each, newest event first.
 */
export function conversions(db: Executor, iso: string) {
  const fin = alias(currencies, 'fin');
  const loc = alias(currencies, 'loc');
  return db
    .select({
      eventId: events.id,
      eventName: events.name,
      localIso: loc.iso,
      rate: events.localCurrencyRate,
    })
    .from(events)
    .innerJoin(fin, eq(fin.id, events.currencyId))
    .innerJoin(loc, eq(loc.id, events.localCurrencyId))
    .where(and(eq(fin.iso, iso), ne(loc.iso, iso), gt(events.localCurrencyRate, 0)))
    .orderBy(desc(events.dateStart), asc(events.id));
}
