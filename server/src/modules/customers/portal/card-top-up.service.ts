import {
  CARD_BRAND_LABEL,
  LANGUAGES,
  type Language,
  type PortalTopUpResult,
  type PortalTopUpStart,
  type PortalTopUpStarted,
  topUpAmounts,
} from '@pulsera/contracts';
import type Stripe from 'stripe';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { fail } from '../../../core/lib/errors';
import * as card from './card-top-up.repo';
import type * as repo from './portal.repo';
import type { PortalClaims } from './portal.service';
import { onlineTopUpRules, stateOf, wristbandOf } from './portal.service';
import { portalMailQueue } from './portal-mail.jobs';
import { stripeOf } from './stripe-client';

/**
 * Card top-ups of the attendee portal (issue 28) by Stripe Checkout. The amounts are the server's,
 * from `topUpAmounts` (channel online) as the amount screen shows them; the payment is settled only
 * from the session as Stripe answers it when asked (never from a webhook's body, never from the
 * browser), under a lock on the online top-up, so that it credits the wristband once.
 * Decisions: docs/decisions/customers.md ("Card top-ups").
 */
const STATE: Record<number, PortalTopUpResult['state']> = {
  0: 'pending',
  1: 'paid',
  2: 'rejected',
  [-1]: 'refunded',
};

const siteBase = (ctx: AppContext) => ctx.config.topUpSiteUrl.replace(/\/+$/, '');

/** POST /api/portal/{slug}/top-ups: records the pending top-up and opens its Checkout Session. */
export async function startCardTopUp(
  ctx: AppContext,
  event: repo.PortalEvent,
  claims: PortalClaims,
  input: PortalTopUpStart,
  lang: Language = 'en',
): Promise<PortalTopUpStarted> {
  const stripe = stripeOf(ctx);
  if (!stripe) throw fail('portalCardPaymentOff');
  if (stateOf(event) !== 'open') throw fail('portalClosed');
  const wristband = await wristbandOf(ctx.db, event.id, claims);
  if (!wristband) throw fail('portalNoWristband');
  const { s, bonuses, fees, topUpNumber } = await onlineTopUpRules(ctx, event.id, wristband.id);
  if (input.amount < s.minTopUp || input.amount > s.maxTopUp) throw fail('portalTopUpAmountRefused');
  const at = new Date();
  const amounts = topUpAmounts(
    { amount: input.amount, at, timeZone: event.timezone, topUpNumber, channel: 'online' },
    bonuses,
    fees,
  );
  const row = await card.insertPending(ctx.db, {
    eventId: event.id,
    customerId: wristband.customerId ?? claims.cus ?? null,
    wristbandId: wristband.id,
    dateRechargeOnline: at,
    amountTotal: amounts.money,
    amountRecharge: amounts.amount,
    amountBonus: amounts.bonus,
    concept: `${event.name} · ${wristband.nSerie}`,
  });
  const email = row.customerId ? await card.customerEmail(ctx.db, row.customerId) : null;
  const back = `${siteBase(ctx)}/${encodeURIComponent(event.slug ?? '')}/top-up/result?id=${row.id}`;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: String(row.id),
        // The attendee's language, for the receipt e-mail sent when the payment settles.
        metadata: { topUpId: String(row.id), eventId: String(event.id), lang },
        ...(email ? { customer_email: email } : {}),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: (event.financial?.iso || 'EUR').toLowerCase(),
              unit_amount: amounts.money,
              product_data: { name: `${event.name} · ${wristband.nSerie}` },
            },
          },
        ],
        success_url: back,
        cancel_url: `${back}&cancelled=1`,
      },
      { idempotencyKey: `online-top-up-${row.id}` },
    );
  } catch {
    await card.reject(ctx.db, row.id, 'The card payment service did not answer');
    throw fail('portalPaymentUnavailable');
  }
  await card.setSession(ctx.db, row.id, session.id);
  if (!session.url) throw fail('portalPaymentUnavailable');
  return { id: row.id, url: session.url };
}

/** GET /api/portal/{slug}/top-ups/{id}: the state of one of the attendee's own card top-ups. */
export async function cardTopUpResult(
  ctx: AppContext,
  event: repo.PortalEvent,
  claims: PortalClaims,
  id: number,
): Promise<PortalTopUpResult> {
  const wristband = await wristbandOf(ctx.db, event.id, claims);
  let row = await card.byId(ctx.db, event.id, id);
  if (!row || !wristband || row.wristbandId !== wristband.id) throw fail('notFound');
  // Back from the payment page before the webhook: ask Stripe once more.
  if (row.payed === 0 && row.payTpvOrderId && stripeOf(ctx)) {
    await settleCardTopUp(ctx, row.id, ctx.db, row);
    row = (await card.byId(ctx.db, event.id, id)) ?? row;
  }
  return {
    id: row.id,
    state: STATE[row.payed] ?? 'pending',
    amount: row.amountRecharge,
    bonus: row.amountBonus,
    fee: row.amountTotal - row.amountRecharge,
    money: row.amountTotal,
  };
}

