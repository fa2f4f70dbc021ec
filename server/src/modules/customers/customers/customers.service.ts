import {
  type AccessRecordRow,
  type AccessSubject,
  CUSTOMER_SEARCH_FIELDS,
  type CustomerDetail,
  type CustomerFlagsResult,
  type CustomerRefund,
  type CustomerSearchRequest,
  type CustomerSearchRow,
  compareExtractRows,
  EXTRACT_PAYOUT,
  EXTRACT_SALE,
  EXTRACT_TOP_UP,
  type ExtractResult,
  type ExtractRow,
  type ExtractSale,
  type ExtractTopUp,
  hasPermission,
  type OnlineTopUp,
  type RefundCreate,
  type RefundEdit,
  type RefundHistoryEntry,
  type ServicesOnlineResult,
  type WristbandChange,
} from '@pulsera/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { isUniqueViolation } from '../../../core/lib/db-errors';
import { fail, fieldError } from '../../../core/lib/errors';
import { searchCustomers } from './customer-search.repo';
import * as repo from './customers.repo';
import { payoutMovesOf, payoutRow } from './extract-payouts';
import { refundHistory } from './refund-history';

type RefundCreateInput = z.output<typeof RefundCreate>;
type RefundEditInput = z.output<typeof RefundEdit>;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const isoOrNull = (d: Date | string | null | undefined) => (d ? iso(d) : null);
/** A catalogue name, or '#id' when the catalogue row is gone (the feed keeps plain ids). */
const named = (name: string | null | undefined, id: number | null | undefined) =>
  name ?? (id === null || id === undefined ? null : `#${id}`);
const deviceName = (description: string | null | undefined, serial: string | null | undefined) =>
  description || serial || null;
const toCents = (units: number) => Math.round(units * 100);

// ---------------------------------------------------------------------------------------------
// Search and the customer

/**
 * GET /infoCustomer/search: only the non-blank fields; none at all is refused. Answers the page's
 * rows and whether a next page has any.
 */
export async function search(
  ctx: AppContext,
  eventId: number,
  q: z.output<typeof CustomerSearchRequest>,
): Promise<{ rows: CustomerSearchRow[]; hasMore: boolean }> {
  const given = CUSTOMER_SEARCH_FIELDS.filter((f) => (q[f] ?? '').trim() !== '');
  if (!given.length) throw fail('customerSearchEmpty');
  const query = Object.fromEntries(given.map((f) => [f, q[f]!.trim()]));
  return searchCustomers(ctx.db, eventId, query, q.page);
}

async function customerOr404(db: Executor, eventId: number, customerId: number) {
  const customer = await repo.findCustomer(db, eventId, customerId);
  if (!customer) throw fail('notFound');
  return customer;
}

/** A wristband of the event (404 otherwise), and of the customer when one is named. */
async function wristbandOr404(db: Executor, eventId: number, rfidId: number, customerId?: number) {
  const w = await repo.findWristband(db, eventId, rfidId);
  if (!w || (customerId !== undefined && w.customerId !== customerId)) throw fail('notFound');
  return w;
}

/** GET /infoCustomer: the customer with the chosen wristband (else the one they use now). */
export async function detail(
  ctx: AppContext,
  eventId: number,
  customerId: number,
  rfidId?: number,
): Promise<CustomerDetail> {
  const c = await customerOr404(ctx.db, eventId, customerId);
  const w =
    rfidId !== undefined
      ? await wristbandOr404(ctx.db, eventId, rfidId, c.id)
      : await repo.currentWristband(ctx.db, eventId, c.id);
  const firstOnline = await repo.firstOnlineTopUp(ctx.db, eventId, c.id);
  return {
    customerId: c.id,
    name: c.name,
    email: c.email,
    codePrint: c.ticketCode,
    localizer: c.localizer,
    rfidId: w?.id ?? null,
    n_serie: w?.nSerie ?? null,
    codeCheck: w?.codeCheck ?? null,
    active: w ? (w.active === 1 ? 1 : 0) : null,
    cash: w?.cash ?? null,
    gift: w?.gift ?? null,
    refundableCash: await repo.customerCash(ctx.db, eventId, c.id),
    flags: w?.flags ?? [],
    // Registered on the online-services web: so marked, or they bought there (issue 16); the date
    // known for it is their first online top-up's.
    registered: c.registered === 1 || firstOnline ? 1 : 0,
    dateOnlineRegistration: firstOnline ? firstOnline.toISOString() : null,
    date_insert: iso(c.dateInsert),
    dateInactive: isoOrNull(c.dateInactive),
    dateValidation: isoOrNull(c.dateValidation),
  };
}

