import { DEFAULT_ONLINE_COLORS, DEFAULT_ONLINE_GRADIENT, ONLINE_TOP_UP_DEFAULTS } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../core/db/client';
import { eventOnlineServices, events } from '../../../core/db/schema';

/**
 * The demo's attendee portal (issue 28): the active festival's online services open over its
 * operations dates, the check code asked, a free top-up amount allowed, both login methods and an info text in the four languages.
 * The site is then at /portal/sonora-2026; any simulated wristband signs in with its serial and check
 * code (README names one). Does nothing when the event's online services were already configured.
 */
export async function seedPortalDemo(db: Db, eventId: number) {
  const [existing] = await db
    .select({ id: eventOnlineServices.eventId })
    .from(eventOnlineServices)
    .where(eq(eventOnlineServices.eventId, eventId));
  if (existing) return false;
  const [event] = await db
    .select({
      start: events.operationsStart,
      end: events.operationsEnd,
      dateStart: events.dateStart,
      dateEnd: events.dateEnd,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return false;
  await db
    .update(events)
    .set({
      servicesOnlineDateStart: event.start ?? event.dateStart,
      servicesOnlineDateEnd: event.end ?? event.dateEnd,
    })
    .where(eq(events.id, eventId));
  await db.insert(eventOnlineServices).values({
    eventId,
    needsCodeCheck: 1,
    manuallyTopUp: 1,
    minTopUp: ONLINE_TOP_UP_DEFAULTS.min,
    maxTopUp: ONLINE_TOP_UP_DEFAULTS.max,
    colors: { ...DEFAULT_ONLINE_COLORS },
    gradient: { ...DEFAULT_ONLINE_GRADIENT },
    cardBrands: ['visa', 'mastercard'],
    loginMethod: 'rfidAndTicket',
    knownTicketsOnly: 1,
    infoText: {
      en: 'Check your balance and your purchases. Top up before you arrive and skip the queue.',
      es: 'Consulta tu saldo y tus compras. Recarga antes de llegar y evita las colas.',
      it: 'Controlla il saldo e gli acquisti. Ricarica prima di arrivare ed evita le code.',
      fr: 'Consultez votre solde et vos achats. Rechargez avant d’arriver et évitez la file.',
    },
  });
  return true;
}
