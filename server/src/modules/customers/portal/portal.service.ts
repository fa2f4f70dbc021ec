import { createHash, timingSafeEqual } from 'node:crypto';
import {
  eventCurrency,
  PORTAL_PRESET_AMOUNTS,
  PORTAL_SESSION_HOURS,
  type PortalAccount,
  type PortalOnlineTopUp,
  type PortalOperation,
  type PortalSession,
  type PortalSignIn,
  type PortalSite,
  type PortalState,
  type PortalTopUpOptions,
  type QueueScript,
  type QueueScriptType,
  queueIssues,
} from '@pulsera/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { fail, fieldError } from '../../../core/lib/errors';
import { listBonuses, listFees } from '../../catalogue';
import { getOnlineServices, recaptchaSecretOf } from '../../events';
import * as bannedRepo from '../banned-wristbands/banned-wristbands.repo';
import * as customersRepo from '../customers/customers.repo';
import { extract } from '../customers/customers.service';
import * as repo from './portal.repo';
import { recaptchaPasses } from './recaptcha';
import { receiptTokensOf } from './receipt.service';

/** The token audience of an attendee's session: its own key, so no console route accepts it. */
export const PORTAL_PURPOSE = 'portal';

/** What an attendee's session holds: the event and what they signed in with. */
export interface PortalClaims {
  evt: number;
  /** The wristband signed in with (by serial), or the ticket's wristband. */
  rfid: number | null;
  cus: number | null;
  tkt: string | null;
}

async function eventOr404(ctx: AppContext, slug: string) {
  const event = await repo.eventBySlug(ctx.db, slug);
  if (!event) throw fail('notFound');
  return event;
}

export function stateOf(e: repo.PortalEvent, now = Date.now()): PortalState {
  if (e.opensAt && now < e.opensAt.getTime()) return 'notYetOpen';
  if (e.closesAt && now > e.closesAt.getTime()) return 'closed';
  return 'open';
}

const currencyOf = (e: repo.PortalEvent) => eventCurrency(e.financial, e.local, e.localCurrencyRate);

/** GET /api/portal/{slug}: the site's look, texts, sign-in method and limits; never the secret. */
export async function site(ctx: AppContext, slug: string): Promise<PortalSite> {
  const event = await eventOr404(ctx, slug);
  const s = await getOnlineServices(ctx, event.id);
  return {
    slug,
    eventName: event.name,
    timeZone: event.timezone,
    state: stateOf(event),
    opensAt: event.opensAt?.toISOString() ?? null,
    closesAt: event.closesAt?.toISOString() ?? null,
    colors: s.colors,
    gradient: s.gradient,
    images: {
      header: s.images.header?.url ?? null,
      login: s.images.login?.url ?? null,
      favicon: s.images.favicon?.url ?? null,
      background: s.images.background?.url ?? null,
    },
    infoText: s.infoText,
    loginMethod: s.loginMethod,
    needsCodeCheck: s.needsCodeCheck,
    recaptchaSiteKey: s.recaptchaSiteKey,
    minTopUp: s.minTopUp,
    maxTopUp: s.maxTopUp,
    manuallyTopUp: s.manuallyTopUp,
    currency: currencyOf(event),
    queue: queueOf(s.queue),
  };
}

/** The waiting room's scripts when the queue is on and its configuration is whole (else none). */
export function queueOf(q: { enabled: 0 | 1; scripts: QueueScript[] }): PortalSite['queue'] {
  if (!q.enabled || queueIssues(q.scripts).length) return null;
  return q.scripts.map((s) => ({ type: s.type as QueueScriptType, src: s.src, function: s.function }));
}

/** Equal in constant time (both hashed first, so lengths tell nothing). */
const sameCode = (a: string, b: string) =>
  timingSafeEqual(
    createHash('sha256').update(a.trim().toUpperCase()).digest(),
    createHash('sha256').update(b.trim().toUpperCase()).digest(),
  );

/**
 * POST /api/portal/{slug}/session: signs an attendee in by the event's login method. An unknown
 * serial, a wrong check code and an unknown ticket answer the same (portalSignInFailed). Attempts are
 * throttled as the console's sign-in (per serial or ticket with the address, per address, slowed per
 * serial from anywhere); the reCAPTCHA answer is checked with Google when the event has a site key.
 */
