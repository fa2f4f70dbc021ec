import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addons, staff } from '../../db/schema';

/** Terminal staff of the demo festival: who works the bars, kiosks, gates and the desk. */
const DEMO_STAFF: [user: string, name: string, trusts: string][] = [
  ['lucia.bar', 'Lucía Ferrer', 'CV'],
  ['marco.bar', 'Marco Rinaldi', 'CV'],
  ['chloe.bar', 'Chloé Laurent', 'CVH'],
  ['pablo.kiosk', 'Pablo Ortega', 'CO'],
  ['sara.kiosk', 'Sara Molina', 'CB'],
  ['hugo.gate', 'Hugo Serrano', 'RX'],
  ['irene.gate', 'Irene Castro', 'RX'],
  ['liam.gate', 'Liam Walsh', 'RXD'],
  ['nuria.desk', 'Nuria Vidal', 'SRB'],
  ['diego.sup', 'Diego Prieto', 'CST'],
  ['giulia.bar', 'Giulia Conti', 'CV'],
  ['olivia.bar', 'Olivia Reed', 'CV'],
];

/**
 * The demo festival's add-ons and terminal staff, before the simulation (`simulateDemo`) runs, so
 * its add-on operations and their statistics by staff member show real names. Does nothing when the
 * event already has add-ons or staff.
 */
export async function seedDemoCatalogue(db: Db, eventId: number) {
  const [a] = await db.select({ n: count() }).from(addons).where(eq(addons.eventId, eventId));
  if (!Number(a?.n)) {
    await db.insert(addons).values([
      {
        eventId,
        name: 'Drinks pack',
        description: 'Twenty in the balance plus five of bonus',
        amountCash: 2000,
        amountBonus: 500,
        color: '#1c7ed6',
      },
      {
        eventId,
        name: 'VIP upgrade',
        description: 'Ten of bonus for the VIP bars',
        amountCash: 0,
        amountBonus: 1000,
        color: '#ae3ec9',
      },
      {
        eventId,
        name: 'Camping pack',
        description: 'Ten in the balance for the camping shop',
        amountCash: 1000,
        amountBonus: 0,
        color: '#2f9e44',
      },
    ]);
  }
  const [s] = await db.select({ n: count() }).from(staff).where(eq(staff.eventId, eventId));
  if (!Number(s?.n)) {
    await db
      .insert(staff)
      .values(DEMO_STAFF.map(([user, name, trusts]) => ({ eventId, user, name, trusts, intern: 1 })));
  }
}
