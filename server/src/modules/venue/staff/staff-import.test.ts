import { ALL_PERMISSION_CODES, PERMISSIONS } from '@pulsera/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { staff } from '../../../core/db/schema';

type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  eventId = (await t.activeEvent()).id;
});
afterAll(() => t.close());

type Row = { user?: unknown; name?: unknown; trusts?: unknown; intern?: unknown };
const upload = (rows: Row[], s: Session = admin, lang?: string) =>
  t.call('POST', '/api/massive-import/staffs', { ...s, body: { staff: rows }, lang });
const count = async () => (await t.database.db.select().from(staff).where(eq(staff.eventId, eventId))).length;

describe('staff import (POST /massive-import/staffs)', () => {
  it('imports every row, trimmed, trusts upper-cased, intern an integer, with the staff defaults', async () => {
    const res = await upload([
      { user: ' jmunoz ', name: ' José Muñoz ', trusts: ' cs ', intern: '1' },
      { user: 'mpena', name: 'María Peña', trusts: 'VC', intern: 0 },
      { user: 'agomez', name: 'Ángel Gómez', trusts: 'x', intern: ' 0 ' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ error: 0, result: { inserted: 3 } });
    const list = (await t.call('GET', '/api/staff', admin)).body.result.staff as any[];
    expect(list.find((s) => s.user === 'jmunoz')).toMatchObject({
      name: 'José Muñoz',
      trusts: 'CS',
      intern: 1,
      rfid: null,
      dateInactive: null,
      idsLocation: null,
      availableRooms: null,
    });
    expect(list.find((s) => s.user === 'mpena')).toMatchObject({ trusts: 'CV', intern: 0 });
    expect(list.find((s) => s.user === 'agomez')).toMatchObject({ trusts: 'X', intern: 0 });
  });

  it('refuses a file with duplicated users (staffDuplicated with the column and the count)', async () => {
    const before = await count();
    const res = await upload([
      { user: 'dup.a', name: 'A', trusts: 'C', intern: 1 },
      { user: 'dup.b', name: 'B', trusts: 'C', intern: 1 },
      { user: 'DUP.A', name: 'A again', trusts: 'C', intern: 1 },
      { user: 'dup.b', name: 'B again', trusts: 'C', intern: 1 },
      { user: 'dup.a', name: 'A third', trusts: 'C', intern: 1 },
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 1701,
      description: 'The column user has 3 duplicated values: dup.a, dup.b',
    });
    expect(await count()).toBe(before);
  });

  it('refuses users that already exist in the event, naming them, and writes none of the file', async () => {
    const before = await count();
    const res = await upload(
      [
        { user: 'fresh.one', name: 'Fresh', trusts: 'C', intern: 1 },
        { user: 'JMUNOZ', name: 'José again', trusts: 'C', intern: 1 },
      ],
      admin,
      'es',
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 1706,
      description: '1 de estos usuarios ya existen en este evento: JMUNOZ',
    });
    // Each clash names its row, so the preview shows it there (issue 16).
    expect(res.body.fields).toEqual([
      expect.objectContaining({ path: 'staff.1.user', message: 'validation.staffUserExists' }),
    ]);
    expect(await count()).toBe(before);
  });

  it('applies every row rule again: a row failing halfway leaves nothing behind', async () => {
    const before = await count();
    const good = (i: number) => ({ user: `half.${i}`, name: `Half ${i}`, trusts: 'C', intern: 1 });
    const cases: [Row, number, string][] = [
      [
        { user: 'half.3', name: '  ', trusts: 'C', intern: 1 },
        1702,
        'A staff member exists without name (row 3)',
      ],
      [{ name: 'No user', trusts: 'C', intern: 1 }, 1702, 'A staff member exists without user (row 3)'],
      [
        { user: 'half.3', name: 'x', trusts: '', intern: 1 },
        1702,
        'A staff member exists without trusts (row 3)',
      ],
      [
        { user: 'half.3', name: 'x', trusts: 'C', intern: ' ' },
        1702,
        'A staff member exists without intern (row 3)',
      ],
      [
        { user: 'half.3', name: 'x', trusts: 'CZ', intern: 1 },
        1703,
        'Row 3: the trusts must be letters among C S T V R A G P X H B M K O D',
      ],
      [{ user: 'half.3', name: 'x', trusts: 'C', intern: 'yes' }, 1704, 'Row 3: intern must be 0 or 1'],
      [{ user: 'half.3', name: 'x', trusts: 'C', intern: 2 }, 1704, 'Row 3: intern must be 0 or 1'],
      [
        { user: 'half.3', name: 'n'.repeat(151), trusts: 'C', intern: 1 },
        1705,
        'Row 3: name is longer than 150 characters',
      ],
    ];
    for (const [bad, code, description] of cases) {
      const res = await upload([good(1), good(2), bad, good(4), good(5)]);
      expect(res.status, description).toBe(400);
      expect(res.body).toEqual({ error: code, description });
    }
    expect(await count()).toBe(before);
  });

  it('a database failure after some batches were written leaves nothing behind', async () => {
    const before = await count();
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      user: `late.${i}`,
      name: `Late ${i}`,
      trusts: 'C',
      intern: 1,
    }));
    // A rule only the database knows refuses row 2,200: the service's checks pass, the first two
    // batches of 1,000 rows are written, then the third INSERT fails inside the transaction.
    const rule = sql.raw('staff_test_refuses_late_2199');
    await t.database.db.execute(
      sql`alter table staff add constraint ${rule} check ("user" <> 'late.2199') not valid`,
    );
    try {
      const res = await upload(rows);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        error: 500,
        description: 'Internal error. If the problem persists, please contact the administration',
      });
      expect(await count()).toBe(before);
    } finally {
      await t.database.db.execute(sql`alter table staff drop constraint ${rule}`);
    }
    // Nothing half-imported blocks the same file afterwards: it goes in whole.
    expect((await upload(rows)).body).toEqual({ error: 0, result: { inserted: 2500 } });
    expect(await count()).toBe(before + 2500);
  });

  it('refuses an empty list and a body that is not a list of rows', async () => {
    expect((await upload([])).status).toBe(400);
    const res = await t.call('POST', '/api/massive-import/staffs', {
      ...admin,
      body: { staff: 'user\tname' },
    });
    expect(res.status).toBe(400);
  });

  it('imports 5,000 rows in batches, in reasonable time', async () => {
    const before = await count();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      user: `bulk.${i}`,
      name: `Bulk Worker ${i}`,
      trusts: i % 2 ? 'CS' : 'V',
      intern: i % 3 === 0 ? 0 : 1,
    }));
    const started = Date.now();
    const res = await upload(rows);
    const took = Date.now() - started;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual({ inserted: 5000 });
    expect(took).toBeLessThan(15_000);
    expect(await count()).toBe(before + 5000);
    // A second upload of the same file is refused as a whole (the users exist now).
    const again = await upload(rows.slice(4990));
    expect(again.status).toBe(409);
    expect(again.body.description).toBe(
      '10 of these users already exist in this event: bulk.4990, bulk.4991, bulk.4992, bulk.4993, bulk.4994, bulk.4995, bulk.4996, bulk.4997, bulk.4998, bulk.4999',
    );
  });

  it('needs the staff permission', async () => {
    const ops = await t.session('ops@demo.test');
    expect((await upload([{ user: 'ops.made', name: 'Ops', trusts: 'C', intern: 1 }], ops)).status).toBe(200);
    await t.userWithPermissions(
      'no-staff-import@demo.test',
      eventId,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.staff),
    );
    const s = await t.session('no-staff-import@demo.test');
    const before = await count();
    expect((await upload([{ user: 'sneaky', name: 'S', trusts: 'C', intern: 1 }], s)).status).toBe(403);
    expect(await count()).toBe(before);
  });
});