/** GET /infoCustomer/flag: every flag of the event, ticked when the wristband holds it. */
export async function wristbandFlags(
  ctx: AppContext,
  eventId: number,
  rfidId: number,
): Promise<CustomerFlagsResult> {
  const w = await wristbandOr404(ctx.db, eventId, rfidId);
  const all = await repo.eventFlags(ctx.db, eventId);
  return { flags: all.map((f) => ({ ...f, active: w.flags.includes(f.id) })) };
}

/** GET /infoCustomer/wristbandChange: the replacements among the customer's wristbands. */
export async function wristbandChanges(
  ctx: AppContext,
  eventId: number,
  rfidId: number,
): Promise<WristbandChange[]> {
  const w = await wristbandOr404(ctx.db, eventId, rfidId);
  const ids = w.customerId ? await repo.wristbandIdsOf(ctx.db, eventId, w.customerId) : [w.id];
  const rows = await repo.changesOf(ctx.db, eventId, ids.length ? ids : [w.id]);
  return rows.map((r) => ({ sourceRfid: r.sourceRfid, endRfid: r.endRfid, date: iso(r.date) }));
}

// ---------------------------------------------------------------------------------------------
// Online services

export function toOnlineTopUp(r: repo.OnlineTopUpRow, location: string | null): OnlineTopUp {
  return {
    id: r.id,
    valid: r.valid === 1 ? 1 : 0,
    payed: r.payed as OnlineTopUp['payed'],
    notes: r.notes,
    dateRechargeOnline: iso(r.dateRechargeOnline),
    dateRechargeRfid: isoOrNull(r.dateRechargeRfid),
    date_insert: iso(r.createdAt),
    date_update: iso(r.updatedAt),
    dateRefund: isoOrNull(r.dateRefund),
    concept: r.concept,
    amountTotal: r.amountTotal,
    amountRecharge: r.amountRecharge,
    amountBonus: r.amountBonus,
    articles: r.articles.map((a) => ({ quantity: a.quantity, article: a.article })),
    data: r.cardBrand || r.cardNumber ? { brand: r.cardBrand, number: r.cardNumber } : null,
    idRecharge: r.idRecharge,
    module: r.module,
    location: named(location, r.locationId),
    payTpvDateTime: isoOrNull(r.payTpvDateTime),
    payTpvAmount: r.payTpvAmount,
    payTpvCurrency: r.payTpvCurrency,
    idOrder: r.idOrder,
    payTpvAuthCode: r.payTpvAuthCode,
    payTpvBicCode: r.payTpvBicCode,
    payTpvCardCountry: r.payTpvCardCountry,
    terminal: r.terminal,
    merchantCode: r.merchantCode,
    idTransactionType: r.idTransactionType,
    payTpvOrderId: r.payTpvOrderId,
    idError: r.idError,
  };
}

