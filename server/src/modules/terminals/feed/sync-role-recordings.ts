/** A role recording of the sync: the role and flags it gives a wristband, and its record. */
import type { Recording } from './sync-recording';
import type { OpOf } from './sync-types';

/** Records a role recording: the wristband takes the role and the flags. */
export function recordRoleRecording(r: Recording, op: OpOf<'roleRecording'>) {
  const { wb, addFlags, common } = r;
  const { roles } = r.rows;
  const w = wb(op.rfid);
  if (w.role_id !== op.roleId) {
    w.role_id = op.roleId;
    w.dirty = true;
  }
  addFlags(w, op.flags);
  roles.push({
    operation_id: op.id,
    wristband_id: w.id,
    role_id: op.roleId,
    ...common(op),
    device_time: op.deviceTime,
  });
}
