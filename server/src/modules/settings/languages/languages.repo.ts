import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { events, languages } from '../../../core/db/schema';

export type LanguageDbRow = typeof languages.$inferSelect;

export const listLanguages = (db: Executor) =>
  db.select().from(languages).orderBy(asc(languages.name), asc(languages.id));

export const findLanguage = async (db: Executor, id: number) =>
  (await db.select().from(languages).where(eq(languages.id, id)).limit(1))[0];

/** The language row, locked until the transaction ends (events saving it wait, then see the change). */
export const lockLanguage = async (db: Executor, id: number) =>
  (await db.select().from(languages).where(eq(languages.id, id)).limit(1).for('update'))[0];

/** The names of the events whose language is this iso, by name (at most `limit`). */
export const eventsUsingLanguage = async (db: Executor, iso: string, limit: number) =>
  (
    await db
      .select({ name: events.name })
      .from(events)
      .where(eq(events.language, iso))
      .orderBy(asc(events.name), asc(events.id))
      .limit(limit)
  ).map((r) => r.name);

export const findLanguageByIso = async (db: Executor, iso: string) =>
  (await db.select().from(languages).where(eq(languages.iso, iso)).limit(1))[0];

export async function insertLanguage(db: Executor, values: typeof languages.$inferInsert) {
  const [row] = await db.insert(languages).values(values).returning();
  return row!;
}

export async function updateLanguage(
  db: Executor,
  id: number,
  values: Partial<typeof languages.$inferInsert>,
) {
  const [row] = await db
    .update(languages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(languages.id, id))
    .returning();
  return row!;
}

export const deleteLanguage = (db: Executor, id: number) => db.delete(languages).where(eq(languages.id, id));
