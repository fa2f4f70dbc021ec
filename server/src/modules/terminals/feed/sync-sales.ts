/**
 * A sale of the sync (or a devolution): what it takes from (or gives back to) each paying wristband, and its
 * rows.
 */
import { saleTotal } from '@pulsera/contracts';
import type { BanOutcome } from './sync.rules';
import type { Recorded, Recording } from './sync-recording';
import type { OpOf } from './sync-types';
import type { WState } from './sync-wristbands';

/**
 * Records a sale: its moves on the balances of the wristbands paying from them (S cash, B gift; a
 * devolution gives them back), the sale, its lines and its payments.
 */
export function recordSale(r: Recording, op: OpOf<'sale'>, ban: BanOutcome | undefined): Recorded {
  const { wb, fits, move, common } = r;
  const { sales, lines, payments } = r.rows;
  let negative = false;
  const sign = op.isDevolution ? 1 : -1;
  const perWristband = new Map<WState, { cash: number; gift: number }>();
  for (const p of op.payments) {
    if (p.type !== 'S' && p.type !== 'B') continue;
    const w = wb((p.rfid ?? op.rfid)!);
    const d = perWristband.get(w) ?? { cash: 0, gift: 0 };
    if (p.type === 'S') d.cash += sign * p.amount;
    else d.gift += sign * p.amount;
    perWristband.set(w, d);
  }
  if (!fits([...perWristband].map(([w, d]) => [w, d.cash, d.gift] as [WState, number, number]))) {
    return 'tooLarge';
  }
  for (const [w, d] of perWristband) {
    if (move(w, d.cash, d.gift, op, op.isDevolution ? 'devolution' : 'sale')) negative = true;
  }
  const main = op.rfid ? wb(op.rfid) : null;
  sales.push({
    operation_id: op.id,
    wristband_id: main?.id ?? null,
    total_purchase: saleTotal(op.lines),
    total_payed: op.payments.reduce((s, p) => s + p.amount, 0),
    is_devolution: op.isDevolution,
    num_payers: op.numPayers ?? Math.max(1, perWristband.size),
    cash_after: main?.cash ?? null,
    gift_after: main?.gift ?? null,
    negative_balance: negative,
    banned_wristband: !!ban,
    addon_id: op.addonId ?? null,
    kitchen_id: op.kitchenId ?? null,
    room_id: op.roomId ?? null,
    seat_name: op.seatName ?? null,
    ...common(op),
    device_time: op.deviceTime,
  });
  for (const l of op.lines) {
    lines.push({
      operation_id: op.id,
      article_id: l.idArticle,
      quantity: l.quantity,
      price: l.price,
      quantity_gift: l.quantityGift,
    });
  }
  for (const p of op.payments) {
    const fromBalance = p.type === 'S' || p.type === 'B';
    payments.push({
      operation_id: op.id,
      type: p.type,
      amount: p.amount,
      wristband_id: fromBalance ? wb((p.rfid ?? op.rfid)!).id : null,
    });
  }
  return negative;
}