export async function signIn(
  ctx: AppContext,
  slug: string,
  input: z.output<typeof PortalSignIn>,
  ip: string,
): Promise<PortalSession> {
  const event = await eventOr404(ctx, slug);
  if (stateOf(event) !== 'open') throw fail('portalClosed');
  const s = await getOnlineServices(ctx, event.id);
  const allowed = s.loginMethod === 'rfidAndTicket' || s.loginMethod === input.method;
  if (!allowed) throw fieldError('method', 'validation.invalid');

  const who = input.method === 'rfid' ? input.serial.toUpperCase() : input.ticketCode.toUpperCase();
  const key = `portal:${event.id}:${input.method}:${who}`;
  await ctx.throttle.before(key, ip);
  const refuse = async (error: 'portalSignInFailed' | 'portalCaptchaFailed') => {
    await ctx.throttle.failed(key, ip);
    return fail(error);
  };

  if (s.recaptchaSiteKey) {
    const secret = await recaptchaSecretOf(ctx, event.id);
    if (secret && !(await recaptchaPasses(ctx.config.recaptchaVerifyUrl, secret, input.captcha, ip)))
      throw await refuse('portalCaptchaFailed');
  }

  let claims: PortalClaims;
  if (input.method === 'rfid') {
    const w = await repo.wristbandBySerial(ctx.db, event.id, input.serial);
    // The same work whether the serial exists or not: the answer tells nothing either way.
    const codeOk = sameCode(w?.codeCheck ?? '\u0000', input.checkCode);
    if (w?.active !== 1 || (s.needsCodeCheck === 1 && (!w.codeCheck || !codeOk)))
      throw await refuse('portalSignInFailed');
    claims = { evt: event.id, rfid: w.id, cus: w.customerId, tkt: null };
  } else {
    const code = input.ticketCode;
    const ticket = await repo.ticketByCode(ctx.db, event.id, code);
    const customer = ticket?.customerId ? null : await repo.customerByTicketCode(ctx.db, event.id, code);
    const known = !!ticket || !!customer;
    if (!known && s.knownTicketsOnly === 1) throw await refuse('portalSignInFailed');
    claims = {
      evt: event.id,
      rfid: ticket?.wristbandId ?? null,
      cus: ticket?.customerId ?? customer?.id ?? null,
      tkt: ticket?.code ?? code,
    };
  }
  await ctx.throttle.succeeded(key, ip);
  const token = await ctx.tokens.purpose(PORTAL_PURPOSE, { ...claims }, `${PORTAL_SESSION_HOURS}h`);
  return { token, expiresAt: new Date(Date.now() + PORTAL_SESSION_HOURS * 3_600_000).toISOString() };
}

/** The attendee's session from `Authorization: Bearer …`, for this slug's event; else 401. */
export async function sessionOf(ctx: AppContext, slug: string, authorization: string | undefined) {
  const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  if (!token) throw fail('unauthorized');
  const verified = await ctx.tokens.verifyPurpose<PortalClaims>(PORTAL_PURPOSE, token);
  if (!verified.ok) throw fail(verified.reason === 'expired' ? 'tokenExpired' : 'unauthorized');
  const event = await eventOr404(ctx, slug);
  if (verified.claims.evt !== event.id) throw fail('unauthorized');
  return { event, claims: verified.claims };
}

const STATE: Record<number, PortalOnlineTopUp['state']> = {
  0: 'pending',
  1: 'paid',
  2: 'rejected',
  [-1]: 'refunded',
};

/**
 * The wristband the attendee holds now: the customer's current one, else the one signed in with, or
 * the wristband that replaced it (a change at the info desk or from the portal's lost wristband).
 */
export async function wristbandOf(db: Executor, eventId: number, claims: PortalClaims) {
  const byCustomer = claims.cus ? await customersRepo.currentWristband(db, eventId, claims.cus) : undefined;
  if (byCustomer) return byCustomer;
  let w = claims.rfid ? await customersRepo.findWristband(db, eventId, claims.rfid) : undefined;
  for (let hops = 0; w && w.active !== 1 && hops < 10; hops++) {
    const next = await customersRepo.replacementOf(db, eventId, w.id);
    if (!next) break;
    w = (await customersRepo.findWristband(db, eventId, next)) ?? w;
  }
  return w;
}

/**
 * GET /api/portal/{slug}/me: the wristband the attendee holds now (the one signed in with, or the
 * customer's current one after a replacement), its balance and extract, and their online top-ups.
 */
