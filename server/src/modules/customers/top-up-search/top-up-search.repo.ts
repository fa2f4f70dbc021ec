import type { TopUpSearchQuery } from '@pulsera/contracts';
import { and, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { customers, events, onlineTopUps, wristbands } from '../../../core/db/schema';
import { boundedPageWindow } from '../../../core/lib/paging';

/** The criteria once read: the amount in cents. */
export interface TopUpCriteria {
  idOrder?: string;
  authCode?: string;
  cardDigits?: string;
  email?: string;
  amountCents?: number;
  dateStart?: string;
  dateEnd?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(c: TopUpCriteria): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (c.idOrder)
    parts.push(or(eq(onlineTopUps.idOrder, c.idOrder), eq(onlineTopUps.payTpvOrderId, c.idOrder)));
  if (c.authCode) parts.push(sql`upper(${onlineTopUps.payTpvAuthCode}) = ${c.authCode.toUpperCase()}`);
  if (c.cardDigits) parts.push(sql`right(${onlineTopUps.cardNumber}, 4) = ${c.cardDigits}`);
  if (c.email) parts.push(ilike(customers.email, `%${escapeLike(c.email)}%`));
  if (c.amountCents !== undefined) parts.push(eq(onlineTopUps.amountTotal, c.amountCents));
  if (c.dateStart) parts.push(gte(onlineTopUps.dateRechargeOnline, new Date(c.dateStart)));
  if (c.dateEnd) parts.push(lte(onlineTopUps.dateRechargeOnline, new Date(c.dateEnd)));
  return and(...parts);
}

/** A page of the online top-ups of every event that match, newest purchase first, and the total. */
export async function search(
  db: Executor,
  c: TopUpCriteria,
  q: Pick<TopUpSearchQuery, 'page' | 'paginationLimit'>,
) {
  const { limit, offset } = boundedPageWindow(q, 25);
  const w = where(c);
  const rows = await db
    .select({
      row: onlineTopUps,
      eventName: events.name,
      customerName: customers.name,
      customerEmail: customers.email,
    })
    .from(onlineTopUps)
    .innerJoin(events, eq(events.id, onlineTopUps.eventId))
    .leftJoin(customers, eq(customers.id, onlineTopUps.customerId))
    .where(w)
    .orderBy(desc(onlineTopUps.dateRechargeOnline), desc(onlineTopUps.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(onlineTopUps)
    .leftJoin(customers, eq(customers.id, onlineTopUps.customerId))
    .where(w)) as [{ n: number }];
  return { rows, total: Number(n) };
}

/** One top-up of any event, with its event, customer, wristband and location names. */
export async function findTopUp(db: Executor, id: number) {
  const [found] = await db
    .select({
      row: onlineTopUps,
      eventName: events.name,
      customerName: customers.name,
      customerEmail: customers.email,
      nSerie: wristbands.nSerie,
      location: sql<
        string | null
      >`(select l.name from locations l where l.id = ${onlineTopUps.locationId} and l.event_id = ${onlineTopUps.eventId})`,
    })
    .from(onlineTopUps)
    .innerJoin(events, eq(events.id, onlineTopUps.eventId))
    .leftJoin(customers, eq(customers.id, onlineTopUps.customerId))
    .leftJoin(wristbands, eq(wristbands.id, onlineTopUps.wristbandId))
    .where(eq(onlineTopUps.id, id))
    .limit(1);
  return found ?? null;
}
