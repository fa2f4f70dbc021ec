/** The cash desk close at the end of a shift (the drawer's rules: drawer.ts). */
import type { TerminalDb } from './db';
import { drawerOf } from './drawer';
import { enqueue } from './outbox';

/** Closes the staff member's cash desk with the cash counted; answers what was expected. */
export async function closeDrawer(
  db: TerminalDb,
  close: { staffId: number; locationId: number; counted: number },
) {
  return db.transaction('rw', db.kv, db.outbox, db.balances, async () => {
    const { cents: expected } = await drawerOf(db, close.staffId);
    await enqueue(db, (seq) => ({
      operation: {
        kind: 'cashClose',
        id: crypto.randomUUID(),
        deviceTime: new Date().toISOString(),
        seq,
        staffId: close.staffId,
        locationId: close.locationId,
        expected,
        counted: close.counted,
      },
    }));
    return { expected, counted: close.counted, difference: close.counted - expected };
  });
}