/**
 * Settles a pending card top-up from its Checkout Session as Stripe answers it now: paid (the amount
 * and the reference ours) → marked paid and credited; expired → rejected; else left pending. Safe to
 * run any number of times, from any number of processes: the row is locked and settled only once.
 * `read`: the row as the caller just read it (saves reading it again; it is read again under the lock
 * before anything is written). Answers what it did.
 */
export async function settleCardTopUp(
  ctx: AppContext,
  id: number,
  db: Executor = ctx.db,
  read?: card.OnlineTopUp,
): Promise<'paid' | 'expired' | 'pending' | 'settled'> {
  const stripe = stripeOf(ctx);
  const first = read?.id === id ? read : await card.byIdAnyEvent(db, id);
  if (!stripe || !first?.payTpvOrderId || first.payed !== 0) return 'settled';
  // The charge's card (brand, last 4 digits, country, authorisation code) comes with the session.
  const session = await stripe.checkout.sessions.retrieve(first.payTpvOrderId, {
    expand: ['payment_intent.latest_charge'],
  });
  const paid =
    session.payment_status === 'paid' &&
    session.client_reference_id === String(id) &&
    session.amount_total === first.amountTotal;
  if (!paid && session.status !== 'expired') return 'pending';
  return card
    .settleLocked(db, id, async (row, tx) => {
      if (!paid) return card.reject(tx, row.id, 'Checkout session expired');
      const operationId = await card.creditPaid(tx, row, { paidAt: new Date(), ...paymentOf(session) });
      // The receipt, queued with the credit: it exists only if the credit commits, so once.
      const to =
        session.customer_details?.email ||
        (row.customerId ? await card.customerEmail(tx, row.customerId) : null);
      const lang = LANGUAGES.find((l) => l === session.metadata?.lang) ?? 'en';
      if (to)
        await ctx.jobs.enqueue(
          portalMailQueue,
          { kind: 'topUpReceipt', eventId: row.eventId, id: row.id, operationId, lang, to },
          { tx, eventId: row.eventId },
        );
    })
    .then((done) => (done ? (paid ? 'paid' : 'expired') : 'settled'));
}

/** Stripe's card brands (Charge.payment_method_details.card.brand) by the names the console shows. */
const BRAND_NAMES: Record<string, string> = {
  visa: CARD_BRAND_LABEL.visa,
  mastercard: CARD_BRAND_LABEL.mastercard,
  amex: CARD_BRAND_LABEL.amex,
  diners: CARD_BRAND_LABEL.dinersClub,
  discover: CARD_BRAND_LABEL.discover,
  jcb: CARD_BRAND_LABEL.jcb,
  unionpay: CARD_BRAND_LABEL.unionPay,
};

/**
 * What a paid session tells of its payment: the currency, the PaymentIntent, and from its latest
 * charge's `payment_method_details.card` the brand, the last 4 digits (kept masked: `**** 4242`), the
 * card's country and the authorisation code (the PaymentIntent's id when the network gave none).
 */
export function paymentOf(session: Stripe.Checkout.Session): card.CardPayment {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const intentId = intent?.id ?? (typeof session.payment_intent === 'string' ? session.payment_intent : null);
  const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const c = charge?.payment_method_details?.card;
  const brand = c?.brand && c.brand !== 'unknown' ? (BRAND_NAMES[c.brand] ?? c.brand) : null;
  return {
    currency: session.currency?.toUpperCase() ?? null,
    paymentIntent: intentId,
    authCode: c?.authorization_code || intentId,
    cardBrand: brand,
    cardNumber: c?.last4 ? `**** ${c.last4}` : null,
    cardCountry: c?.country ?? null,
  };
}

/** The pending card top-ups older than the reconciliation delay, settled one by one. */
export async function reconcileCardTopUps(ctx: AppContext, db: Executor = ctx.db) {
  const before = new Date(Date.now() - ctx.config.stripeReconcileMinutes * 60_000);
  const counts = { paid: 0, expired: 0, pending: 0, settled: 0 };
  for (const id of await card.pendingBefore(db, before)) counts[await settleCardTopUp(ctx, id, db)]++;
  return counts;
}
