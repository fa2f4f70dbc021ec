/** The demo's festival: the first start of the demo simulates a small festival on its event up to now. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../core/db/client';
import { devices, events } from '../../core/db/schema';
import { serviceTarget } from '../../modules/terminals';
import { HOUR } from './day';
import {
  eventAccess,
  eventAddons,
  eventArticles,
  eventMenus,
  eventPresenceLocation,
  eventSalePlaces,
  eventStaff,
  eventTopUpPlaces,
  eventZones,
} from './event-setup';
import { simulateFestival } from './festival';

/**
 * The first start of the demo: a small festival (150 wristbands) from the event's opening up to
 * now (at most 2 nights), recorded through the sync service, so the customer lookup, extracts and
 * reports show data. A few seconds.
 */
export async function simulateDemo(db: Db, eventId: number) {
  const [event] = await db.select({ start: events.dateStart }).from(events).where(eq(events.id, eventId));
  const now = Date.now();
  const opened = event && event.start.getTime() < now - HOUR ? event.start : null;
  const days = opened ? Math.min(2, Math.max(1, Math.ceil((now - opened.getTime()) / (24 * HOUR)))) : 2;
  const zones = await eventZones(db, eventId);
  // The terminals' last contact is when they synced in the simulated festival, not this start-up.
  const contacts = new Map<string, Date>();
  const report = await simulateFestival(serviceTarget(db), {
    fleetIncidents: true,
    onContact: (serial, at) => contacts.set(serial, at),
    eventId,
    wristbands: 150,
    days,
    seed: 42,
    // Luca Ruiz (04577424DBA62E, ticket T42-00001K), the README's demo wristband.
    story: 56,
    syncEveryMinutes: 60,
    kioskSyncEveryMinutes: 20,
    articles: await eventArticles(db, eventId),
    menus: await eventMenus(db, eventId),
    addons: await eventAddons(db, eventId),
    staff: await eventStaff(db, eventId),
    presenceLocation: await eventPresenceLocation(db, eventId),
    zones,
    ...(await eventAccess(db, eventId, zones)),
    ...(await eventTopUpPlaces(db, eventId)),
    ...(await eventSalePlaces(db, eventId)),
    ...(opened ? { start: opened, until: new Date(now) } : {}),
  });
  for (const [serial, at] of contacts) {
    await db.update(devices).set({ lastContactAt: at }).where(eq(devices.nSerie, serial));
  }
  return report;
}
