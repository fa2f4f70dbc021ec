import { randomUUID } from 'node:crypto';
import type { SyncOperationInput } from '@pulsera/contracts';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedNames, TEST_FEED_NAMES } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { customers, events, wristbands } from '../../../core/db/schema';
import { registerDevice } from '../feed/device.service';

/** Wristband stock (issue 18): lots imported from files, searched, assigned, and stock control at sync. */
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['session']>>;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  eventId = (await t.activeEvent()).id;
  await feedNames(t.database.db, eventId, TEST_FEED_NAMES);
}, 300_000);
afterAll(() => t.close());

const importFile = async (lot: string, bytes: Buffer | string, dryRun = false, type = 'text/csv') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/wristband-stock/import?lot=${encodeURIComponent(lot)}${dryRun ? '&dryRun=1' : ''}`,
    headers: { token: admin.token, 'content-type': type },
    payload: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
  });
  return { status: res.statusCode, body: res.json() };
};
const serial = (n: number) => `04A1${String(n).padStart(10, '0')}`;
const csvOf = (from: number, count: number) =>
  ['nSerie;codeCheck', ...Array.from({ length: count }, (_, i) => `${serial(from + i)};C${from + i}`)].join(
    '\n',
  );

describe('importing a lot', { timeout: 120_000 }, () => {
  it('checks a file without writing: preview, counts, a bad row and a duplicate named', async () => {
    const file = `${csvOf(1, 12)}\n04a1000000000099;X\n${serial(3)};C3\n`;
    const res = await importFile('Lot A', file, true);
    expect(res.status).toBe(200);
    const r = res.body.result;
    expect(r).toMatchObject({ dryRun: true, lotId: null, rows: 14, added: 12, unchanged: 0, refused: 2 });
    expect(r.hasHeader).toBe(true);
    expect(r.fileKind).toBe('csv');
    expect(r.preview).toHaveLength(10);
    expect(r.preview[0]).toEqual({ line: 2, nSerie: serial(1), codeCheck: 'C1' });
    expect(r.errors).toEqual([
      { line: 14, nSerie: '04a1000000000099', problem: 'serialInvalid', message: 'validation.upperCase' },
      { line: 15, nSerie: serial(3), problem: 'duplicateInFile', otherLine: 4 },
    ]);
    const lots = await t.call('GET', '/api/wristband-stock/lots', admin);
    expect(lots.body.result).toEqual([]);
  });

  it('imports the good rows, and re-importing the same lot changes nothing', async () => {
    const file = `${csvOf(1, 12)}\n04a1000000000099;X\n${serial(3)};C3\n`;
    const first = await importFile('Lot A', file);
    expect(first.body.result).toMatchObject({ dryRun: false, added: 12, unchanged: 0, refused: 2 });
    // The name typed in another case is refused, checked or imported, naming the lot that exists.
    for (const dry of [true, false]) {
      const otherCase = await importFile('lot a', file, dry);
      expect(otherCase.status).toBe(409);
      expect(otherCase.body.description).toBe(
        'A lot named “Lot A” already exists: type its name exactly as written to add these wristbands to it, or choose another name',
      );
    }
    const again = await importFile('Lot A', file);
    expect(again.body.result).toMatchObject({ lotId: first.body.result.lotId, lotName: 'Lot A', added: 0 });
    expect(again.body.result).toMatchObject({ unchanged: 12, refused: 2 });
    const lots = (await t.call('GET', '/api/wristband-stock/lots', admin)).body.result;
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({ name: 'Lot A', wristbands: 12, eventId: null });
    // The audit trail: one summary change for the wristbands (not one per row), none on the re-import.
    const trail = (await t.database.db.execute(sql`
      select c.op, c.row_id, c.after from audit_changes c
      where c.table_name = 'stock_wristbands' order by c.id`)) as unknown as {
      rows: { op: string; row_id: string; after: Record<string, unknown> }[];
    };
    expect(trail.rows).toEqual([
      {
        op: 'insert',
        row_id: String(first.body.result.lotId),
        after: {
          lotId: first.body.result.lotId,
          lot: 'Lot A',
          added: 12,
          unchanged: 0,
          refused: 2,
          first: serial(1),
          last: serial(12),
        },
      },
    ]);
  });

  it('names the lot that already holds a serial, and a check code that differs', async () => {
    const file = `${serial(12)}\t${'C12'}\n${serial(13)}\tC13\n${serial(20)}\tC20\n`;
    const res = await importFile('Lot B', file, false, 'text/tab-separated-values');
    expect(res.body.result).toMatchObject({ fileKind: 'tsv', hasHeader: false, added: 2, refused: 1 });
    expect(res.body.result.errors).toEqual([
      { line: 1, nSerie: serial(12), problem: 'inAnotherLot', otherLot: 'Lot A' },
    ]);
    const other = await importFile('Lot A', `${serial(1)};ZZ\n`);
    expect(other.body.result.errors[0]).toMatchObject({ problem: 'codeCheckDiffers', otherLot: 'Lot A' });
  });

  it('reads an XLSX lot', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Lot');
    sheet.addRow(['Serial', 'Code']);
    for (let i = 100; i < 105; i++) sheet.addRow([serial(i), `X${i}`]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const res = await importFile('Lot X', bytes, false, 'application/octet-stream');
    expect(res.body.result).toMatchObject({ fileKind: 'xlsx', hasHeader: true, added: 5, refused: 0 });
  });

  it('refuses an empty file, and keeps no lot that received nothing', async () => {
    const empty = await importFile('Lot E', '\n\n');
    expect(empty.status).toBe(400);
    expect(empty.body.description).toBe('The file holds no wristbands');
    const allBad = await importFile('Lot F', `${serial(1)};C1\n`);
    expect(allBad.body.result).toMatchObject({ lotId: null, added: 0, refused: 1 });
    const names = (await t.call('GET', '/api/wristband-stock/lots', admin)).body.result.map(
      (l: { name: string }) => l.name,
    );
    expect(names).not.toContain('Lot F');
  });
});

describe('searching the stock and its states', { timeout: 120_000 }, () => {
  it('finds by the start of a serial or by a check code, paged on the server', async () => {
    const page = await t.call(
      'GET',
      `/api/wristband-stock/wristbands?search=04a100000000&paginationLimit=5&page=2`,
      admin,
    );
    expect(page.status).toBe(200);
    expect(page.body.result.total).toBe(14);
    expect(page.body.result.wristbands.map((w: { nSerie: string }) => w.nSerie)).toEqual(
      [6, 7, 8, 9, 10].map(serial),
    );
    const byCode = await t.call('GET', '/api/wristband-stock/wristbands?search=C7', admin);
    expect(byCode.body.result.wristbands).toEqual([
      expect.objectContaining({ nSerie: serial(7), codeCheck: 'C7', lotName: 'Lot A', state: 'inStock' }),
    ]);
  });

  it('derives each state: assigned, linked, banned, replaced', async () => {
    const lotA = (await t.call('GET', '/api/wristband-stock/lots', admin)).body.result.find(
      (l: { name: string }) => l.name === 'Lot A',
    );
    const assigned = await t.call('POST', `/api/wristband-stock/lots/${lotA.id}/assign`, {
      ...admin,
      body: { eventId },
    });
    expect(assigned.body.result).toMatchObject({ eventId, eventName: 'Sonora Festival 2026' });

    const [customer] = await t.database.db
      .insert(customers)
      .values({ eventId, name: 'Ana Stock', email: 'ana.stock@example.com' })
      .returning();
    await t.database.db.insert(wristbands).values({ eventId, nSerie: serial(2), customerId: customer!.id });
    await t.database.db.insert(wristbands).values({ eventId, nSerie: serial(4), active: 0 });
    const sup = await t.session('super@demo.test');
    await t.call('POST', '/api/rfids/ban', {
      ...sup,
      body: { nSerie: serial(5), banAndroid: 1, banTopUps: 0 },
    });

    const states = (await t.call('GET', '/api/wristband-stock/wristbands?search=04A1000000000', admin)).body
      .result.wristbands as { nSerie: string; state: string; customerName: string | null }[];
    const of = (n: number) => states.find((w) => w.nSerie === serial(n));
    expect(of(1)?.state).toBe('assigned');
    expect(of(2)).toMatchObject({ state: 'linked', customerName: 'Ana Stock' });
    expect(of(4)?.state).toBe('replaced');
    expect(of(5)?.state).toBe('banned');
  });

  it('is refused to a user without the configuration role, and bad input gets a 400', async () => {
    const ops = await t.session('ops@demo.test');
    expect((await t.call('GET', '/api/wristband-stock/lots', ops)).status).toBe(403);
    const bad = await t.call('POST', '/api/wristband-stock/lots/1/assign', {
      ...admin,
      body: { eventId: 0 },
    });
    expect(bad.status).toBe(400);
    const missing = await t.call('POST', '/api/wristband-stock/lots/1/assign', {
      ...admin,
      body: { eventId: 999999 },
    });
    expect(missing.status).toBe(404);
  });

  it('gives no lot to a closed event', async () => {
    // Another of the demo's events, closed.
    const [closed] = await t.database.db
      .update(events)
      .set({ isClosed: 1 })
      .where(sql`${events.id} = (select min(id) from events where id <> ${eventId})`)
      .returning({ id: events.id });
    expect(closed).toBeDefined();
    const lot = (await t.call('GET', '/api/wristband-stock/lots', admin)).body.result[0];
    const res = await t.call('POST', `/api/wristband-stock/lots/${lot.id}/assign`, {
      ...admin,
      body: { eventId: closed!.id },
    });
    expect(res.status).toBe(409);
    expect(res.body.description).toBe('The event is closed');
    const after = (await t.call('GET', '/api/wristband-stock/lots', admin)).body.result[0];
    expect(after.eventId).not.toBe(closed!.id);
  });
});

describe('stock control at the terminal feed', { timeout: 120_000 }, () => {
  it('refuses alone an operation naming a wristband outside the event stock', async () => {
    const { secretKey } = await registerDevice(t.database.db, { n_serie: 'STOCK-PDA-1', idEvent: eventId });
    const auth = await t.call('POST', '/api/device/auth', { body: { serial: 'STOCK-PDA-1', secretKey } });
    const devicetoken = auth.body.result.token;
    const topUp = (rfid: string) =>
      ({
        kind: 'topup',
        id: randomUUID(),
        deviceTime: '2026-07-11T18:00:00Z',
        rfid,
        type: 'N',
        paymentType: 'S',
        amount: 1000,
        money: 1000,
        locationId: 31,
        staffId: 4,
      }) as SyncOperationInput;
    const send = (operations: unknown[]) =>
      t.call('POST', '/api/device/sync', { headers: { devicetoken }, body: { operations } });

    const impact = async () =>
      (await t.call('GET', `/api/wristband-stock/stock-control/impact?eventId=${eventId}`, admin)).body
        .result;
    const before = await impact();
    // Without stock control, any wristband is accepted.
    expect((await send([topUp('04FFFF00000001')])).body.result.accepted).toHaveLength(1);
    // The confirmation tells how many wristbands in use would be refused: one more, outside the stock.
    const after = await impact();
    expect(after).toEqual({
      eventId,
      activeWristbands: before.activeWristbands + 1,
      outsideStock: before.outsideStock + 1,
    });
    expect(after.outsideStock).toBeLessThanOrEqual(after.activeWristbands);

    const on = await t.call('POST', '/api/wristband-stock/stock-control', {
      ...admin,
      body: { eventId, required: 1 },
    });
    expect(on.body.result).toEqual([{ eventId, eventName: 'Sonora Festival 2026' }]);
    const known = topUp(serial(1));
    const unknown = topUp('04FFFF00000002');
    const otherLot = topUp(serial(20)); // in Lot B, not assigned to the event
    const res = await send([known, unknown, otherLot]);
    expect(res.body.result.accepted).toEqual([known.id]);
    expect(res.body.result.refused).toEqual([
      expect.objectContaining({
        id: unknown.id,
        reason: 'invalid',
        description: 'The wristband 04FFFF00000002 is not in the stock of this event',
      }),
      expect.objectContaining({ id: otherLot.id, reason: 'invalid' }),
    ]);
    const row = (
      await t.database.db
        .select()
        .from(wristbands)
        .where(and(eq(wristbands.eventId, eventId), eq(wristbands.nSerie, '04FFFF00000002')))
    )[0];
    expect(row).toBeUndefined();

    await t.call('POST', '/api/wristband-stock/stock-control', { ...admin, body: { eventId, required: 0 } });
    expect((await send([unknown])).body.result.accepted).toEqual([unknown.id]);
  });
});
