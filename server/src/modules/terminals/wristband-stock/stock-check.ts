import type { SyncOperation } from '@pulsera/contracts';

/**
 * Stock control in the terminal feed's sync: when the event requires it, an operation naming a
 * wristband that is not in a lot assigned to the event is refused alone (reason `invalid`).
 */

const SERIAL_FIELDS = ['rfid', 'sourceRfid', 'endRfid'] as const;

/** The serials a batch names (read from the raw operations, before each is checked). */
export function namedSerials(rawOps: unknown[]): string[] {
  const serials = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v === 'string' && v.length > 0 && v.length <= 64) serials.add(v);
  };
  for (const raw of rawOps) {
    if (!raw || typeof raw !== 'object') continue;
    const op = raw as Record<string, unknown>;
    for (const f of SERIAL_FIELDS) add(op[f]);
    if (Array.isArray(op.payments)) for (const p of op.payments) add((p as { rfid?: unknown } | null)?.rfid);
  }
  return [...serials];
}

/** The serials one (valid) operation names. */
function serialsOf(op: SyncOperation): string[] {
  switch (op.kind) {
    case 'topup':
    case 'ticketValidation':
    case 'roleRecording':
    case 'access':
      return op.rfid ? [op.rfid] : [];
    case 'sale':
      return [...(op.rfid ? [op.rfid] : []), ...op.payments.flatMap((p) => (p.rfid ? [p.rfid] : []))];
    case 'wristbandChange':
      return [op.sourceRfid, op.endRfid];
    default:
      return [];
  }
}

/** The refusal of an operation naming a wristband outside the event's stock; null when it may go on. */
export function checkStock(op: SyncOperation, unknown: Set<string> | null) {
  if (!unknown?.size) return null;
  const serial = serialsOf(op).find((s) => unknown.has(s));
  if (!serial) return null;
  return { reason: 'invalid', message: `validation.feedUnknownWristband|${JSON.stringify({ serial })}` };
}
