/**
 * How a bar sale is paid (issue 29): the payment methods that apply at a terminal's location (the
 * event parameter ALLOWED_PAYMENT_METHODS with its exceptions, as the console defines it), and the
 * split of a total between a wristband's balances and money the staff member takes by hand. Used by
 * the terminal (what it offers and charges) and the server (what it sends in the configuration).
 *
 * Payment method letters (01-console §3): C cash, T external TPV, L cashless, P pin pad, I integrated
 * TPV. In a sale's payments (the feed's codes): S and B are the wristband's cash and gift balances,
 * T a card (T, P or I: the staff member confirms the card terminal's payment) and O cash taken by
 * hand (letter C). Only S and B touch a balance; T and O are money the staff member collected.
 */
import {
  type CartItem,
  cartLines,
  type PackComponent,
  payFromWristband,
  saleTotal,
  type WristbandBalances,
} from './sale-amounts';

/** ALLOWED_PAYMENT_METHODS of an event: its value and its exceptions by location and device (null: all). */
export interface PaymentMethodsRule {
  value: string;
  exceptions: { idLocation: number | null; idDevice: number | null; value: string }[];
}

/**
 * The letters that apply to a device at a location: the most specific exception (device and
 * location, then the location, then the device, then all), else the event's value.
 */
export function paymentLettersAt(
  rule: PaymentMethodsRule,
  place: { deviceId: number; locationId: number },
): string {
  const rank = (e: PaymentMethodsRule['exceptions'][number]) => {
    if (e.idDevice !== null && e.idDevice !== place.deviceId) return -1;
    if (e.idLocation !== null && e.idLocation !== place.locationId) return -1;
    return (e.idDevice !== null ? 1 : 0) + (e.idLocation !== null ? 2 : 0);
  };
  let best: { rank: number; value: string } | null = null;
  for (const e of rule.exceptions) {
    const r = rank(e);
    if (r >= 0 && (!best || r > best.rank)) best = { rank: r, value: e.value };
  }
  return (best?.value ?? rule.value).trim();
}

/** The ways a bar takes a sale's total: from the wristband, in cash, by card, or split. */
export const SALE_PAY_CHOICES = ['wristband', 'cash', 'card', 'wristbandCash', 'wristbandCard'] as const;
export type SalePayChoice = (typeof SALE_PAY_CHOICES)[number];

/** The choices the letters allow: the wristband needs L, cash C, a card T, P or I; a split both. */
export function salePayChoices(letters: string): SalePayChoice[] {
  const wristband = letters.includes('L');
  const cash = letters.includes('C');
  const card = /[TPI]/.test(letters);
  const allowed: Record<SalePayChoice, boolean> = {
    wristband,
    cash,
    card,
    wristbandCash: wristband && cash,
    wristbandCard: wristband && card,
  };
  return SALE_PAY_CHOICES.filter((c) => allowed[c]);
}

export type SalePaymentLine = { type: 'S' | 'B' | 'T' | 'O'; amount: number };

export type SalePaymentSplit =
  | {
      ok: true;
      payments: SalePaymentLine[];
      /** Cents the wristband's balances pay (S + B). */
      fromWristband: number;
      /** Cents taken by hand: in cash (O) or by card (T). */
      byHand: number;
      /** The wristband's balances after the sale (unchanged when none pays). */
      after: WristbandBalances | null;
    }
  | { ok: false; reason: 'methodNotAllowed' }
  | { ok: false; reason: 'wristbandRequired' }
  | { ok: false; reason: 'notEnoughBalance'; missing: number }
  | { ok: false; reason: 'emptyBalance' };

/**
 * The payments of `total` paid by `choice` where `letters` apply. A wristband pays from its cash
 * balance, then its gift balance, never below zero: alone it must cover the total (else the cents
 * missing); in a split it pays what it holds, up to the total, and the rest is taken in cash (O) or
 * by card (T). A split on a wristband holding nothing is refused (it would be a plain cash or card
 * sale naming a wristband).
 */
