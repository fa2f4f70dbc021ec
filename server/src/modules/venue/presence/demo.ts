import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../../core/db/client';
import { locations, staff } from '../../../core/db/schema';
import { nextUniqueNumber } from '../venue.shared';

/**
 * Presence control in the demo festival. Before the simulation (`simulateDemo`), which has every staff
 * member of the event work the terminals and check in and out at the event's presence location: the
 * staff entrance (activity P), a presence controller and the external staff (security and cleaning
 * contractors). After it: staff hired for the closing night, listed without checks yet. Both steps
 * keep what exists (same user, same location name).
 */
const WORKING: [user: string, name: string, trusts: string, intern: 0 | 1][] = [
  ['laura.presence', 'Laura Prieto', 'SP', 1],
  ['noah.security', 'Noah Keller', 'X', 0],
  ['ana.security', 'Ana Lozano', 'X', 0],
  ['jorge.cleaning', 'Jorge Vidal', 'T', 0],
  ['emma.cleaning', 'Emma Dubois', 'T', 0],
];

/**
 * The staff wristband of the demo's bar staff member Carmen Ruiz: she signs in on the terminal web
 * app with it (README "Terminal").
 */
export const DEMO_BAR_STAFF_WRISTBAND = '04CA3E00000001';

/** Staff hired for the closing night: listed, but with no checks yet. */
const IDLE: [user: string, name: string, trusts: string, intern: 0 | 1, rfid?: string][] = [
  ['carmen.night', 'Carmen Ruiz', 'CV', 0, DEMO_BAR_STAFF_WRISTBAND],
  ['luca.night', 'Luca Bianchi', 'CV', 1],
];

const insertStaff = (db: Executor, eventId: number, rows: typeof IDLE) =>
  db
    .insert(staff)
    .values(
      rows.map(([user, name, trusts, intern, rfid]) => ({
        eventId,
        user,
        name,
        trusts,
        intern,
        rfid: rfid ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning();

export const PRESENCE_LOCATION_NAME = 'Staff entrance';

export async function seedDemoStaff(db: Db, eventId: number) {
  return db.transaction(async (tx) => {
    const [entrance] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.eventId, eventId), eq(locations.name, PRESENCE_LOCATION_NAME)));
    if (!entrance) {
      const idUnique = await nextUniqueNumber(tx, 'locations', locations, locations.idUnique, eventId);
      await tx
        .insert(locations)
        .values({ eventId, idUnique, name: PRESENCE_LOCATION_NAME, intern: 'S', activities: ['P'] });
    }
    return (await insertStaff(tx, eventId, WORKING)).length;
  });
}

export const seedDemoIdleStaff = async (db: Db, eventId: number) =>
  (await insertStaff(db, eventId, IDLE)).length;
