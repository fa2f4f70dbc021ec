import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { fakeOrders, type PretixFake, startPretixFake } from '../../../../test/pretix-fake';
import { rols } from '../../../core/db/schema';

/**
 * The platform's products by name (issue 27 item 22): listed for the mapping from the connection the
 * form holds before the first save (the address under the same rules as on save, a saved token only
 * at its own address), kept on the schedule after a run, and named by an unmapped product's issue
 * and its retry.
 */
type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let eventId: number;
let general: number;
let pretix: PretixFake;

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

const connection = (over: Record<string, unknown> = {}) => ({
  schedule: {
    platform: 'pretix',
    baseUrl: pretix.url,
    organizer: pretix.organizer,
    platformEvent: pretix.event,
    token: pretix.token,
    ...over,
  },
});

async function settleRun(scheduleId: number) {
  await expect
    .poll(
      async () =>
        (
          await rows<{ status: string }>(
            sql`select status from ticket_import_runs where schedule_id = ${scheduleId} order by id desc limit 1`,
          )
        )[0]?.status,
      { timeout: 60_000, interval: 300 },
    )
    .toBe('done');
}

beforeAll(async () => {
  pretix = await startPretixFake({ pageSize: 50 });
  pretix.items = [
    { id: 1345, name: 'Standard ticket' },
    { id: 1347, name: 'Weekend pass', variations: [{ id: 12, value: 'Saturday' }] },
  ];
  pretix.orders = fakeOrders(2, 1, 0, new Date().toISOString());
  pretix.orders[1]!.positions[0]!.item = 1347;
  pretix.orders[1]!.positions[0]!.variation = 12;
  t = await createTestApp({ integrationsAllowHttp: true, integrationsAllowPrivateAddresses: true });
  await t.ctx.jobs.start({ work: true, schedule: false, pollingSeconds: 0.5 });
  admin = await t.session('admin@demo.test');
  eventId = (await t.activeEvent()).id;
  [{ id: general }] = (await t.database.db
    .insert(rols)
    .values([{ eventId, name: 'Products General' }])
    .returning({ id: rols.id })) as [{ id: number }];
}, 240_000);
afterAll(async () => {
  await t.close();
  await pretix.close();
});

describe('products by name', () => {
  let id: number;

  it('lists the platform products from the connection fields before the first save', async () => {
    const before = pretix.requests.length;
    const res = await t.call('POST', '/api/api-ticket/products', { ...admin, body: connection() });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([
      { item: 1345, variation: null, name: 'Standard ticket' },
      { item: 1347, variation: null, name: 'Weekend pass' },
      { item: 1347, variation: 12, name: 'Weekend pass – Saturday' },
    ]);
    expect(pretix.requests.length).toBe(before + 1);

    // The address passes the rules of a save: inside the network is refused, and nothing is asked.
    t.ctx.config.integrationsAllowPrivateAddresses = false;
    const inside = await t.call('POST', '/api/api-ticket/products', { ...admin, body: connection() });
    t.ctx.config.integrationsAllowPrivateAddresses = true;
    expect(inside.status).toBe(400);
    expect(inside.body.fields[0]).toMatchObject({
      path: 'schedule.baseUrl',
      message: 'validation.privateAddress',
    });
    const noToken = await t.call('POST', '/api/api-ticket/products', {
      ...admin,
      body: connection({ token: '' }),
    });
    expect(noToken.status).toBe(400);
    expect(noToken.body.fields[0]).toMatchObject({ path: 'schedule.token', message: 'validation.required' });
    expect(pretix.requests.length).toBe(before + 1);
  });

  it('keeps the names after a run, and an unmapped product is named by its issue and its retry', async () => {
    const body = (item: number) => ({
      schedule: {
        ...connection().schedule,
        name: 'pretix names',
        mappings: [{ item, variation: null, roleId: general, resellerId: null }],
        intervalMinutes: 15,
        enabled: 1,
        reportEmail: '',
      },
    });
    // A row whose product is not chosen says it is required.
    const noProduct = await t.call('POST', '/api/api-ticket/schedules', { ...admin, body: body(0) });
    expect(noProduct.status).toBe(400);
    expect(noProduct.body.fields[0]).toMatchObject({
      path: 'schedule.mappings.0.item',
      message: 'validation.required',
    });
    const saved = await t.call('POST', '/api/api-ticket/schedules', { ...admin, body: body(1345) });
    expect(saved.status).toBe(200);
    id = saved.body.result.schedule.id;
    await t.call('POST', `/api/api-ticket/schedules/${id}/run`, admin);
    await settleRun(id);

    const schedule = (await t.call('GET', '/api/api-ticket/schedules', admin)).body.result.find(
      (s: { id: number }) => s.id === id,
    );
    expect(schedule.products).toContainEqual({ item: 1345, variation: null, name: 'Standard ticket' });

    const open = (await t.call('GET', `/api/api-ticket/issues?solved=0&scheduleId=${id}`, admin)).body.result;
    expect(open.issues).toHaveLength(1);
    expect(open.issues[0]).toMatchObject({ kind: 'unknownProduct', product: 'Weekend pass – Saturday' });

    const still = await t.call('POST', `/api/api-ticket/issues/${open.issues[0].id}/retry`, admin);
    expect(still.body.result).toMatchObject({
      solved: false,
      issue: { product: 'Weekend pass – Saturday', schedule: 'pretix names' },
    });
  }, 120_000);

  it('uses a saved token only at the address it was saved with', async () => {
    const own = await t.call('POST', '/api/api-ticket/products', {
      ...admin,
      body: connection({ id, token: '' }),
    });
    expect(own.status).toBe(200);
    expect(own.body.result).toHaveLength(3);
    const before = pretix.requests.length;
    const elsewhere = await t.call('POST', '/api/api-ticket/products', {
      ...admin,
      body: connection({ id, token: '', baseUrl: pretix.url.replace('127.0.0.1', 'localhost') }),
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.fields[0]).toMatchObject({
      path: 'schedule.token',
      message: 'validation.required',
    });
    expect(pretix.requests.length).toBe(before);
  });
});
