import { desc } from 'drizzle-orm';
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
      },
    })
    .returning();
  return row!;
}
