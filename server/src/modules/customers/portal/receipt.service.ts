import { eventCurrency, netOfVat, type PortalReceipt } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { fail } from '../../../core/lib/errors';
import * as customersRepo from '../customers/customers.repo';
import * as repo from './portal.repo';
import * as receipts from './receipt.repo';
import { readReceiptToken, receiptToken } from './receipt-token';

/**
 * GET /api/portal/{slug}/receipts/{token}: the receipt of one sale or top-up, for whoever holds its
 * link. Nothing of the request names the operation but the token, read only once its MAC is
 * checked (receipt-token.ts); then it is looked up in the slug's event only, and a device's token
 * only among that device's operations. Anything else is the same 404.
 */
export async function receipt(ctx: AppContext, slug: string, token: string): Promise<PortalReceipt> {
  const read = readReceiptToken(ctx.config.sessionSecret, token);
  const event = read ? await repo.eventBySlug(ctx.db, slug) : undefined;
  if (!read || !event) throw fail('notFound');
  const device = read.signer === 0 ? undefined : read.signer;
  const common = {
    eventName: event.name,
    timeZone: event.timezone,
    currency: eventCurrency(event.financial, event.local, event.localCurrencyRate),
  };
  const sale = await receipts.saleByOperation(ctx.db, event.id, read.operationId, device);
  if (sale) {
    const s = sale.row;
    const [lines, payments] = await Promise.all([
      customersRepo.linesOf(ctx.db, event.id, [s.id]),
      customersRepo.paymentsOf(ctx.db, event.id, [s.id]),
    ]);
    const names = await customersRepo.articleNames(
      ctx.db,
      event.id,
      lines.map((l) => l.articleId),
    );
    const rate = event.eventVat;
    return {
      ...common,
      kind: 'sale',
      devolution: s.isDevolution,
      date: s.deviceTime.toISOString(),
      location: sale.location,
      serial: sale.serial,
      lines: lines.map((l) => ({
        quantity: l.quantity,
        gift: l.quantityGift,
        name: names.get(l.articleId) ?? `#${l.articleId}`,
        unitPrice: l.price,
        total: (l.quantity - l.quantityGift) * l.price,
      })),
      total: s.totalPurchase,
      payments: payments.map((p) => ({ type: p.type, amount: p.amount })),
      topUp: null,
      vat: rate ? { rate, amount: s.totalPurchase - netOfVat(s.totalPurchase, rate) } : null,
    };
  }
  const top = await receipts.topUpByOperation(ctx.db, event.id, read.operationId, device);
  if (!top) throw fail('notFound');
  const t = top.row;
  const names = await customersRepo.articleNames(
    ctx.db,
    event.id,
    t.articles.map((a) => a.idArticle),
  );
  const card =
    t.type.startsWith('O') && t.ref ? await receipts.onlineCardOf(ctx.db, event.id, t.ref) : undefined;
  return {
    ...common,
    kind: 'topUp',
    devolution: false,
    date: t.deviceTime.toISOString(),
    location: top.location,
    serial: top.serial,
    lines: t.articles.map((a) => ({
      quantity: a.quantity,
      gift: a.quantity,
      name: names.get(a.idArticle) ?? `#${a.idArticle}`,
      unitPrice: 0,
      total: 0,
    })),
    total: t.amount + t.bonus,
    payments: [],
    topUp: {
      type: t.type,
      paymentType: t.paymentType,
      amount: t.amount,
      bonus: t.bonus,
      fee: t.fee,
      money: t.money,
      card: card ? [card.brand, card.number].filter(Boolean).join(' ') || null : null,
    },
    vat: null,
  };
}

/** The receipt tokens of the extract's top-ups and sales (signed by this server). */
export async function receiptTokensOf(
  ctx: AppContext,
  eventId: number,
  topUpIds: number[],
  saleIds: number[],
) {
  const ids = await receipts.operationIdsOf(ctx.db, eventId, topUpIds, saleIds);
  const sign = (op: string | undefined) => (op ? receiptToken(ctx.config.sessionSecret, op) : null);
  return {
    topUp: (id: number) => sign(ids.topUps.get(id)),
    sale: (id: number) => sign(ids.sales.get(id)),
  };
}
