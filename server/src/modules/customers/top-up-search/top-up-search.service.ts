import type { TopUpFound, TopUpSearchQuery, TopUpSearchResult } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { fail } from '../../../core/lib/errors';
import { toOnlineTopUp } from '../customers/customers.service';
import * as repo from './top-up-search.repo';

/** The criteria of a query: blank ones left out, the amount in cents. */
export function criteria(q: TopUpSearchQuery): repo.TopUpCriteria {
  const c: repo.TopUpCriteria = {};
  if (q.idOrder) c.idOrder = q.idOrder;
  if (q.authCode) c.authCode = q.authCode;
  if (q.cardDigits) c.cardDigits = q.cardDigits;
  if (q.email) c.email = q.email;
  if (q.amount) c.amountCents = Math.round(Number(q.amount.replace(',', '.')) * 100);
  if (q.dateStart) c.dateStart = q.dateStart;
  if (q.dateEnd) c.dateEnd = q.dateEnd;
  return c;
}

/**
 * GET /search-top-up: the online top-ups of every event matching all the given criteria. Refused
 * without any criterion (it would list every purchase of every event).
 */
export async function search(ctx: AppContext, q: TopUpSearchQuery): Promise<TopUpSearchResult> {
  const c = criteria(q);
  if (!Object.keys(c).length) throw fail('topUpSearchEmpty');
  const { rows, total } = await repo.search(ctx.db, c, q);
  return {
    total,
    topUps: rows.map(({ row: r, eventName, customerName, customerEmail }) => ({
      id: r.id,
      eventId: r.eventId,
      eventName,
      customerId: r.customerId,
      customerName,
      customerEmail,
      idOrder: r.idOrder,
      payTpvAuthCode: r.payTpvAuthCode,
      cardBrand: r.cardBrand,
      cardNumber: r.cardNumber,
      amountTotal: r.amountTotal,
      payTpvCurrency: r.payTpvCurrency,
      payed: r.payed as TopUpFound['topUp']['payed'],
      dateRechargeOnline: r.dateRechargeOnline.toISOString(),
    })),
  };
}

/** GET /search-top-up/:id: every field of one top-up, its event and its customer. */
export async function open(ctx: AppContext, id: number): Promise<TopUpFound> {
  const found = await repo.findTopUp(ctx.db, id);
  if (!found) throw fail('topUpNotFound');
  const { row, eventName, customerName, customerEmail, nSerie, location } = found;
  return {
    topUp: toOnlineTopUp(row, location),
    eventId: row.eventId,
    eventName,
    customerId: row.customerId,
    customerName,
    customerEmail,
    rfidId: row.wristbandId,
    nSerie,
  };
}