export const toRefund = (r: repo.RefundRow, history: RefundHistoryEntry[] = []): CustomerRefund => ({
  id: r.id,
  amount: r.amount / 100,
  fee: r.fee / 100,
  ccOwner: r.ccOwner,
  ccIban: r.ccIban,
  ccBic: r.ccBic,
  ccEmail: r.ccEmail,
  rfidId: r.wristbandId,
  nSerie: r.nSerie,
  customerId: r.customerId,
  create_time: iso(r.createdAt),
  update_time: iso(r.updatedAt),
  status: r.status as CustomerRefund['status'],
  runId: r.runId,
  // One state (issue 27): the paid date while it is paid; before, it is in the history.
  paidAt: r.status === 'paid' ? isoOrNull(r.paidAt) : null,
  rejectedAt: isoOrNull(r.rejectedAt),
  rejectReason: r.rejectReason,
  history,
});

/** GET /infoCustomer/servicesOnline: the customer's online top-ups and their refund. */
export async function servicesOnline(
  ctx: AppContext,
  eventId: number,
  customerId: number,
  rfidId?: number,
): Promise<ServicesOnlineResult> {
  const c = await customerOr404(ctx.db, eventId, customerId);
  if (rfidId !== undefined) await wristbandOr404(ctx.db, eventId, rfidId, c.id);
  const ids = await repo.wristbandIdsOf(ctx.db, eventId, c.id);
  const [topUps, refund] = await Promise.all([
    repo.onlineTopUpsOf(ctx.db, eventId, c.id, ids),
    repo.refundOfCustomer(ctx.db, eventId, c.id),
  ]);
  return {
    topUps: topUps.map((t) => toOnlineTopUp(t.row, t.location)),
    refund: refund ? toRefund(refund, await refundHistory(ctx.db, eventId, refund)) : null,
  };
}

/**
 * POST /infoCustomer/topUpRefund (admins): marks an online top-up of any status but -1 refunded (-1),
 * only once (01-console §4). The mark
 * is one conditional update, so of two concurrent marks exactly one succeeds.
 */
export async function markTopUpRefunded(ctx: AppContext, eventId: number, userId: number | null, id: number) {
  return ctx.db.transaction(async (tx) => {
    const marked = await repo.markOnlineTopUpRefunded(tx, eventId, id, userId);
    if (!marked) {
      const existing = await repo.findOnlineTopUp(tx, eventId, id);
      if (!existing) throw fail('topUpNotFound');
      // 01-console §4: any status but -1 may be marked (issue 27 item 29); what is left is a second mark.
      throw fail('topUpAlreadyRefunded');
    }
    const row = (await repo.onlineTopUpWithLocation(tx, eventId, id))!;
    return toOnlineTopUp(row.row, row.location);
  });
}

// ---------------------------------------------------------------------------------------------
// The customer's refund (01-console §4, §5)

/** The amount may not exceed the customer's cash balance (the gift balance is never refunded). */
async function checkBalance(db: Executor, eventId: number, customerId: number, amountCents: number) {
  const cash = await repo.customerCash(db, eventId, customerId);
  if (amountCents > cash) {
    throw fieldError(
      'refund.amount',
      // In cents: the console shows it in the screen's currency (contracts `moneyParams`).
      `validation.refundOverBalance|${JSON.stringify({ balanceCents: Math.max(cash, 0) })}`,
    );
  }
}

/** POST /infoCustomer/create-refund: at most one per customer, for a wristband of theirs. */
export async function createRefund(
  ctx: AppContext,
  eventId: number,
  userId: number | null,
  body: RefundCreateInput,
): Promise<CustomerRefund> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const c = await customerOr404(tx, eventId, body.customerId);
      const w =
        body.rfidId !== undefined
          ? await wristbandOr404(tx, eventId, body.rfidId, c.id)
          : await repo.currentWristband(tx, eventId, c.id);
      if (!w) throw fail('refundNeedsWristband');
      if (await repo.refundOfCustomer(tx, eventId, c.id)) throw fail('refundExists');
      const amount = toCents(body.amount);
      await checkBalance(tx, eventId, c.id, amount);
      const row = await repo.insertRefund(tx, {
        eventId,
        customerId: c.id,
        wristbandId: w.id,
        nSerie: w.nSerie,
        amount,
        fee: toCents(body.fee ?? 0),
        ccOwner: body.ccOwner,
        ccIban: body.ccIban,
        ccBic: body.ccBic || null,
        ccEmail: body.ccEmail || null,
        createdBy: userId,
        updatedBy: userId,
      });
      await repo.setCustomerIban(tx, eventId, c.id, row.ccIban);
      return toRefund(row, await refundHistory(tx, eventId, row));
    });
  } catch (e) {
    // A concurrent create for the same customer slipped between the check and the insert.
    if (isUniqueViolation(e)) throw fail('refundExists');
    throw e;
  }
}

