/**
 * A pack of the console (admin/cashless/packs: articles with quantities sold together for one price,
 * at its locations — none: every location — and between its dates) as a sale's lines: its articles,
 * so stock and reports count them, at prices that add up to the pack's price exactly. The price is
 * shared among the articles by their base price times their quantity (largest remainder; an even
 * share per unit when none has a price), and each article's share among its units (a cent more on
 * the first ones when it does not divide). The terminal builds the lines with it; the feed records
 * them and checks the total with the same `saleTotal`.
 */
import type { CartItem } from './sale-amounts';

/** A pack as the device configuration carries it. */
export interface TerminalPack {
  id: number;
  name: string;
  /** Cents of the financial currency. */
  price: number;
  articles: { idArticle: number; quantity: number }[];
  /** Where it is sold; empty: every location. */
  locationIds: number[];
  dateStart: string | null;
  dateEnd: string | null;
}

/** The packs sold at a location at a moment (their locations and dates). */
export const packsAt = <P extends TerminalPack>(packs: readonly P[], locationId: number, at: Date) =>
  packs.filter(
    (p) =>
      p.articles.length > 0 &&
      (p.locationIds.length === 0 || p.locationIds.includes(locationId)) &&
      (!p.dateStart || Date.parse(p.dateStart) <= at.getTime()) &&
      (!p.dateEnd || at.getTime() < Date.parse(p.dateEnd)),
  );

/** Shares `total` by `weights` (integers, largest remainder, ties to the first); all zero: evenly by `units`. */
function share(total: number, weights: number[], units: number[]) {
  const w = weights.some((x) => x > 0) ? weights : units;
  const sum = w.reduce((s, x) => s + x, 0);
  const exact = w.map((x) => (total * x) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((s, x) => s + x, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * The cart items of `quantity` packs: each article at its share of the price per unit, so that the
 * items add up to `quantity` × the pack's price. `basePrice` gives an article's base price (cents).
 */
export function packItems(
  pack: Pick<TerminalPack, 'price' | 'articles'>,
  quantity: number,
  basePrice: (idArticle: number) => number,
): CartItem[] {
  const units = pack.articles.map((a) => a.quantity);
  const shares = share(
    pack.price,
    pack.articles.map((a) => Math.max(0, basePrice(a.idArticle)) * a.quantity),
    units,
  );
  return pack.articles.flatMap((a, i) => {
    const unit = Math.floor(shares[i]! / a.quantity);
    const more = shares[i]! - unit * a.quantity;
    return [
      { idArticle: a.idArticle, price: unit + 1, quantity: more * quantity },
      { idArticle: a.idArticle, price: unit, quantity: (a.quantity - more) * quantity },
    ].filter((item) => item.quantity > 0);
  });
}
