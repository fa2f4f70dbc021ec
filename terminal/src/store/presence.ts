/**
 * Presence control (02-catalogue "Presence control"; activity P): a staff member's wristband tapped
 * at a presence location is checked in or out by the staff member signed in (the controller). The
 * feed's presence operation goes to the outbox, so it works offline; the terminal remembers the last
 * check it recorded for each staff member to suggest the next one.
 */
import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import type { PresenceCheck, TerminalDb } from './db';
import { enqueue, operationHead } from './outbox';

export interface PresencePlace {
  config: DeviceConfig;
  locationId: number;
  /** The controller: the staff member signed in. */
  staffId: number;
}

type StaffMember = DeviceConfig['staff'][number];

/** The staff member whose wristband this is, or why none. */
export function staffOfWristband(
  config: DeviceConfig,
  serial: string,
): { member: StaffMember } | { refused: 'notStaff' | 'inactive' } {
  const member = config.staff.find((s) => s.rfid === serial);
  if (!member) return { refused: 'notStaff' };
  if (!member.active) return { refused: 'inactive' };
  return { member };
}

/** The last check this terminal recorded for the staff member, if any. */
export const lastCheck = async (db: TerminalDb, staffId: number) =>
  ((await db.get('presence')) ?? {})[staffId];

/** Records the check in the outbox and as the staff member's last here, in one transaction. */
export async function bookPresence(
  db: TerminalDb,
  place: PresencePlace,
  staffId: number,
  type: PresenceCheck['type'],
  at = new Date(),
) {
  await enqueue(
    db,
    (seq) => ({
      operation: {
        kind: 'presence',
        ...operationHead(seq, at),
        staffId,
        type,
        controllerId: place.staffId,
        locationId: place.locationId,
      },
    }),
    async () => {
      const known = (await db.get('presence')) ?? {};
      await db.put('presence', { ...known, [staffId]: { type, at: at.getTime() } });
    },
  );
  return { staffId, type, at };
}
