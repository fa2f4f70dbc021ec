import type { DeviceConfig } from '@pulsera/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from './db';
import { bookPresence, lastCheck, staffOfWristband } from './presence';

afterEach(async () => {
  await db.delete();
  await db.open();
});

const member = (id: number, rfid: string | null, active = true) => ({
  id,
  name: `Staff ${id}`,
  trusts: 'T',
  active,
  rfid,
  pin: null,
  locationIds: null,
});
const config = {
  staff: [member(7, '04AA00000000A7'), member(8, '04AA00000000A8', false), member(9, null)],
} as unknown as DeviceConfig;

describe('presence control', () => {
  it('knows a staff wristband, refuses another or an inactive member', () => {
    expect(staffOfWristband(config, '04AA00000000A7')).toMatchObject({ member: { id: 7 } });
    expect(staffOfWristband(config, '04AA00000000A8')).toEqual({ refused: 'inactive' });
    expect(staffOfWristband(config, '04BB00000000B1')).toEqual({ refused: 'notStaff' });
  });

  it('queues the check with its controller and place, and remembers it as the member’s last', async () => {
    const at = new Date('2026-07-10T18:00:00Z');
    await bookPresence(db, { config, locationId: 40, staffId: 3 }, 7, 'in', at);
    const [row] = await db.outbox.toArray();
    expect(row!.operation).toMatchObject({
      kind: 'presence',
      staffId: 7,
      type: 'in',
      controllerId: 3,
      locationId: 40,
      deviceTime: at.toISOString(),
    });
    expect(await lastCheck(db, 7)).toEqual({ type: 'in', at: at.getTime() });
    expect(await lastCheck(db, 8)).toBeUndefined();
  });
});
