/** A presence of the sync (a staff member in or out) and a cash desk close: their records. */
import type { Recording } from './sync-recording';
import type { OpOf } from './sync-types';

/** Records a presence. */
export function recordPresence(r: Recording, op: OpOf<'presence'>) {
  const { device } = r;
  const { presence } = r.rows;
  presence.push({
    operation_id: op.id,
    staff_id: op.staffId,
    type: op.type,
    location_id: op.locationId ?? null,
    device_id: device.id,
    controller_id: op.controllerId ?? null,
    date_presence: op.deviceTime,
  });
}

/** Records a cash desk close: what the terminal expected and what was counted. */
export function recordCashClose(r: Recording, op: OpOf<'cashClose'>) {
  r.rows.cashCloses.push({
    operation_id: op.id,
    staff_id: op.staffId,
    location_id: op.locationId ?? null,
    device_id: r.device.id,
    expected: op.expected,
    counted: op.counted,
    closed_at: op.deviceTime,
  });
}
