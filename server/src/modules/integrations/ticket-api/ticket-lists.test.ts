import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { rols, ticketImportSchedules } from '../../../core/db/schema';
import { applyPositions } from './ticket-apply';

/**
 * Ticket API lists: tickets by hand (a list with per-row errors, applied again without change),
 * the converter (mappings created, edited, refused, adopted by an import, deleted) and resellers
 * (allocated / sold / remaining per rol; no allocation below what was sold).
 */
type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let eventId: number;
let general: number;
let vip: number;

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  eventId = (await t.activeEvent()).id;
  [{ id: general }, { id: vip }] = (await t.database.db
    .insert(rols)
    .values([
      { eventId, name: 'List General' },
      { eventId, name: 'List VIP' },
    ])
    .returning({ id: rols.id })) as [{ id: number }, { id: number }];
  // A ticket a terminal made: its code is taken for lists.
  await t.database.db.execute(sql`insert into tickets (event_id, code) values (${eventId}, 'TERM-1')`);
}, 240_000);
afterAll(async () => {
  await t.close();
});

const manual = (rows: Record<string, unknown>[], preview = false) =>
  t.call('POST', '/api/api-ticket/manual', {
    ...admin,
    body: { rows: rows.map((r, i) => ({ line: i + 2, ...r })), preview },
  });

