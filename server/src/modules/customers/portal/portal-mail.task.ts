import { eventCurrency, formatMoney, viewOf } from '@pulsera/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Tx } from '../../../core/db/client';
import { customerRefunds, onlineTopUps, wristbands } from '../../../core/db/schema';
import { defineJobKind } from '../../../core/jobs/job-queue';
import { eventById } from './portal.repo';
import { portalEmail } from './portal-emails';
import { type PortalMail, portalMailQueue } from './portal-mail.jobs';
import { receiptToken } from './receipt-token';

/**
 * Sends one of the portal's e-mails (portal-mail.jobs.ts) through the server's mailer (SMTP, or the
 * outbox folder of the demo). A send that fails fails the attempt, and the queue tries again.
 */
export const portalMailJob = defineJobKind({
  ...portalMailQueue,
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  expireSeconds: 5 * 60,
  run: async (ctx, tx, body) => {
    const mail = await composePortalMail(ctx, tx, body);
    if (!mail) return { sent: false };
    await ctx.mailer.send(mail);
    return { sent: true, to: mail.to };
  },
});

/** The portal's own address for a festival, and a receipt's page on it. */
export const portalLink = (ctx: AppContext, slug: string | null) =>
  `${ctx.config.topUpSiteUrl.replace(/\/+$/, '')}/${encodeURIComponent(slug ?? '')}`;
export const receiptLink = (ctx: AppContext, slug: string | null, operationId: string) =>
  `${portalLink(ctx, slug)}/receipt/${receiptToken(ctx.config.sessionSecret, operationId)}`;

async function composePortalMail(ctx: AppContext, tx: Tx, m: PortalMail) {
  const event = await eventById(tx, m.eventId);
  if (!event) return null;
  const c = eventCurrency(event.financial, event.local, event.localCurrencyRate);
  const shown = (cents: number) => formatMoney(cents, viewOf(c), m.lang);
  const paidIn = (cents: number) => formatMoney(cents, viewOf(c, 'financial'), m.lang);
  const serialOf = async (id: number | null) =>
    id === null
      ? ''
      : ((await tx.select({ s: wristbands.nSerie }).from(wristbands).where(eq(wristbands.id, id)))[0]?.s ??
        '');
  const base = { event: event.name, link: portalLink(ctx, event.slug) };
  if (m.kind === 'topUpReceipt') {
    const [o] = await tx
      .select()
      .from(onlineTopUps)
      .where(and(eq(onlineTopUps.id, m.id), eq(onlineTopUps.eventId, m.eventId)));
    if (!o || o.payed !== 1) return null;
    const at = o.payTpvDateTime ?? o.dateRechargeOnline;
    return portalEmail('topUpReceipt', m.lang, m.to, {
      ...base,
      serial: await serialOf(o.wristbandId),
      amount: shown(o.amountRecharge),
      link: m.operationId ? receiptLink(ctx, event.slug, m.operationId) : base.link,
      lines: {
        amount: shown(o.amountRecharge),
        bonus: o.amountBonus > 0 ? shown(o.amountBonus) : null,
        fee: o.amountTotal > o.amountRecharge ? paidIn(o.amountTotal - o.amountRecharge) : null,
        paid: paidIn(o.amountTotal),
        card: [o.cardBrand, o.cardNumber].filter(Boolean).join(' ') || null,
        date: new Intl.DateTimeFormat(m.lang, {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: event.timezone,
        }).format(at),
        ref: o.idRecharge,
      },
    });
  }
  if (m.kind === 'refundRequested') {
    const [r] = await tx
      .select()
      .from(customerRefunds)
      .where(and(eq(customerRefunds.id, m.id), eq(customerRefunds.eventId, m.eventId)));
    if (!r) return null;
    return portalEmail('refundRequested', m.lang, m.to, {
      ...base,
      serial: r.nSerie ?? (await serialOf(r.wristbandId)),
      amount: shown(r.amount - r.fee),
      name: r.ccOwner,
      account: r.ccIban.slice(-4),
    });
  }
  const [w] = await tx
    .select()
    .from(wristbands)
    .where(and(eq(wristbands.id, m.id), eq(wristbands.eventId, m.eventId)));
  if (!w) return null;
  return portalEmail('wristbandBlocked', m.lang, m.to, {
    ...base,
    serial: w.nSerie,
    amount: shown(w.cash + w.gift),
  });
}
