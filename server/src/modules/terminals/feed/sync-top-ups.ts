/**
 * A top-up of the sync (any balance operation: top-up, bonus, refund, add-on…): its move on the balances and
 * its row.
 */
import type { BanOutcome } from './sync.rules';
import type { TopUpRow } from './sync-money.repo';
import type { Recorded, Recording } from './sync-recording';
import type { OpOf } from './sync-types';
import type { WState } from './sync-wristbands';

/** Records a top-up: its move on the wristband's balances, the flags it grants, its row. */
export function recordTopUp(r: Recording, op: OpOf<'topup'>, ban: BanOutcome | undefined): Recorded {
  const { wb, fits, move, addFlags, device } = r;
  const { topUps } = r.rows;
  const w = wb(op.rfid);
  if (!fits([[w, op.amount, op.bonus]])) return 'tooLarge';
  const negative = move(w, op.amount, op.bonus, op, op.type);
  addFlags(w, op.flags);
  topUps.push({ ...topUpRow(op, w, negative, device.id), banned_wristband: !!ban });
  return negative;
}

function topUpRow(op: OpOf<'topup'>, w: WState, negative: boolean, deviceId: number | null): TopUpRow {
  return {
    operation_id: op.id,
    wristband_id: w.id,
    type: op.type,
    payment_type: op.paymentType ?? null,
    amount: op.amount,
    bonus: op.bonus,
    money: op.money,
    fee: op.fee,
    cash_after: w.cash,
    gift_after: w.gift,
    negative_balance: negative,
    banned_wristband: false,
    articles: op.articles,
    ref: op.ref ?? null,
    addon_id: op.addonId ?? null,
    staff_id: op.staffId ?? null,
    supervisor_id: op.supervisorId ?? null,
    device_id: deviceId,
    location_id: op.locationId ?? null,
    device_time: op.deviceTime,
  };
}