describe('resellers', () => {
  it('saves a reseller with allocations and refuses a repeated name or rol', async () => {
    const res = await t.call('POST', '/api/api-ticket/resellers', {
      ...admin,
      body: {
        reseller: {
          name: 'Tickets Corner',
          email: 'sales@corner.test',
          allocations: [{ roleId: general, quantity: 2 }],
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.roles).toEqual([
      { roleId: general, rol: 'List General', allocated: 2, sold: 0, remaining: 2 },
    ]);
    const same = await t.call('POST', '/api/api-ticket/resellers', {
      ...admin,
      body: { reseller: { name: 'tickets corner', allocations: [] } },
    });
    expect(same.status).toBe(400);
    expect(same.body.fields[0].path).toBe('reseller.name');
    const twice = await t.call('POST', '/api/api-ticket/resellers', {
      ...admin,
      body: {
        reseller: {
          name: 'Other',
          allocations: [
            { roleId: vip, quantity: 1 },
            { roleId: vip, quantity: 2 },
          ],
        },
      },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.fields[0]).toMatchObject({
      path: 'reseller.allocations.1.roleId',
      message: 'validation.ticketAllocationRepeated',
    });
  });
});

describe('tickets by hand', () => {
  it('previews a list with per-row errors and writes nothing', async () => {
    const res = await manual(
      [
        { code: 'HAND-1', role: 'List General', holder: 'Ana Ruiz', email: 'ana@x.test' },
        { code: 'HAND-2', role: 'list vip', holder: 'Bo Li', email: '' },
        { code: 'HAND-1', role: 'List General' },
        { code: 'HAND 3', role: 'List General' },
        { code: 'HAND-4', role: 'Nope' },
        { code: 'HAND-5', role: 'List General', email: 'not-an-email' },
        { code: 'TERM-1', role: 'List General' },
      ],
      true,
    );
    expect(res.status).toBe(200);
    const r = res.body.result;
    expect(r).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    expect(r.refused.map((x: { line: number }) => x.line)).toEqual([4, 5, 6, 7, 8]);
    const byLine = Object.fromEntries(
      r.refused.map((x: { line: number; fields: { message: string }[] }) => [x.line, x.fields[0]!.message]),
    );
    expect(byLine[4]).toMatch(/^validation.ticketCodeRepeated/);
    expect(byLine[5]).toBe('validation.ticketCode');
    expect(byLine[6]).toMatch(/^validation.ticketRoleUnknown/);
    // A row with several problems names them all.
    const both = await manual([{ code: 'HAND 9', role: 'Nope', email: 'bad' }], true);
    expect(both.body.result.refused[0].fields.map((f: { path: string }) => f.path).sort()).toEqual([
      'code',
      'email',
      'role',
    ]);
    expect(byLine[8]).toMatch(/^validation.ticketCodeTaken/);
    expect(r.refused[4].description).toContain('TERM-1');
    expect(
      (await rows<{ n: number }>(sql`select count(*)::int as n from tickets where code like 'HAND-%'`))[0]!.n,
    ).toBe(0);
  });

  it('applies the good rows with their customers; the same list again changes nothing', async () => {
    const list = [
      { code: 'HAND-1', role: 'List General', holder: 'Ana Ruiz', email: 'ana@x.test' },
      { code: 'HAND-2', role: 'List VIP', holder: 'Bo Li', email: '' },
      { code: 'HAND-3', role: 'Nope' },
    ];
    const first = await manual(list);
    expect(first.body.result).toMatchObject({ created: 2, unchanged: 0 });
    expect(first.body.result.refused).toHaveLength(1);
    const [ticket] = await rows<Record<string, unknown>>(sql`
      select t.source, t.role_id, c.name, c.email, c.ticket_code from tickets t
      join customers c on c.id = t.customer_id where t.event_id = ${eventId} and t.code = 'HAND-1'`);
    expect(ticket).toMatchObject({
      source: 'manual',
      role_id: general,
      name: 'Ana Ruiz',
      ticket_code: 'HAND-1',
    });
    const again = await manual(list);
    expect(again.body.result).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    // The customer lookup finds the holder.
    const found = await t.call('GET', '/api/infoCustomer/search?name=Ana%20Ruiz', admin);
    expect(JSON.stringify(found.body)).toContain('HAND-1');
    // A corrected row updates the ticket made by hand.
    const fix = await manual([{ code: 'HAND-2', role: 'List VIP', holder: 'Bo Lin', email: 'bo@x.test' }]);
    expect(fix.body.result).toMatchObject({ updated: 1 });
    const listed = await t.call('GET', '/api/api-ticket/manual?search=bo%20lin', admin);
    expect(listed.body.result.tickets).toHaveLength(1);
    expect(listed.body.result.tickets[0]).toMatchObject({
      code: 'HAND-2',
      holder: 'Bo Lin',
      rol: 'List VIP',
    });
  });

  it("counts a reseller's sales against its allocation, and refuses beyond it", async () => {
    const res = await manual([
      { code: 'RS-1', role: 'List General', reseller: 'Tickets Corner' },
      { code: 'RS-2', role: 'List General', reseller: 'tickets corner' },
      { code: 'RS-3', role: 'List General', reseller: 'Tickets Corner' },
      { code: 'RS-4', role: 'List VIP', reseller: 'Tickets Corner' },
      { code: 'RS-5', role: 'List General', reseller: 'Nobody' },
    ]);
    expect(res.body.result.created).toBe(2);
    const refused = res.body.result.refused.map((x: { line: number; fields: { message: string }[] }) => [
      x.line,
      x.fields[0]!.message.split('|')[0],
    ]);
    expect(refused).toEqual([
      [4, 'validation.ticketAllocationExceeded'],
      [5, 'validation.ticketAllocationExceeded'],
      [6, 'validation.ticketResellerUnknown'],
    ]);
    const [corner] = (await t.call('GET', '/api/api-ticket/resellers', admin)).body.result;
    expect(corner.roles).toEqual([
      { roleId: general, rol: 'List General', allocated: 2, sold: 2, remaining: 0 },
    ]);
  });

  it('deletes a ticket made by hand while it is not validated', async () => {
    const listed = (await t.call('GET', '/api/api-ticket/manual?search=HAND-1', admin)).body.result.tickets;
    await t.database.db.execute(sql`update tickets set validated = 1 where id = ${listed[0].id}`);
    const refused = await t.call('DELETE', `/api/api-ticket/manual/${listed[0].id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(3706);
    const two = (await t.call('GET', '/api/api-ticket/manual?search=HAND-2', admin)).body.result.tickets[0];
    expect((await t.call('DELETE', `/api/api-ticket/manual/${two.id}`, admin)).status).toBe(200);
    expect(await rows(sql`select 1 from customers where ticket_code = 'HAND-2'`)).toHaveLength(0);
  });
});

describe('resellers and sales', () => {
  it('refuses an allocation below what was sold, counting imported tickets too', async () => {
    const [corner] = (await t.call('GET', '/api/api-ticket/resellers', admin)).body.result;
    const [schedule] = await t.database.db
      .insert(ticketImportSchedules)
      .values({
        eventId,
        name: 'lists',
        baseUrl: 'https://pretix.example.org',
        organizer: 'o',
        platformEvent: 'e',
        tokenCipher: 'v1.x',
        mappings: [{ item: 7, variation: null, roleId: vip, resellerId: corner.id }],
        enabled: 0,
      })
      .returning();
    await applyPositions(
      t.database.db,
      { id: schedule!.id, eventId, mappings: schedule!.mappings },
      [
        {
          externalId: 'p1',
          orderCode: 'ORD1',
          state: 'paid',
          item: 7,
          variation: null,
          code: 'IMP-1',
          holderName: 'Imp One',
          holderEmail: null,
        },
      ],
      { runId: null },
    );
    const save = (allocations: { roleId: number; quantity: number }[]) =>
      t.call('POST', '/api/api-ticket/resellers', {
        ...admin,
        body: { reseller: { id: corner.id, name: corner.name, email: '', allocations } },
      });
    const below = await save([
      { roleId: general, quantity: 1 },
      { roleId: vip, quantity: 1 },
    ]);
    expect(below.status).toBe(400);
    expect(below.body.fields[0]).toMatchObject({ path: 'reseller.allocations.0.quantity' });
    expect(below.body.fields[0].message).toMatch(/^validation.ticketAllocationBelowSold/);
    const dropped = await save([{ roleId: general, quantity: 5 }]);
    expect(dropped.status).toBe(400);
    const okay = await save([
      { roleId: general, quantity: 5 },
      { roleId: vip, quantity: 3 },
    ]);
    expect(okay.status).toBe(200);
    expect(okay.body.result.roles).toEqual([
      { roleId: general, rol: 'List General', allocated: 5, sold: 2, remaining: 3 },
      { roleId: vip, rol: 'List VIP', allocated: 3, sold: 1, remaining: 2 },
    ]);
    const del = await t.call('DELETE', `/api/api-ticket/resellers/${corner.id}`, admin);
    expect(del.status).toBe(409);
    expect(del.body.error).toBe(3707);
  });
});

describe('converter', () => {
  const convert = (rows: Record<string, unknown>[], preview = false) =>
    t.call('POST', '/api/api-ticket/converter', {
      ...admin,
      body: { rows: rows.map((r, i) => ({ line: i + 1, ...r })), preview },
    });

  it('maps external codes to ours and to rols, with per-row errors; again changes nothing', async () => {
    const list = [
      { externalCode: 'EXT-1', code: 'OUR-1', role: 'List General' },
      { externalCode: 'EXT-2', code: '', role: 'List VIP' },
      { externalCode: 'EXT-1', code: 'OUR-9', role: 'List General' },
      { externalCode: 'EXT-3', code: 'OUR-1', role: 'List General' },
      { externalCode: 'EXT-4', code: 'TERM-1', role: 'List General' },
      { externalCode: 'EXT-5', code: 'OUR-5', role: 'Nope' },
      { externalCode: 'IMP-1', code: 'OUR-6', role: 'List General' },
    ];
    const preview = await convert(list, true);
    expect(preview.body.result).toMatchObject({ created: 2 });
    expect(await rows(sql`select 1 from tickets where external_code = 'EXT-1'`)).toHaveLength(0);
    const res = await convert(list);
    expect(res.status).toBe(200);
    const r = res.body.result;
    expect(r.created).toBe(2);
    expect(
      r.refused.map((x: { line: number; fields: { message: string }[] }) => [
        x.line,
        x.fields[0]!.message.split('|')[0],
      ]),
    ).toEqual([
      [3, 'validation.ticketCodeRepeated'],
      [4, 'validation.ticketCodeRepeated'],
      [5, 'validation.ticketCodeTaken'],
      [6, 'validation.ticketRoleUnknown'],
      [7, 'validation.ticketCodeTaken'],
    ]);
    expect((await convert(list.slice(0, 2))).body.result).toMatchObject({ created: 0, unchanged: 2 });
    const listed = (await t.call('GET', '/api/api-ticket/converter', admin)).body.result;
    expect(
      listed.tickets.map((x: { externalCode: string; code: string }) => [x.externalCode, x.code]).sort(),
    ).toEqual([
      ['EXT-1', 'OUR-1'],
      ['EXT-2', 'EXT-2'],
    ]);
    // Edited: another code and rol; a code another conversion holds is refused.
    const edit = await convert([{ externalCode: 'EXT-1', code: 'OUR-1B', role: 'List VIP' }]);
    expect(edit.body.result.updated).toBe(1);
    const clash = await convert([{ externalCode: 'EXT-1', code: 'EXT-2', role: 'List VIP' }]);
    expect(clash.body.result.refused[0].fields[0].message).toMatch(/^validation.ticketConverted/);
  });

  it('is adopted by an import whose position carries the external code, then no longer changes', async () => {
    const [schedule] = await t.database.db
      .insert(ticketImportSchedules)
      .values({
        eventId,
        name: 'converted',
        baseUrl: 'https://pretix.example.org',
        organizer: 'o',
        platformEvent: 'e2',
        tokenCipher: 'v1.x',
        mappings: [{ item: 8, variation: null, roleId: general, resellerId: null }],
        enabled: 0,
      })
      .returning();
    await applyPositions(
      t.database.db,
      { id: schedule!.id, eventId, mappings: schedule!.mappings },
      [
        {
          externalId: 'c1',
          orderCode: 'ORD2',
          state: 'paid',
          item: 8,
          variation: null,
          code: 'EXT-1',
          holderName: 'Conv Holder',
          holderEmail: null,
        },
      ],
      { runId: null },
    );
    const [ticket] = await rows<{ code: string; role_id: number; source: string }>(
      sql`select code, role_id, source from tickets where external_code = 'EXT-1'`,
    );
    expect(ticket).toMatchObject({ code: 'OUR-1B', role_id: vip, source: 'converter' });
    expect(await rows(sql`select 1 from tickets where code = 'EXT-1'`)).toHaveLength(0);
    const locked = await convert([{ externalCode: 'EXT-1', code: 'OUR-1C', role: 'List VIP' }]);
    expect(locked.body.result.refused[0].fields[0].message).toMatch(/^validation.ticketConvertedLocked/);
    const listed = (await t.call('GET', '/api/api-ticket/converter?search=ext-', admin)).body.result.tickets;
    const adopted = listed.find((x: { externalCode: string }) => x.externalCode === 'EXT-1');
    expect(adopted.locked).toBe(true);
    expect((await t.call('DELETE', `/api/api-ticket/converter/${adopted.id}`, admin)).status).toBe(409);
    const free = listed.find((x: { externalCode: string }) => x.externalCode === 'EXT-2');
    expect((await t.call('DELETE', `/api/api-ticket/converter/${free.id}`, admin)).status).toBe(200);
  });
});

describe('permission', () => {
  it('refuses a user without the api permission', async () => {
    await t.userWithPermissions('nolists@demo.test', eventId, [26]);
    const s = await t.session('nolists@demo.test');
    expect((await t.call('GET', '/api/api-ticket/manual', s)).status).toBe(403);
    expect((await t.call('GET', '/api/api-ticket/converter', s)).status).toBe(403);
    expect((await t.call('GET', '/api/api-ticket/resellers', s)).status).toBe(403);
    const post = await t.call('POST', '/api/api-ticket/manual', {
      ...s,
      body: { rows: [{ line: 1, code: 'X-1', role: 'List General' }] },
    });
    expect(post.status).toBe(403);
  });
});
