import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bannedWristbands } from '../../db/schema';

export const listBanned = (db: Executor) =>
  db.select().from(bannedWristbands).orderBy(desc(bannedWristbands.updatedAt), desc(bannedWristbands.id));

/** One row per serial: banning a serial again updates it (a request sent twice changes nothing more). */
export async function upsertBan(db: Executor, values: typeof bannedWristbands.$inferInsert) {
  const [row] = await db
    .insert(bannedWristbands)
    .values(values)
    .onConflictDoUpdate({
      target: bannedWristbands.nSerie,
      set: {
        codeCheck: values.codeCheck,
        notes: values.notes,
        enabled: values.enabled,
        enabledTopUps: values.enabledTopUps,
        updatedBy: values.updatedBy,
        updatedAt: new Date(),
        // Every change is a new version of the terminals' ban list (fleet health).
        listVersion: sql`nextval('banned_wristbands_list_version_seq')`,
      },
    })
    .returning();
  return row!;
}

/**
 * Ban saves one at a time (until commit), so list versions become visible in their order: a terminal
 * holding version v can never miss a ban numbered below v that committed later.
 */
export const lockBanList = (db: Executor) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext('banned_wristbands_list_version'))`);