/** POST /infoCustomer/edit-refund: needs refundsEdit; the e-mail, customer and wristband stay. */
export async function editRefund(
  ctx: AppContext,
  eventId: number,
  userId: number | null,
  subject: AccessSubject,
  body: RefundEditInput,
): Promise<CustomerRefund> {
  if (!hasPermission(subject, 'refundsEdit')) throw fail('refundsEditDenied');
  return ctx.db.transaction(async (tx) => {
    const existing = await repo.findRefund(tx, eventId, body.id);
    if (!existing) throw fail('notFound');
    // In a payout run or paid: the file already holds it (issue 15). A rejected one is corrected
    // and waits for a new run.
    if (existing.status === 'inRun' || existing.status === 'paid') throw fail('payoutRefundLocked');
    const amount = toCents(body.amount);
    await checkBalance(tx, eventId, existing.customerId, amount);
    const row = await repo.updateRefund(tx, eventId, existing.id, {
      amount,
      fee: toCents(body.fee ?? 0),
      ccOwner: body.ccOwner,
      ccIban: body.ccIban,
      ccBic: body.ccBic || null,
      updatedBy: userId,
    });
    if (!row) throw fail('payoutRefundLocked');
    await repo.setCustomerIban(tx, eventId, existing.customerId, row.ccIban);
    return toRefund(row, await refundHistory(tx, eventId, row));
  });
}

// ---------------------------------------------------------------------------------------------
// The extract and the access log

/**
 * GET /infoCustomer/extract: the wristband's top-ups and sales, and both merged (top-ups first on
 * ties) with the running balance (cash and gift) after each line.
 */
