import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { customers, events, tickets, wristbands } from '../../../core/db/schema';
import { currencyLabels } from '../../settings';

/** The event an attendee portal address names (its online-services slug), with its currencies. */
export const eventBySlug = (db: Executor, slug: string) => portalEvent(db, eq(events.slug, slug));
/** The same, by the event's id (the portal's e-mails, the receipts). */
export const eventById = (db: Executor, id: number) => portalEvent(db, eq(events.id, id));

async function portalEvent(db: Executor, where: SQL) {
  const [event] = await db
    .select({
      id: events.id,
      name: events.name,
      slug: events.slug,
      timezone: events.timezone,
      opensAt: events.servicesOnlineDateStart,
      closesAt: events.servicesOnlineDateEnd,
      currencyId: events.currencyId,
      localCurrencyId: events.localCurrencyId,
      localCurrencyRate: events.localCurrencyRate,
      eventVat: events.eventVat,
    })
    .from(events)
    .where(where)
    .limit(1);
  if (!event) return undefined;
  const label = await currencyLabels(db, [event.currencyId, event.localCurrencyId]);
  return {
    ...event,
    financial: label(event.currencyId),
    local: label(event.localCurrencyId),
  };
}
export type PortalEvent = NonNullable<Awaited<ReturnType<typeof portalEvent>>>;

/** A wristband of the event by its serial, as printed or typed (letters in either case). */
export const wristbandBySerial = async (db: Executor, eventId: number, serial: string) =>
  (
    await db
      .select({
        id: wristbands.id,
        nSerie: wristbands.nSerie,
        codeCheck: wristbands.codeCheck,
        customerId: wristbands.customerId,
        active: wristbands.active,
      })
      .from(wristbands)
      .where(
        and(
          eq(wristbands.eventId, eventId),
          or(eq(wristbands.nSerie, serial), sql`lower(${wristbands.nSerie}) = lower(${serial})`),
        ),
      )
      .limit(1)
  )[0];

/** A ticket the event knows (not cancelled), by its code, with its customer and wristband. */
export const ticketByCode = async (db: Executor, eventId: number, code: string) =>
  (
    await db
      .select({ code: tickets.code, customerId: tickets.customerId, wristbandId: tickets.wristbandId })
      .from(tickets)
      .where(and(eq(tickets.eventId, eventId), eq(tickets.code, code), eq(tickets.cancelled, 0)))
      .limit(1)
  )[0];

/** A customer of the event holding this ticket code (the ticketing platform's codePrint). */
export const customerByTicketCode = async (db: Executor, eventId: number, code: string) =>
  (
    await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.eventId, eventId), eq(customers.ticketCode, code)))
      .limit(1)
  )[0];
