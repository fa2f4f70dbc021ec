/**
 * An access of the sync (a wristband or ticket at a gate): its record. The wristband is named, not changed.
 */
import type { Recording } from './sync-recording';
import type { OpOf } from './sync-types';

/** Records an access. */
export function recordAccess(r: Recording, op: OpOf<'access'>) {
  const { wb, device } = r;
  const { access } = r.rows;
  access.push({
    operation_id: op.id,
    wristband_id: op.rfid ? wb(op.rfid).id : null,
    ticket_code: op.ticketCode ?? null,
    acceso: op.acceso,
    zone_from: op.zoneFrom ?? null,
    zone_to: op.zoneTo ?? null,
    gate_id: op.gateId ?? null,
    last_zone: op.lastZone ?? null,
    role_id: op.roleId ?? null,
    staff_id: op.staffId ?? null,
    device_id: device.id,
    date_local: op.deviceTime,
  });
}
