import type { OnlineImageSlot } from '@pulsera/contracts';
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { eventOnlineServices, events, images, languages } from '../../../core/db/schema';

export type OnlineServicesRow = typeof eventOnlineServices.$inferSelect;

const EVENT_COLUMNS = {
  id: events.id,
  slug: events.slug,
  subdomain: events.subdomain,
  dateStart: events.dateStart,
  dateEnd: events.dateEnd,
  operationsStart: events.operationsStart,
  operationsEnd: events.operationsEnd,
  servicesOnlineDateStart: events.servicesOnlineDateStart,
  servicesOnlineDateEnd: events.servicesOnlineDateEnd,
  timezone: events.timezone,
};

/** The event's columns the online services use. */
export const lockEventRead = async (db: Executor, eventId: number) =>
  (await db.select(EVENT_COLUMNS).from(events).where(eq(events.id, eventId)).limit(1))[0];

/** The same, locked for a write's transaction (saves and image changes of one event take turns). */
export const lockEvent = async (db: Executor, eventId: number) =>
  (await db.select(EVENT_COLUMNS).from(events).where(eq(events.id, eventId)).for('update').limit(1))[0];

export const findConfig = async (db: Executor, eventId: number) =>
  (await db.select().from(eventOnlineServices).where(eq(eventOnlineServices.eventId, eventId)).limit(1))[0];

export async function imageRefs(db: Executor, ids: (number | null)[]) {
  const wanted = ids.filter((i): i is number => i !== null);
  if (!wanted.length) return new Map<number, { id: number; url: string }>();
  const rows = await db
    .select({ id: images.id, url: images.url })
    .from(images)
    .where(inArray(images.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

export const configuredLanguages = (db: Executor) =>
  db.select({ iso: languages.iso, name: languages.name }).from(languages).orderBy(languages.iso);

/** Which of slug / subdomain another event already holds. */
export async function takenBy(db: Executor, eventId: number, slug: string | null, subdomain: string | null) {
  const conds = [
    ...(slug ? [eq(events.slug, slug)] : []),
    ...(subdomain ? [eq(events.subdomain, subdomain)] : []),
  ];
  if (!conds.length) return { slug: false, subdomain: false };
  const rows = await db
    .select({ slug: events.slug, subdomain: events.subdomain })
    .from(events)
    .where(and(ne(events.id, eventId), or(...conds)));
  return {
    slug: !!slug && rows.some((r) => r.slug === slug),
    subdomain: !!subdomain && rows.some((r) => r.subdomain === subdomain),
  };
}

export async function updateEventColumns(
  db: Executor,
  eventId: number,
  values: Pick<
    typeof events.$inferInsert,
    'slug' | 'subdomain' | 'servicesOnlineDateStart' | 'servicesOnlineDateEnd'
  >,
) {
  await db.update(events).set(values).where(eq(events.id, eventId));
}

export async function upsertConfig(db: Executor, values: typeof eventOnlineServices.$inferInsert) {
  const { eventId: _, ...set } = values;
  const [row] = await db
    .insert(eventOnlineServices)
    .values(values)
    .onConflictDoUpdate({ target: eventOnlineServices.eventId, set })
    .returning();
  return row!;
}

export const IMAGE_COLUMN = {
  header: 'headerImageId',
  login: 'loginImageId',
  favicon: 'faviconImageId',
  background: 'backgroundImageId',
} as const satisfies Record<OnlineImageSlot, keyof OnlineServicesRow>;

/** Sets (or clears) one image of a configured event. */
export async function setImage(db: Executor, eventId: number, slot: OnlineImageSlot, imageId: number | null) {
  await db
    .update(eventOnlineServices)
    // Not a new version of the form: an image is saved at once, apart from the form's fields.
    .set({ [IMAGE_COLUMN[slot]]: imageId })
    .where(eq(eventOnlineServices.eventId, eventId));
}

/** The default configuration of an event never configured (an image uploaded before the first save). */
export async function insertDefaults(db: Executor, values: typeof eventOnlineServices.$inferInsert) {
  await db.insert(eventOnlineServices).values(values).onConflictDoNothing();
  return (await findConfig(db, values.eventId))!;
}
