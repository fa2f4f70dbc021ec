/**
 * The console's packs as a terminal's configuration carries them (contracts DeviceConfig `packs`):
 * each with its articles in the console's order, its locations (none: every location) and dates.
 */
import type { DeviceConfig } from '@pulsera/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { packArticles, packLocations, packs } from '../../../core/db/schema';

export async function packsOf(db: Executor, eventId: number): Promise<DeviceConfig['packs']> {
  const [rows, contents, places] = await Promise.all([
    db.select().from(packs).where(eq(packs.eventId, eventId)).orderBy(asc(packs.id)),
    db
      .select()
      .from(packArticles)
      .where(eq(packArticles.eventId, eventId))
      .orderBy(asc(packArticles.sortOrder), asc(packArticles.id)),
    db.select().from(packLocations).where(eq(packLocations.eventId, eventId)),
  ]);
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    price: p.price,
    articles: contents
      .filter((c) => c.packId === p.id)
      .map((c) => ({ idArticle: c.articleId, quantity: c.quantity })),
    locationIds: places
      .filter((l) => l.packId === p.id)
      .map((l) => l.locationId)
      .sort((a, b) => a - b),
    dateStart: p.dateStart?.toISOString() ?? null,
    dateEnd: p.dateEnd?.toISOString() ?? null,
  }));
}