export async function extract(ctx: AppContext, eventId: number, rfidId: number): Promise<ExtractResult> {
  const w = await wristbandOr404(ctx.db, eventId, rfidId);
  const [topUpRows, saleRows, payouts] = await Promise.all([
    repo.topUpsOf(ctx.db, eventId, w.id),
    repo.salesOf(ctx.db, eventId, w.id),
    payoutMovesOf(ctx.db, eventId, w.id),
  ]);
  const saleIds = saleRows.map((s) => s.row.id);
  const [lines, payments] = await Promise.all([
    repo.linesOf(ctx.db, eventId, saleIds),
    repo.paymentsOf(ctx.db, eventId, saleIds),
  ]);
  const articleIds = new Set<number>();
  for (const t of topUpRows) for (const a of t.row.articles) articleIds.add(a.idArticle);
  for (const l of lines) articleIds.add(l.articleId);
  const names = await repo.articleNames(ctx.db, eventId, [...articleIds]);
  const article = (id: number) => names.get(id) ?? `#${id}`;

  const topUps: ExtractTopUp[] = topUpRows.map(({ row: t, ...j }) => ({
    idUnique: t.id,
    date: iso(t.deviceTime),
    operation: t.type,
    typePay: t.paymentType,
    amount: t.amount,
    bonus: t.bonus,
    money: t.money,
    fee: t.fee,
    acumulate: 0,
    articles: t.articles.map((a) => ({ quantity: a.quantity, name: article(a.idArticle) })),
    ref: t.ref,
    staff: named(j.staffName, t.staffId),
    supervisor: named(j.supervisorName, t.supervisorId),
    device: deviceName(j.deviceDescription, j.deviceSerial),
    location: named(j.location, t.locationId),
    negativeBalance: t.negativeBalance,
    date_update: iso(t.createdAt),
  }));

  const salesList: ExtractSale[] = saleRows.map(({ row: s, ...j }) => {
    const mine = payments.filter((p) => p.saleId === s.id);
    const sign = s.isDevolution ? 1 : -1;
    const fromThisWristband = mine
      .filter((p) => (p.type === 'S' || p.type === 'B') && p.wristbandId === w.id)
      .reduce((sum, p) => sum + p.amount, 0);
    return {
      idUnique: s.id,
      date: iso(s.deviceTime),
      isDevolution: s.isDevolution,
      totalPurchase: s.totalPurchase,
      totalPayed: s.totalPayed,
      numPayers: s.numPayers,
      amount: sign * fromThisWristband,
      acumulate: 0,
      payments: mine.map((p) => ({ type: p.type, amount: p.amount })),
      articles: lines
        .filter((l) => l.saleId === s.id)
        .map((l) => ({
          quantity: l.quantity,
          price: l.price,
          article: article(l.articleId),
          quantityGift: l.quantityGift,
        })),
      staff: named(j.staffName, s.staffId),
      device: deviceName(j.deviceDescription, j.deviceSerial),
      location: named(j.location, s.locationId),
      negativeBalance: s.negativeBalance,
    };
  });

  const rows: ExtractRow[] = [
    ...topUps.map((t) => ({
      date: t.date,
      idUnique: t.idUnique,
      idType: EXTRACT_TOP_UP as 0,
      type: t.operation,
      operation: 'topUp' as const,
      amount: t.amount + t.bonus,
      accumulate: t.acumulate,
      location: t.location,
    })),
    ...salesList.map((s) => ({
      date: s.date,
      idUnique: s.idUnique,
      idType: EXTRACT_SALE as 1,
      type: [...new Set(s.payments.map((p) => p.type))].join('+'),
      operation: s.isDevolution ? ('devolution' as const) : ('sale' as const),
      amount: s.amount,
      accumulate: s.acumulate,
      location: s.location,
    })),
    ...payouts.map(payoutRow),
  ].sort(compareExtractRows);
  // The balance after each line, in the extract's order (device time). Terminals upload late and out
  // of order, so the balance the server kept when recording follows arrival, not the customer's day.
  let balance = 0;
  const after = new Map<string, number>();
  for (const r of rows) {
    balance += r.amount;
    r.accumulate = balance;
    after.set(`${r.idType}-${r.idUnique}`, balance);
  }
  for (const t of topUps) t.acumulate = after.get(`${EXTRACT_TOP_UP}-${t.idUnique}`)!;
  for (const x of salesList) x.acumulate = after.get(`${EXTRACT_SALE}-${x.idUnique}`)!;
  for (const p of payouts) p.acumulate = after.get(`${EXTRACT_PAYOUT}-${p.idUnique}`)!;
  return { rows, topUps, sales: salesList, payouts };
}

/** GET /infoCustomer/access: the wristband's access log. */
export async function accessLog(
  ctx: AppContext,
  eventId: number,
  rfidId: number,
): Promise<AccessRecordRow[]> {
  const w = await wristbandOr404(ctx.db, eventId, rfidId);
  const rows = await repo.accessOf(ctx.db, eventId, w.id);
  return rows.map(({ row: a, ...j }) => ({
    id: a.id,
    acceso: a.acceso,
    zoneFrom: named(j.zoneFrom, a.zoneFrom),
    zoneTo: named(j.zoneTo, a.zoneTo),
    gate: named(j.gate, a.gateId),
    lastZone: named(j.lastZone, a.lastZone),
    rol: named(j.rol, a.roleId),
    dateLocal: iso(a.dateLocal),
    staff: named(j.staffName, a.staffId),
    deviceDescription: j.deviceDescription ?? null,
    deviceModel: j.deviceModel ?? null,
    date_update: iso(a.createdAt),
  }));
}
