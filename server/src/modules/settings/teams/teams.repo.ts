import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { events, eventTeams, teams } from '../../../core/db/schema';
import { containsPattern } from '../../../core/lib/db-errors';

export type TeamRow = typeof teams.$inferSelect;

export async function listTeams(db: Executor, page: { offset: number; limit: number | null }) {
  const q = db.select().from(teams).orderBy(asc(teams.name), asc(teams.id)).offset(page.offset);
  const rows = page.limit === null ? await q : await q.limit(page.limit);
  const [{ total }] = await db.select({ total: count() }).from(teams);
  return { rows, total: Number(total) };
}

/** The typeahead: names containing the text, without regard to case. */
export const searchTeams = (db: Executor, text: string, limit: number) =>
  db
    .select()
    .from(teams)
    .where(text ? sql`lower(${teams.name}) like ${containsPattern(text)}` : undefined)
    .orderBy(asc(teams.name), asc(teams.id))
    .limit(limit);

export const findTeam = async (db: Executor, id: number) =>
  (await db.select().from(teams).where(eq(teams.id, id)).limit(1))[0];

/** Names are unique without regard to case (the table's unique index on lower(name)). */
export const findTeamByName = async (db: Executor, name: string) =>
  (await db.select().from(teams).where(sql`lower(${teams.name}) = ${name.toLowerCase()}`).limit(1))[0];

export async function insertTeam(db: Executor, values: typeof teams.$inferInsert) {
  const [row] = await db.insert(teams).values(values).returning();
  return row!;
}

export async function updateTeam(db: Executor, id: number, values: Partial<typeof teams.$inferInsert>) {
  const [row] = await db
    .update(teams)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(teams.id, id))
    .returning();
  return row!;
}

export const deleteTeam = (db: Executor, id: number) => db.delete(teams).where(eq(teams.id, id));

/** An event's main team (events.team_id) or one of its teams (event_teams). */
export async function teamInUse(db: Executor, id: number) {
  const main = await db.select({ id: events.id }).from(events).where(eq(events.teamId, id)).limit(1);
  if (main.length > 0) return true;
  const linked = await db
    .select({ id: eventTeams.eventId })
    .from(eventTeams)
    .where(eq(eventTeams.teamId, id))
    .limit(1);
  return linked.length > 0;
}
