import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client';
import { customerRefunds, customers, onlineTopUps, topUps, wristbands } from '../../../core/db/schema';
import { prng } from '../../../seed/simulator';

const HOUR = 3_600_000;
const BRANDS = ['VISA', 'MASTERCARD', 'AMEX'] as const;
/** Real, valid IBANs and BICs (published examples), so the demo's refunds pass the checks. */
const ACCOUNTS = [
  { iban: 'ES9121000418450200051332', bic: 'CAIXESBBXXX' },
  { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  { iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPXXX' },
  { iban: 'IT60X0542811101000000123456', bic: 'BPMOIT22XXX' },
] as const;

/**
 * The demo's online services, after the festival simulation (`simulateDemo`) filled the event:
 * an online top-up (paid, 1) behind each O / O-WA top-up the wristbands received, plus pending (0),
 * rejected (2, with notes) and refunded (-1) purchases of simulated customers, and a few customer
 * refunds with real IBANs (so the lookup by IBAN finds them). Deterministic; does nothing when the
 * event already has online top-ups. Answers how many rows it made.
 */
export async function seedOnlineServices(db: Db, eventId: number) {
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(onlineTopUps)
    .where(eq(onlineTopUps.eventId, eventId))) as [{ n: number }];
  if (Number(n) > 0) return { onlineTopUps: 0, refunds: 0 };
  const rng = prng(eventId * 7919 + 17);

  // What the wristbands received online: each becomes a paid online purchase.
  const loaded = await db
    .select({
      wristbandId: topUps.wristbandId,
      customerId: wristbands.customerId,
      type: topUps.type,
      amount: topUps.amount,
      bonus: topUps.bonus,
      ref: topUps.ref,
      locationId: topUps.locationId,
      at: topUps.deviceTime,
    })
    .from(topUps)
    .innerJoin(wristbands, eq(wristbands.id, topUps.wristbandId))
    .where(and(eq(topUps.eventId, eventId), inArray(topUps.type, ['O', 'O-WA'])))
    .orderBy(asc(topUps.deviceTime), asc(topUps.id))
    .limit(40);

  const people = await db
    .select({ customerId: customers.id, wristbandId: wristbands.id, cash: wristbands.cash })
    .from(customers)
    .innerJoin(wristbands, and(eq(wristbands.customerId, customers.id), eq(wristbands.eventId, eventId)))
    .where(and(eq(customers.eventId, eventId), isNotNull(customers.name), eq(wristbands.active, 1)))
    .orderBy(asc(customers.id))
    .limit(60);
  if (!loaded.length && !people.length) return { onlineTopUps: 0, refunds: 0 };

  const base = loaded[0]?.at.getTime() ?? Date.now() - 48 * HOUR;
  const card = () => {
    const brand = rng.pick(BRANDS);
    return {
      cardBrand: brand,
      cardNumber: `${brand === 'AMEX' ? '3782' : '4548'} **** **** ${rng.int(1000, 9999)}`,
    };
  };
  const tpv = (amount: number, at: Date, order: string) => ({
    payTpvDateTime: at,
    payTpvAmount: amount,
    payTpvCurrency: '978',
    idOrder: order,
    payTpvOrderId: order,
    payTpvAuthCode: rng.hex(6).toUpperCase(),
    payTpvBicCode: rng.pick(ACCOUNTS).bic,
    payTpvCardCountry: rng.pick(['724', '276', '250', '380']),
    terminal: '1',
    merchantCode: '999008881',
    idTransactionType: '0',
  });

  const rows: (typeof onlineTopUps.$inferInsert)[] = loaded.map((t, i) => {
    const bought = new Date(t.at.getTime() - rng.int(1, 48) * HOUR);
    const order = `${(i + 1).toString().padStart(4, '0')}${rng.hex(8).toUpperCase()}`;
    return {
      eventId,
      customerId: t.customerId,
      wristbandId: t.wristbandId,
      valid: 1,
      payed: 1,
      dateRechargeOnline: bought,
      dateRechargeRfid: t.at,
      concept: t.type === 'O-WA' ? 'Online top-up with article' : 'Online top-up',
      amountTotal: t.amount,
      amountRecharge: t.amount,
      amountBonus: t.bonus,
      articles: [],
      idRecharge: t.ref,
      module: 'topUp',
      locationId: t.locationId,
      ...card(),
      ...tpv(t.amount, bought, order),
      createdAt: bought,
      updatedAt: t.at,
    };
  });

  // Purchases that did not (or not yet) reach a wristband: pending, rejected and refunded ones.
  const statuses = [0, 2, -1] as const;
  people.slice(0, 24).forEach((p, i) => {
    const payed = statuses[i % statuses.length]!;
    const amount = rng.pick([1000, 2000, 3000, 5000]);
    const bought = new Date(base - rng.int(2, 96) * HOUR);
    const order = `9${i.toString().padStart(3, '0')}${rng.hex(8).toUpperCase()}`;
    rows.push({
      eventId,
      customerId: p.customerId,
      wristbandId: p.wristbandId,
      valid: payed === 2 ? 0 : 1,
      payed,
      notes:
        payed === 2
          ? rng.pick([
              'Card declined by the issuer',
              'Payment cancelled by the customer',
              '3-D Secure failed',
            ])
          : payed === -1
            ? 'Refunded to the card at the customer’s request'
            : null,
      dateRechargeOnline: bought,
      dateRechargeRfid: null,
      dateRefund: payed === -1 ? new Date(bought.getTime() + 24 * HOUR) : null,
      concept: 'Online top-up',
      amountTotal: amount,
      amountRecharge: amount,
      amountBonus: amount >= 5000 ? 250 : 0,
      articles: i % 4 === 0 ? [{ idArticle: null, quantity: 1, article: 'Festival cup' }] : [],
      idRecharge: `WEB-${rng.hex(8).toUpperCase()}`,
      module: 'topUp',
      ...card(),
      ...(payed === 0 ? { payTpvCurrency: '978', idOrder: order } : tpv(amount, bought, order)),
      idError: payed === 2 ? rng.pick(['SIS0051', 'SIS0093', 'SIS0195']) : null,
      createdAt: bought,
      updatedAt: payed === -1 ? new Date(bought.getTime() + 24 * HOUR) : bought,
    });
  });

  // A few customers with money left ask for it back by bank transfer.
  const withCash = people.filter((p) => p.cash > 0).slice(0, ACCOUNTS.length);
  return db.transaction(async (tx) => {
    if (rows.length) await tx.insert(onlineTopUps).values(rows);
    let refunds = 0;
    for (const [i, p] of withCash.entries()) {
      const [c] = await tx
        .select({ name: customers.name, email: customers.email })
        .from(customers)
        .where(eq(customers.id, p.customerId));
      const [w] = await tx
        .select({ nSerie: wristbands.nSerie, cash: wristbands.cash })
        .from(wristbands)
        .where(and(eq(wristbands.id, p.wristbandId), gt(wristbands.cash, 0)));
      if (!c || !w) continue;
      const account = ACCOUNTS[i]!;
      await tx.insert(customerRefunds).values({
        eventId,
        customerId: p.customerId,
        wristbandId: p.wristbandId,
        nSerie: w.nSerie,
        amount: Math.min(w.cash, 100_000),
        fee: i % 2 === 0 ? 100 : 0,
        ccOwner: c.name ?? 'Account holder',
        ccIban: account.iban,
        ccBic: account.bic,
        ccEmail: c.email,
      });
      await tx.update(customers).set({ iban: account.iban }).where(eq(customers.id, p.customerId));
      refunds++;
    }
    return { onlineTopUps: rows.length, refunds };
  });
}