export function splitSalePayment(
  total: number,
  choice: SalePayChoice,
  letters: string,
  balances: WristbandBalances | null,
): SalePaymentSplit {
  if (!salePayChoices(letters).includes(choice)) return { ok: false, reason: 'methodNotAllowed' };
  const byHandType = choice === 'cash' || choice === 'wristbandCash' ? 'O' : 'T';
  if (choice === 'cash' || choice === 'card') {
    return {
      ok: true,
      payments: total > 0 ? [{ type: byHandType, amount: total }] : [],
      fromWristband: 0,
      byHand: total,
      after: balances,
    };
  }
  if (!balances) return { ok: false, reason: 'wristbandRequired' };
  const held = Math.max(0, balances.cash) + Math.max(0, balances.gift);
  if (choice === 'wristband') {
    const paid = payFromWristband(total, balances);
    if (!paid.ok) return { ok: false, reason: 'notEnoughBalance', missing: paid.missing };
    return { ok: true, payments: paid.payments, fromWristband: total, byHand: 0, after: paid.after };
  }
  if (held <= 0 && total > 0) return { ok: false, reason: 'emptyBalance' };
  const fromWristband = Math.min(held, total);
  const paid = payFromWristband(fromWristband, balances);
  if (!paid.ok) return { ok: false, reason: 'notEnoughBalance', missing: paid.missing };
  const byHand = total - fromWristband;
  return {
    ok: true,
    payments: [...paid.payments, ...(byHand > 0 ? [{ type: byHandType, amount: byHand } as const] : [])],
    fromWristband,
    byHand,
    after: paid.after,
  };
}

/** Cents of a sale's payments taken in cash by hand (O): what it puts in the staff member's drawer. */
export const saleCashCents = (payments: readonly { type: string; amount: number }[]) =>
  payments.filter((p) => p.type === 'O').reduce((sum, p) => sum + p.amount, 0);

/** What the terminal knows of a sale it is about to write. */
export interface PaidSaleInput {
  id: string;
  deviceTime: string;
  seq: number;
  staffId?: number;
  locationId?: number;
  items: readonly CartItem[];
  packs?: readonly PackComponent[];
  choice: SalePayChoice;
  letters: string;
  /** The wristband tapped (needed when it pays a part) and the balances the terminal knows of it. */
  wristband?: { rfid: string; codeCheck?: string; balances: WristbandBalances };
}

/**
 * The sale operation (contracts SaleOperation) of a cart paid by `choice`, with the lines `cartLines`
 * makes and the payments `splitSalePayment` gives, or why it is refused. The feed checks the same
 * total (`saleTotal`) against the payments and moves only the S and B parts on the wristband.
 */
export function paidSale(input: PaidSaleInput) {
  const lines = cartLines(input.items, input.packs);
  const total = saleTotal(lines);
  const split = splitSalePayment(total, input.choice, input.letters, input.wristband?.balances ?? null);
  if (!split.ok) return { ...split, total };
  const w = input.wristband;
  const operation = {
    kind: 'sale' as const,
    id: input.id,
    deviceTime: input.deviceTime,
    seq: input.seq,
    ...(w ? { rfid: w.rfid } : {}),
    ...(w?.codeCheck ? { codeCheck: w.codeCheck } : {}),
    ...(input.staffId !== undefined ? { staffId: input.staffId } : {}),
    ...(input.locationId !== undefined ? { locationId: input.locationId } : {}),
    lines,
    payments: split.payments,
  };
  return { ...split, total, operation };
}

/** The ways a top-up point takes money where `letters` apply: cash (S) for C, a card (T) for T, P or I. */
export const topUpPaymentTypes = (letters: string) => [
  ...(letters.includes('C') ? (['S'] as const) : []),
  ...(/[TPI]/.test(letters) ? (['T'] as const) : []),
];
