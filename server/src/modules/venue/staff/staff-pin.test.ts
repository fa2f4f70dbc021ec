/**
 * A staff member's PIN (issue 29): set from the console, write-only (the list says only whether one
 * is set), kept when a save leaves it out, removed by null, never in the audit trail (the terminal's
 * side: terminals/feed/staff-pin-config.test.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { rowsOf } from '../../../core/db/rows';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['session']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
});
afterAll(() => t.close());

const save = (body: Record<string, unknown>) =>
  t.call('POST', '/api/staff', { ...admin, body: { staff: body } });
const base = { user: 'pin.laura', name: 'Laura Gil', trusts: 'C' };

describe('staff PIN', () => {
  it('is set, kept and removed, and never read back', async () => {
    const created = await save({ ...base, pin: '4821' });
    expect(created.status).toBe(200);
    expect(created.body.result.hasPin).toBe(true);
    expect(JSON.stringify(created.body)).not.toContain('4821');
    const id = created.body.result.id;
    // A save that leaves the PIN out keeps it.
    expect((await save({ ...base, id, name: 'Laura Gil Pons' })).body.result.hasPin).toBe(true);

    // The audit trail never holds the hash or its salt.
    const [stored] = rowsOf<{ pin_hash: string; pin_salt: string }>(
      await t.database.db.execute(sql`select pin_hash, pin_salt from staff where id = ${id}`),
    );
    const trail = rowsOf<{ after: unknown }>(
      await t.database.db.execute(
        sql`select after from audit_changes where table_name = 'staff' and row_id = ${String(id)}`,
      ),
    );
    expect(trail.length).toBeGreaterThan(0);
    expect(JSON.stringify(trail)).not.toContain(stored!.pin_hash);
    expect(JSON.stringify(trail)).not.toContain(stored!.pin_salt);
    expect(JSON.stringify(trail)).toContain('[redacted]');

    expect((await save({ ...base, id, pin: null })).body.result.hasPin).toBe(false);
  });

  it('refuses a PIN that is not 4 to 8 digits, in the user’s language', async () => {
    for (const pin of ['12', '123456789', '12a4']) {
      const res = await save({ ...base, user: `pin.${pin}`, pin });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('A PIN is 4 to 8 digits');
    }
  });
});
