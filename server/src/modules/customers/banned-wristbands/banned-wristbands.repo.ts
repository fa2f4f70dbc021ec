import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { bannedWristbands } from '../../../core/db/schema';

export const listBanned = (db: Executor) =>
  db.select().from(bannedWristbands).orderBy(desc(bannedWristbands.updatedAt), desc(bannedWristbands.id));

type BanValues = typeof bannedWristbands.$inferInsert;

/** The ban of a serial, in any letter case (other than the ban `except`). */
export async function findBySerial(db: Executor, nSerie: string, except?: number) {
  const [row] = await db
    .select()
    .from(bannedWristbands)
    .where(
      and(
        sql`upper(${bannedWristbands.nSerie}) = upper(${nSerie})`,
        except === undefined ? undefined : ne(bannedWristbands.id, except),
      ),
    )
    .limit(1);
  return row;
}

export async function findById(db: Executor, id: number) {
  const [row] = await db.select().from(bannedWristbands).where(eq(bannedWristbands.id, id)).for('update');
  return row;
}

/** A new ban; undefined when the serial is banned already (the unique index decides a race). */
export async function insertBan(db: Executor, values: BanValues) {
  const [row] = await db
    .insert(bannedWristbands)
    .values(values)
    .onConflictDoNothing({ target: bannedWristbands.nSerie })
    .returning();
  return row;
}

/** An edit of one ban by id; undefined when there is no such ban. */
export async function updateBan(db: Executor, id: number, values: BanValues) {
  const [row] = await db
    .update(bannedWristbands)
    .set({
      nSerie: values.nSerie,
      codeCheck: values.codeCheck,
      notes: values.notes,
      enabled: values.enabled,
      enabledTopUps: values.enabledTopUps,
      updatedBy: values.updatedBy,
      updatedAt: new Date(),
      // Every change is a new version of the terminals' ban list (fleet health).
      listVersion: sql`nextval('banned_wristbands_list_version_seq')`,
    })
    .where(eq(bannedWristbands.id, id))
    .returning();
  return row;
}

/**
 * Ban saves one at a time (until commit), so list versions become visible in their order: a terminal
 * holding version v can never miss a ban numbered below v that committed later.
 */
export const lockBanList = (db: Executor) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext('banned_wristbands_list_version'))`);