export async function account(
  ctx: AppContext,
  event: repo.PortalEvent,
  claims: PortalClaims,
): Promise<PortalAccount> {
  const wristband = await wristbandOf(ctx.db, event.id, claims);
  let operations: PortalOperation[] = [];
  if (wristband) {
    const x = await extract(ctx, event.id, wristband.id);
    const topUpArticles = new Map(x.topUps.map((t) => [t.idUnique, t.articles]));
    const saleArticles = new Map(
      x.sales.map((s) => [s.idUnique, s.articles.map((a) => ({ quantity: a.quantity, name: a.article }))]),
    );
    const tokens = await receiptTokensOf(
      ctx,
      event.id,
      x.topUps.map((t) => t.idUnique),
      x.sales.map((s) => s.idUnique),
    );
    operations = x.rows
      .map((r) => ({
        idType: r.idType,
        idUnique: r.idUnique,
        date: r.date,
        operation: r.operation,
        type: r.type,
        amount: r.amount,
        accumulate: r.accumulate,
        location: r.location,
        articles:
          (r.idType === 0
            ? topUpArticles.get(r.idUnique)
            : r.idType === 1
              ? saleArticles.get(r.idUnique)
              : []) ?? [],
        receipt: r.idType === 0 ? tokens.topUp(r.idUnique) : r.idType === 1 ? tokens.sale(r.idUnique) : null,
      }))
      .reverse();
  }
  const customerId = wristband?.customerId ?? claims.cus;
  const wristbandIds = customerId
    ? await customersRepo.wristbandIdsOf(ctx.db, event.id, customerId)
    : wristband
      ? [wristband.id]
      : [];
  const refund = customerId ? await customersRepo.refundOfCustomer(ctx.db, event.id, customerId) : undefined;
  const online =
    customerId || wristbandIds.length
      ? await customersRepo.onlineTopUpsOf(ctx.db, event.id, customerId ?? -1, wristbandIds)
      : [];
  return {
    eventName: event.name,
    wristband: wristband
      ? {
          serial: wristband.nSerie,
          cash: wristband.cash,
          gift: wristband.gift,
          blocked: !!(await bannedRepo.findBySerial(ctx.db, wristband.nSerie)),
        }
      : null,
    ticketCode: claims.tkt,
    operations,
    onlineTopUps: online.map(({ row }) => ({
      id: row.id,
      date: row.dateRechargeOnline.toISOString(),
      state: STATE[row.payed] ?? 'pending',
      amount: row.amountRecharge,
      bonus: row.amountBonus,
      total: row.amountTotal,
      deliveredAt: row.dateRechargeRfid?.toISOString() ?? null,
      card: row.cardNumber ? `${row.cardBrand ?? ''} ${row.cardNumber}`.trim() : null,
    })),
    refund: refund
      ? {
          amount: refund.amount,
          fee: refund.fee,
          status: refund.status as 'pending' | 'inRun' | 'paid' | 'rejected',
          createdAt: refund.createdAt.toISOString(),
          paidAt: refund.paidAt?.toISOString() ?? null,
        }
      : null,
    currency: currencyOf(event),
  };
}

/**
 * GET /api/portal/{slug}/top-up: the rules the amount screen applies with `topUpAmounts` (channel
 * online): bonuses meant for online services, fees for every location and device; the wristband's
 * next top-up number; the limits and preset amounts within them (the minimum when none fits).
 */
export async function topUpOptions(
  ctx: AppContext,
  event: repo.PortalEvent,
  claims: PortalClaims,
): Promise<PortalTopUpOptions> {
  const wristband = await wristbandOf(ctx.db, event.id, claims);
  const { s, bonuses, fees, topUpNumber } = await onlineTopUpRules(ctx, event.id, wristband?.id);
  const presets = PORTAL_PRESET_AMOUNTS.filter((a) => a >= s.minTopUp && a <= s.maxTopUp);
  return {
    minTopUp: s.minTopUp,
    maxTopUp: s.maxTopUp,
    manuallyTopUp: s.manuallyTopUp,
    presets: presets.length ? [...presets] : [s.minTopUp],
    cardBrands: s.cardBrands,
    timeZone: event.timezone,
    topUpNumber,
    bonuses,
    fees,
    currency: currencyOf(event),
    cardPayment: Boolean(ctx.config.stripe.secretKey),
  };
}

/**
 * The rules an online top-up follows, one copy for the amount screen and the card payment: the
 * limits, the bonuses meant for online services, the fees for every location and device, and the
 * wristband's next top-up number.
 */
export async function onlineTopUpRules(ctx: AppContext, eventId: number, wristbandId: number | undefined) {
  const [s, bonuses, fees, done] = await Promise.all([
    getOnlineServices(ctx, eventId),
    listBonuses(ctx, eventId),
    listFees(ctx, eventId),
    wristbandId ? customersRepo.topUpsOf(ctx.db, eventId, wristbandId) : Promise.resolve([]),
  ]);
  return {
    s,
    bonuses: bonuses.bonus.filter((b) => b.applyServicesOnline === 1),
    fees: fees.fees.filter((f) => f.idLocations.length === 0 && f.idDevices.length === 0),
    topUpNumber: done.length + 1,
  };
}
