import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../core/db/client';
import { customers, ledgerEntries, onlineTopUps, topUps, wristbands } from '../../../core/db/schema';

/** The online top-ups' `module` of a card payment by Stripe Checkout. */
export const STRIPE_MODULE = 'stripe';
/** The feed's operation type of an online top-up (01-console §3 Operation type codes). */
const ONLINE_TOP_UP = 'O';

export type OnlineTopUp = typeof onlineTopUps.$inferSelect;

export async function insertPending(
  db: Executor,
  v: Pick<
    typeof onlineTopUps.$inferInsert,
    | 'eventId'
    | 'customerId'
    | 'wristbandId'
    | 'dateRechargeOnline'
    | 'amountTotal'
    | 'amountRecharge'
    | 'amountBonus'
    | 'concept'
  >,
) {
  const [row] = await db
    .insert(onlineTopUps)
    .values({ ...v, payed: 0, valid: 1, module: STRIPE_MODULE })
    .returning();
  if (!row) throw new Error('online top-up not inserted');
  // The recharge reference the feed and the console show: this row's own id.
  await db
    .update(onlineTopUps)
    .set({ idRecharge: String(row.id) })
    .where(eq(onlineTopUps.id, row.id));
  return row;
}

export const setSession = (db: Executor, id: number, sessionId: string) =>
  db
    .update(onlineTopUps)
    .set({ payTpvOrderId: sessionId, idOrder: sessionId, updatedAt: new Date() })
    .where(eq(onlineTopUps.id, id));

export const reject = (db: Executor, id: number, notes: string) =>
  db
    .update(onlineTopUps)
    .set({ payed: 2, notes, updatedAt: new Date() })
    .where(and(eq(onlineTopUps.id, id), eq(onlineTopUps.payed, 0)));

export const byId = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(onlineTopUps)
      .where(and(eq(onlineTopUps.eventId, eventId), eq(onlineTopUps.id, id)))
      .limit(1)
  )[0];

export const byIdAnyEvent = async (db: Executor, id: number) =>
  (await db.select().from(onlineTopUps).where(eq(onlineTopUps.id, id)).limit(1))[0];

/** The card top-ups still pending that were started before `before`, oldest first. */
export const pendingBefore = async (db: Executor, before: Date) =>
  (
    await db
      .select({ id: onlineTopUps.id })
      .from(onlineTopUps)
      .where(
        and(
          eq(onlineTopUps.module, STRIPE_MODULE),
          eq(onlineTopUps.payed, 0),
          isNotNull(onlineTopUps.payTpvOrderId),
          lt(onlineTopUps.dateRechargeOnline, before),
        ),
      )
      .orderBy(onlineTopUps.id)
  ).map((r) => r.id);

/**
 * Runs `settle` on the online top-up locked (FOR UPDATE) in a transaction, only while it is still
 * pending: of two settlements at once, the second waits and then finds it settled. Answers whether it ran.
 */
export async function settleLocked(
  db: Executor,
  id: number,
  settle: (row: OnlineTopUp, tx: Tx) => Promise<unknown>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(onlineTopUps).where(eq(onlineTopUps.id, id)).for('update');
    if (!row || row.payed !== 0) return false;
    await settle(row, tx);
    return true;
  });
}

/** What Stripe tells of a paid card top-up (card-top-up.service `paymentOf`). */
export interface CardPayment {
  currency: string | null;
  paymentIntent: string | null;
  authCode: string | null;
  cardBrand: string | null;
  /** Masked: `**** 4242`. */
  cardNumber: string | null;
  cardCountry: string | null;
}

/**
 * Marks the locked online top-up paid and credits its wristband as the feed records an online
 * top-up (type O, paid by card, ref = the recharge reference): the top-up row, its ledger entry and
 * the wristband's balances in one transaction, so that the balances stay the sum of the ledger.
 */
export async function creditPaid(tx: Tx, row: OnlineTopUp, paid: CardPayment & { paidAt: Date }) {
  if (row.wristbandId === null) throw new Error(`online top-up ${row.id} has no wristband`);
  const [w] = await tx.select().from(wristbands).where(eq(wristbands.id, row.wristbandId)).for('update');
  if (!w) throw new Error(`wristband ${row.wristbandId} not found`);
  const cashAfter = w.cash + row.amountRecharge;
  const giftAfter = w.gift + row.amountBonus;
  const operationId: string = randomUUID();
  const common = { eventId: row.eventId, wristbandId: w.id, operationId, deviceTime: paid.paidAt };
  await tx.insert(topUps).values({
    ...common,
    type: ONLINE_TOP_UP,
    paymentType: 'T',
    amount: row.amountRecharge,
    bonus: row.amountBonus,
    money: row.amountTotal,
    fee: row.amountTotal - row.amountRecharge,
    cashAfter,
    giftAfter,
    ref: row.idRecharge ?? String(row.id),
  });
  await tx.insert(ledgerEntries).values({
    ...common,
    kind: ONLINE_TOP_UP,
    cashDelta: row.amountRecharge,
    giftDelta: row.amountBonus,
    cashAfter,
    giftAfter,
  });
  await tx
    .update(wristbands)
    .set({ cash: cashAfter, gift: giftAfter, updatedAt: paid.paidAt })
    .where(eq(wristbands.id, w.id));
  await tx
    .update(onlineTopUps)
    .set({
      payed: 1,
      dateRechargeRfid: paid.paidAt,
      payTpvDateTime: paid.paidAt,
      payTpvAmount: row.amountTotal,
      payTpvCurrency: paid.currency,
      payTpvAuthCode: paid.authCode,
      cardBrand: paid.cardBrand,
      cardNumber: paid.cardNumber,
      payTpvCardCountry: paid.cardCountry,
      updatedAt: sql`now()`,
    })
    .where(eq(onlineTopUps.id, row.id));
  return operationId;
}

/** A customer's e-mail address, when they have one. */
export const customerEmail = async (db: Executor, customerId: number) =>
  (await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId)))[0]
    ?.email || null;

/** The card top-up of a Checkout Session, by the session id recorded when it was created. */
export const topUpOfSession = async (db: Executor, sessionId: string) =>
  (
    await db
      .select()
      .from(onlineTopUps)
      .where(and(eq(onlineTopUps.payTpvOrderId, sessionId), eq(onlineTopUps.module, STRIPE_MODULE)))
      .limit(1)
  )[0];
