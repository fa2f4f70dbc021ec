/**
 * A wristband change of the sync (a wristband replaced by another): balances, customer, flags and role
 * move to the new one; its rows (an N-RS and an N-RE top-up, the change).
 */
import type { BanOutcome } from './sync.rules';
import type { TopUpRow } from './sync-money.repo';
import type { Recorded, Recording } from './sync-recording';
import type { OpOf } from './sync-types';
import type { WState } from './sync-wristbands';

/** Records a wristband change. */
export function recordWristbandChange(
  r: Recording,
  op: OpOf<'wristbandChange'>,
  ban: BanOutcome | undefined,
): Recorded {
  const { wb, fits, move, addFlags, common, device, orphanCustomers } = r;
  const { topUps, changes } = r.rows;
  const src = wb(op.sourceRfid);
  const end = wb(op.endRfid);
  const cash = src.cash;
  const gift = src.gift;
  if (!fits([[end, cash, gift]])) return 'tooLarge';
  move(src, -cash, -gift, op, 'N-RS');
  const negative = move(end, cash, gift, op, 'N-RE');
  topUps.push({
    ...changeRow(op, src, 'N-RS', -cash, -gift, false, device.id),
    banned_wristband: !!ban,
  });
  topUps.push({
    ...changeRow(op, end, 'N-RE', cash, gift, negative, device.id),
    banned_wristband: !!ban,
  });
  src.active = 0;
  end.active = 1;
  if (src.customer_id && src.customer_id !== end.customer_id) {
    if (end.customer_id) orphanCustomers.push(end.customer_id);
    end.customer_id = src.customer_id;
  }
  addFlags(end, src.flags);
  end.role_id ??= src.role_id;
  src.dirty = end.dirty = true;
  changes.push({
    operation_id: op.id,
    source_wristband_id: src.id,
    end_wristband_id: end.id,
    source_rfid: src.n_serie,
    end_rfid: end.n_serie,
    cash_moved: cash,
    gift_moved: gift,
    ...common(op),
    date: op.deviceTime,
  });
  return negative;
}

function changeRow(
  op: OpOf<'wristbandChange'>,
  w: WState,
  type: 'N-RS' | 'N-RE',
  amount: number,
  bonus: number,
  negative: boolean,
  deviceId: number | null,
): TopUpRow {
  return {
    operation_id: op.id,
    wristband_id: w.id,
    type,
    payment_type: null,
    amount,
    bonus,
    money: 0,
    fee: 0,
    cash_after: w.cash,
    gift_after: w.gift,
    negative_balance: negative,
    banned_wristband: false,
    articles: [],
    ref: type === 'N-RS' ? op.endRfid : op.sourceRfid,
    addon_id: null,
    staff_id: op.staffId ?? null,
    supervisor_id: null,
    device_id: deviceId,
    location_id: op.locationId ?? null,
    device_time: op.deviceTime,
  };
}
