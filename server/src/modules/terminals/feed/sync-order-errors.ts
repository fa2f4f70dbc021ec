/** An order error of the sync (a kitchen or metre order that failed on the terminal): its record. */
import type { Recording } from './sync-recording';
import type { OpOf } from './sync-types';

/** Records an order error. */
export function recordOrderError(r: Recording, op: OpOf<'orderError'>) {
  const { common } = r;
  const { orderErrors } = r.rows;
  orderErrors.push({
    operation_id: op.id,
    message: op.message,
    seat_name: op.seatName ?? null,
    room_id: op.roomId ?? null,
    kitchen_id: op.kitchenId ?? null,
    ...common(op),
    device_time: op.deviceTime,
  });
}
