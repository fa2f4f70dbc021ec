/**
 * The terminal feed refuses an operation naming an article, location, staff member, zone or gate
 * that is not its event's (decisions/terminals.md "Names an operation carries"). Tests that write
 * operations by hand with fixed ids (location 31, staff 4…) make those ids exist in their event
 * first: each missing row is created with that id (an id another event holds stays there, and the
 * feed refuses it). The id sequences are moved past them, so rows created later never collide.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/core/db/client';
import { rowsOf } from '../src/core/db/rows';

export interface FeedNames {
  articles?: number[];
  locations?: number[];
  staff?: number[];
  zones?: number[];
  gates?: number[];
}

export async function feedNames(db: Db, eventId: number, names: FeedNames) {
  const rows = async (
    table: string,
    ids: number[] | undefined,
    insert: (id: number) => ReturnType<typeof sql>,
  ) => {
    if (!ids?.length) return;
    for (const id of ids) await db.execute(insert(id));
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`,
      ),
    );
  };
  await rows(
    'zones',
    names.zones,
    (id) => sql`insert into zones (id, event_id, id_unique, name)
      values (${id}, ${eventId}, ${id + 100_000}, ${`Zone ${id}`}) on conflict do nothing`,
  );
  await rows(
    'articles',
    names.articles,
    (id) => sql`insert into articles (id, event_id, name, base_price)
      values (${id}, ${eventId}, ${`Article ${id}`}, 100) on conflict do nothing`,
  );
  await rows(
    'locations',
    names.locations,
    (id) => sql`insert into locations (id, event_id, id_unique, name)
      values (${id}, ${eventId}, ${id + 100_000}, ${`Location ${id}`}) on conflict do nothing`,
  );
  await rows(
    'staff',
    names.staff,
    (id) => sql`insert into staff (id, event_id, "user", name)
      values (${id}, ${eventId}, ${`staff-${id}-${eventId}`}, ${`Staff ${id}`}) on conflict do nothing`,
  );
  if (names.gates?.length) {
    // A gate leads into a zone: the first zone of the event (made when it has none).
    const zone = await db.execute(sql`select id from zones where event_id = ${eventId} order by id limit 1`);
    let zoneId = Number(rowsOf<{ id: number }>(zone)[0]?.id ?? 0);
    if (!zoneId) {
      const made = await db.execute(
        sql`insert into zones (event_id, id_unique, name) values (${eventId}, 99999, 'Grounds') returning id`,
      );
      zoneId = Number(rowsOf<{ id: number }>(made)[0]!.id);
    }
    await rows(
      'gates',
      names.gates,
      (id) => sql`insert into gates (id, event_id, name, zone_to_id)
        values (${id}, ${eventId}, ${`Gate ${id}`}, ${zoneId}) on conflict do nothing`,
    );
  }
}

/**
 * The fixed ids the feed tests' operations name (the sync test helper's top-ups at location 31 by
 * staff 4, sales at location 11 by staff 5 of article 1…), made to exist in an event.
 */
export const TEST_FEED_NAMES: FeedNames = {
  articles: [1, 2, 3, 6],
  locations: [11, 12, 31, 51, 71, 72],
  staff: [3, 4, 5, 7, 9, 12],
  zones: [1, 2],
  gates: [3],
};

/** How many new names of each kind to make (freshFeedNames). */
export type FeedNameCounts = Partial<Record<keyof FeedNames, number>>;

/**
 * New names made in an event (ids from their sequences, so they never collide with another event's
 * rows), for operations a test writes by hand: `{ locations: 1, staff: 2 }` answers
 * `{ locations: [id], staff: [id, id], … }`. Gates lead into the event's first zone (made when none).
 */
export async function freshFeedNames(db: Db, eventId: number, counts: FeedNameCounts) {
  const made: Required<FeedNames> = { articles: [], locations: [], staff: [], zones: [], gates: [] };
  const one = async (statement: ReturnType<typeof sql>) =>
    Number(rowsOf<{ id: number }>(await db.execute(statement))[0]!.id);
  const tag = () => Math.floor(Math.random() * 1_000_000_000);
  for (let i = 0; i < (counts.zones ?? 0); i++) {
    const n = tag();
    made.zones.push(
      await one(sql`insert into zones (event_id, id_unique, name)
        values (${eventId}, ${n}, ${`Zone ${n}`}) returning id`),
    );
  }
  for (let i = 0; i < (counts.articles ?? 0); i++) {
    made.articles.push(
      await one(sql`insert into articles (event_id, name, base_price)
        values (${eventId}, ${`Article ${tag()}`}, 100) returning id`),
    );
  }
  for (let i = 0; i < (counts.locations ?? 0); i++) {
    const n = tag();
    made.locations.push(
      await one(sql`insert into locations (event_id, id_unique, name)
        values (${eventId}, ${n}, ${`Location ${n}`}) returning id`),
    );
  }
  for (let i = 0; i < (counts.staff ?? 0); i++) {
    const n = tag();
    made.staff.push(
      await one(sql`insert into staff (event_id, "user", name)
        values (${eventId}, ${`staff-${n}`}, ${`Staff ${n}`}) returning id`),
    );
  }
  if (counts.gates) {
    const zone = await db.execute(sql`select id from zones where event_id = ${eventId} order by id limit 1`);
    const zoneId =
      Number(rowsOf<{ id: number }>(zone)[0]?.id ?? 0) ||
      (await one(sql`insert into zones (event_id, id_unique, name)
        values (${eventId}, ${tag()}, 'Grounds') returning id`));
    for (let i = 0; i < counts.gates; i++) {
      made.gates.push(
        await one(sql`insert into gates (event_id, name, zone_to_id)
          values (${eventId}, ${`Gate ${tag()}`}, ${zoneId}) returning id`),
      );
    }
  }
  return made;
}
