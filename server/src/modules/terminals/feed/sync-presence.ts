/** A presence of the sync (a staff member in or out): its record. */
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
