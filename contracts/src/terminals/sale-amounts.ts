/**
 * The amount rules of a sale, used once by the terminal (what it charges) and the server's feed (what
 * it records): a cart of menu lines, its total, and how a wristband pays it (cash balance first, then
 * the gift balance, never below zero). Amounts are integer cents of the event's financial currency.
 */

/** One line as a sale operation carries it (contracts SaleOperation `lines`). */
export interface SaleAmountLine {
  idArticle: number;
  /** Unit price in cents. */
  price: number;
  quantity: number;
  /** Units given away (not charged); at most `quantity`. */
  quantityGift?: number;
}

/** Cents a sale charges: each line's price times the quantity that is not a gift. */
export const saleTotal = (lines: readonly SaleAmountLine[]) =>
  lines.reduce((sum, l) => sum + l.price * (l.quantity - (l.quantityGift ?? 0)), 0);

/** A pack's component as the menu gives it (DeviceConfig menus `sticks`). */
export interface PackComponent {
  parent: number;
  child: number;
  quantity: number;
}

/** What the staff put in a cart: menu articles at the location's price, with their quantity. */
export interface CartItem {
  idArticle: number;
  price: number;
  quantity: number;
}

/**
 * The lines of a cart: one line per article (quantities of the same article and price summed), and
 * for a pack each of its components at price 0 (the pack's price pays them; the stock and the
 * reports count the components). An add-on such as the reusable cup is an article of the menu with
 * its own price, so it is a line like any other; the sale names the add-on by `addonId`.
 */
export function cartLines(
  items: readonly CartItem[],
  packs: readonly PackComponent[] = [],
): SaleAmountLine[] {
  const merged = new Map<string, SaleAmountLine>();
  const add = (idArticle: number, price: number, quantity: number) => {
    if (quantity <= 0) return;
    const key = `${idArticle}:${price}`;
    const line = merged.get(key);
    if (line) line.quantity += quantity;
    else merged.set(key, { idArticle, price, quantity, quantityGift: 0 });
  };
  for (const item of items) {
    add(item.idArticle, item.price, item.quantity);
    for (const c of packs) if (c.parent === item.idArticle) add(c.child, 0, c.quantity * item.quantity);
  }
  return [...merged.values()];
}

/** A wristband's balances as the terminal knows them (cents). */
export interface WristbandBalances {
  cash: number;
  gift: number;
}

/** How a wristband pays a total: the feed's payments (S cash balance, B gift balance). */
export type WristbandPayment =
  | { ok: true; payments: { type: 'S' | 'B'; amount: number }[]; after: WristbandBalances }
  | { ok: false; missing: number };

/**
 * Pays `total` from the cash balance, then the gift balance; refused (with the cents missing) when
 * both together do not reach it, so no balance goes below zero. A negative balance pays nothing.
 */
export function payFromWristband(total: number, balances: WristbandBalances): WristbandPayment {
  const cash = Math.max(0, balances.cash);
  const gift = Math.max(0, balances.gift);
  if (cash + gift < total) return { ok: false, missing: total - cash - gift };
  const fromCash = Math.min(cash, total);
  const fromGift = total - fromCash;
  const payments: { type: 'S' | 'B'; amount: number }[] = [];
  if (fromCash > 0) payments.push({ type: 'S', amount: fromCash });
  if (fromGift > 0) payments.push({ type: 'B', amount: fromGift });
  return {
    ok: true,
    payments,
    after: { cash: balances.cash - fromCash, gift: balances.gift - fromGift },
  };
}

/** What the terminal knows of a sale paid by wristband balance. */
export interface WristbandSaleInput {
  id: string;
  deviceTime: string;
  seq: number;
  rfid: string;
  codeCheck?: string;
  staffId?: number;
  locationId?: number;
  items: readonly CartItem[];
  packs?: readonly PackComponent[];
  addonId?: number;
  balances: WristbandBalances;
}

/**
 * The sale operation a terminal sends for a cart paid from a wristband (contracts SaleOperation), or
 * the cents missing when the balances do not cover it.
 */
export function wristbandSale(input: WristbandSaleInput) {
  const lines = cartLines(input.items, input.packs);
  const total = saleTotal(lines);
  const paid = payFromWristband(total, input.balances);
  if (!paid.ok) return { ok: false as const, total, missing: paid.missing };
  const operation = {
    kind: 'sale' as const,
    id: input.id,
    deviceTime: input.deviceTime,
    seq: input.seq,
    rfid: input.rfid,
    ...(input.codeCheck ? { codeCheck: input.codeCheck } : {}),
    ...(input.staffId !== undefined ? { staffId: input.staffId } : {}),
    ...(input.locationId !== undefined ? { locationId: input.locationId } : {}),
    ...(input.addonId !== undefined ? { addonId: input.addonId } : {}),
    lines,
    payments: paid.payments,
  };
  return { ok: true as const, total, operation, after: paid.after };
}
