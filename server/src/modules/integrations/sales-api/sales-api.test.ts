import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { type SalesPlatform, startSalesPlatform } from '../../../../test/sales-platform';
import { locations, sales, salesAuthStates, salesPushes, salesSchedules } from '../../../core/db/schema';
import { queueEndedPeriods } from './sales-push.service';

/**
 * Sales API (admin/api-sales) against a platform on a local port (test/sales-platform.ts): the
 * schedule and its encrypted secret, the OAuth 2 authorisation (state single use, bound to the user
 * and the schedule), the stores and the location mapping, pushes through the real queue (idempotent,
 * reloaded with the same keys, a failure retried, a refused token refreshed), and the tick.
 */
type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let platform: SalesPlatform;
let admin: Session;
let eventId: number;
let scheduleId: number;
let bars: { id: number; name: string }[];
const base = '/api/api-server/sales-schedule';
const PERIOD = '2021-05-01T10:00:00.000Z';

const schedule = (over: Record<string, unknown> = {}) => ({
  name: 'Pos platform',
  authorizeUrl: `${platform.url}/authorize`,
  tokenUrl: `${platform.url}/oauth/token`,
  apiBaseUrl: `${platform.url}/api`,
  clientId: platform.clientId,
  clientSecret: platform.clientSecret,
  scope: 'sales:write stores:read',
  period: 'hour',
  startAt: null,
  enabled: false,
  ...over,
});

const rawSchedule = async (id = scheduleId) =>
  (await t.database.db.select().from(salesSchedules).where(eq(salesSchedules.id, id)))[0]!;

/** What the browser does at the platform: follow the authorisation address, read the code it brings back. */
async function authorize(s: Session, id = scheduleId) {
  const res = await t.call('POST', `${base}/authorize`, { ...s, body: { scheduleId: id } });
  expect(res.status).toBe(200);
  const back = await fetch(res.body.result.url, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const to = new URL(back.headers.get('location')!);
  expect(to.pathname).toBe('/auth/enable-uber-auth');
  return {
    code: to.searchParams.get('code')!,
    state: to.searchParams.get('state')!,
    url: res.body.result.url,
  };
}

const pushesOf = async () =>
  (await t.call('GET', `${base}/pushes?scheduleId=${scheduleId}`, admin)).body.result as {
    locationId: number;
    status: string;
    attempts: number;
    amount: number;
    idempotencyKey: string;
    lastError: string | null;
  }[];

/** Waits until every push of the period is in one of `states`; a retry waiting for its back-off starts now. */
async function settle(states: string[]) {
  await expect
    .poll(
      async () => {
        await t.database.db.execute(
          sql`update pgboss.job set start_after = now() where name = 'sales-push' and state = 'retry'`,
        );
        const active = await t.database.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'sales-push' and state in ('created', 'retry', 'active')`,
        );
        const list = await pushesOf();
        return (
          (active as unknown as { rows: { n: number }[] }).rows[0]!.n === 0 &&
          list.every((p) => states.includes(p.status))
        );
      },
      { timeout: 60_000, interval: 300 },
    )
    .toBe(true);
}

beforeAll(async () => {
  platform = await startSalesPlatform();
  t = await createTestApp({ integrationsAllowHttp: true, integrationsAllowPrivateAddresses: true });
  await t.ctx.jobs.start({ work: true, schedule: false, pollingSeconds: 0.5 });
  admin = await t.session('admin@demo.test');
  eventId = (await t.activeEvent()).id;
  // Two bars of our own (the demo's venue may be richer; these are the test's).
  bars = await t.database.db
    .insert(locations)
    .values([
      { eventId, idUnique: 9101, name: 'Sales test north bar', category: 'B' },
      { eventId, idUnique: 9102, name: 'Sales test south bar', activities: ['V'] },
    ])
    .returning({ id: locations.id, name: locations.name });
  expect(bars.length).toBe(2);
});
afterAll(async () => {
  await t.close();
  await platform.close();
});

describe('a schedule and its connection', () => {
  it('saves the client secret encrypted and never answers it', async () => {
    const res = await t.call('POST', base, { ...admin, body: { schedule: schedule() } });
    expect(res.status).toBe(200);
    scheduleId = res.body.result.id;
    const row = await rawSchedule();
    expect(row.clientSecretEnc).toMatch(/^v1\./);
    expect(row.clientSecretEnc).not.toContain(platform.clientSecret);
    const list = await t.call('GET', base, admin);
    expect(JSON.stringify(list.body)).not.toContain(platform.clientSecret);
    const mine = list.body.result.schedules.find((s: { id: number }) => s.id === scheduleId);
    expect(mine).toMatchObject({ clientSecretSet: true, authStatus: 'none', period: 'hour' });
    expect(list.body.result.redirectUri).toMatch(/\/auth\/enable-uber-auth$/);
    expect(list.body.result.locations.length).toBeGreaterThanOrEqual(2);

    // A save without a secret keeps the stored one.
    const again = await t.call('POST', base, {
      ...admin,
      body: { schedule: { ...schedule({ clientSecret: '' }), id: scheduleId, name: 'Pos platform (bars)' } },
    });
    expect(again.status).toBe(200);
    expect((await rawSchedule()).clientSecretEnc).toBe(row.clientSecretEnc);
  });

  it('refuses a new schedule without a secret, and http addresses unless the deployment allows them', async () => {
    const noSecret = await t.call('POST', base, {
      ...admin,
      body: { schedule: schedule({ clientSecret: '' }) },
    });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.fields[0]).toMatchObject({
      path: 'clientSecret',
      message: 'validation.clientSecretRequired',
    });
    t.ctx.config.integrationsAllowHttp = false;
    try {
      const http = await t.call('POST', base, { ...admin, body: { schedule: schedule() } });
      expect(http.status).toBe(400);
      expect(http.body.fields.map((f: { path: string }) => f.path).sort()).toEqual([
        'apiBaseUrl',
        'authorizeUrl',
        'tokenUrl',
      ]);
    } finally {
      t.ctx.config.integrationsAllowHttp = true;
    }
    const bad = await t.call('POST', base, {
      ...admin,
      body: { schedule: schedule({ tokenUrl: 'javascript:alert(1)', period: 'week' }) },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses a user without the api permission', async () => {
    const ops = await t.session('ops@demo.test');
    expect((await t.call('GET', base, ops)).status).toBe(403);
  });
});

describe('the authorisation (OAuth 2 authorisation code)', () => {
  it('sends the user to the platform with the client, the redirect, the scope and a state stored hashed', async () => {
    const { state, url } = await authorize(admin);
    const u = new URL(url);
    expect(u.searchParams.get('response_type')).toBe('code');
    expect(u.searchParams.get('client_id')).toBe(platform.clientId);
    expect(u.searchParams.get('scope')).toBe('sales:write stores:read');
    expect(state.startsWith(`${scheduleId}.`)).toBe(true);
    const rows = await t.database.db.select().from(salesAuthStates);
    expect(rows.some((r) => r.stateHash === state)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.stateHash))).toBe(true);
  });

  it('refuses another user, another schedule, a reused state, a wrong code and an expired state', async () => {
    const { code, state } = await authorize(admin);
    // Another user of the event with the api permission cannot redeem it.
    await t.userWithPermissions('sales-peer@demo.test', eventId, [25]);
    const peer = await t.session('sales-peer@demo.test');
    const byPeer = await t.call('POST', `${base}/tokens`, { ...peer, body: { scheduleId, code, state } });
    expect(byPeer.status).toBe(400);
    expect(byPeer.body.error).toBe(1007);
    expect(byPeer.body.description).toBe('Error activating synchronization');
    // Nor for another schedule.
    const other = await t.call('POST', base, { ...admin, body: { schedule: schedule({ name: 'Other' }) } });
    const otherId = other.body.result.id;
    const wrongSchedule = await t.call('POST', `${base}/tokens`, {
      ...admin,
      body: { scheduleId: otherId, code, state },
    });
    expect(wrongSchedule.body.error).toBe(1007);
    const forged = await t.call('POST', `${base}/tokens`, {
      ...admin,
      body: { scheduleId: otherId, code, state: `${otherId}.${state.split('.')[1]}` },
    });
    expect(forged.body.error).toBe(1007);
    await t.call('DELETE', `${base}/${otherId}`, admin);

    // The owner redeems it once.
    const ok = await t.call('POST', `${base}/tokens`, { ...admin, body: { scheduleId, code, state } });
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({ enabled: true, scheduleId });
    const row = await rawSchedule();
    expect(row.accessTokenEnc).toMatch(/^v1\./);
    expect(row.refreshTokenEnc).toMatch(/^v1\./);
    const reused = await t.call('POST', `${base}/tokens`, { ...admin, body: { scheduleId, code, state } });
    expect(reused.body.error).toBe(1007);

    // A code the platform refuses (invalid_grant) spends the state too.
    const second = await authorize(admin);
    const wrongCode = await t.call('POST', `${base}/tokens`, {
      ...admin,
      lang: 'es',
      body: { scheduleId, code: 'not-a-code', state: second.state },
    });
    expect(wrongCode.body.error).toBe(1007);
    expect(wrongCode.body.description).toBe('Error activando la sincronización');
    const late = await t.call('POST', `${base}/tokens`, {
      ...admin,
      body: { scheduleId, code: second.code, state: second.state },
    });
    expect(late.body.error).toBe(1007);

    // An expired state.
    const third = await authorize(admin);
    await t.database.db.update(salesAuthStates).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.call('POST', `${base}/tokens`, {
      ...admin,
      body: { scheduleId, code: third.code, state: third.state },
    });
    expect(expired.body.error).toBe(1007);
    // The first authorisation still stands.
    expect((await rawSchedule()).accessTokenEnc).toBe(row.accessTokenEnc);
    const list = await t.call('GET', base, admin);
    expect(list.body.result.schedules[0]).toMatchObject({
      authStatus: 'authorized',
      authorizedByEmail: 'admin@demo.test',
    });
  });
});

describe("the callback with the spec's body (issue 27 item 26)", () => {
  it('accepts {scheduleId, code} with the state the page arrived with beside it, never without it', async () => {
    const { code, state } = await authorize(admin);
    // The spec's body alone: no state, no tokens (the code could be anyone's).
    const bare = await t.call('POST', `${base}/tokens`, { ...admin, body: { scheduleId, code } });
    expect(bare.status).toBe(400);
    expect(bare.body.error).toBe(1007);
    // Another user's state beside it is refused too.
    const peer = await t.session('sales-peer@demo.test');
    const peerState = await authorize(peer);
    const mixed = await t.call('POST', `${base}/tokens`, {
      ...admin,
      headers: { 'x-authorization-state': peerState.state },
      body: { scheduleId, code },
    });
    expect(mixed.body.error).toBe(1007);
    // The callback page: the spec's body, the state in its header.
    const ok = await t.call('POST', `${base}/tokens`, {
      ...admin,
      headers: { 'x-authorization-state': state },
      body: { scheduleId, code },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({ enabled: true, scheduleId });
    // Single use, wherever it travels.
    const again = await t.call('POST', `${base}/tokens`, {
      ...admin,
      headers: { 'x-authorization-state': state },
      body: { scheduleId, code },
    });
    expect(again.body.error).toBe(1007);
  });
});

describe('locations and pushes', () => {
  it('lists the platform stores and maps locations to them', async () => {
    const stores = await t.call('GET', `${base}/stores?scheduleId=${scheduleId}`, admin);
    expect(stores.status).toBe(200);
    expect(stores.body.result.map((s: { id: string }) => s.id)).toEqual([
      'store-north',
      'store-south',
      'store-food',
    ]);
    const dup = await t.call('POST', `${base}/locations`, {
      ...admin,
      body: {
        scheduleId,
        locations: [
          { locationId: bars[0]!.id, storeId: 'store-north' },
          { locationId: bars[0]!.id, storeId: 'store-south' },
        ],
      },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.fields[0]).toMatchObject({
      path: 'locations.1.locationId',
      message: 'validation.duplicateLocation',
    });
    const saved = await t.call('POST', `${base}/locations`, {
      ...admin,
      body: {
        scheduleId,
        locations: [
          { locationId: bars[0]!.id, storeId: 'store-north', storeName: 'North bar' },
          { locationId: bars[1]!.id, storeId: 'store-south', storeName: 'South bar' },
        ],
      },
    });
    expect(saved.status).toBe(200);
  });

  it('pushes a period once per location with stable keys; sending it again never doubles the figures', async () => {
    const at = (m: number) => new Date(Date.parse(PERIOD) + m * 60_000);
    await t.database.db.insert(sales).values([
      {
        eventId,
        operationId: randomUUID(),
        totalPurchase: 1250,
        totalPayed: 1250,
        locationId: bars[0]!.id,
        deviceTime: at(5),
      },
      {
        eventId,
        operationId: randomUUID(),
        totalPurchase: 800,
        totalPayed: 800,
        locationId: bars[0]!.id,
        deviceTime: at(40),
      },
      {
        eventId,
        operationId: randomUUID(),
        totalPurchase: 300,
        totalPayed: 300,
        isDevolution: true,
        locationId: bars[0]!.id,
        deviceTime: at(50),
      },
      {
        eventId,
        operationId: randomUUID(),
        totalPurchase: 999,
        totalPayed: 999,
        locationId: bars[1]!.id,
        deviceTime: at(15),
      },
      // The next hour: not in the period.
      {
        eventId,
        operationId: randomUUID(),
        totalPurchase: 5000,
        totalPayed: 5000,
        locationId: bars[1]!.id,
        deviceTime: at(61),
      },
    ]);
    const reload = await t.call('POST', `${base}/reload`, {
      ...admin,
      body: { scheduleId, periodStart: PERIOD },
    });
    expect(reload.status).toBe(200);
    expect(reload.body.result).toMatchObject({ periodStart: PERIOD, periodEnd: '2021-05-01T11:00:00.000Z' });
    await settle(['sent']);
    expect(platform.total('store-north')).toBe(1750);
    expect(platform.total('store-south')).toBe(999);
    const first = await pushesOf();
    expect(first.map((p) => [p.status, p.attempts, p.amount]).sort()).toEqual([
      ['sent', 1, 1750],
      ['sent', 1, 999],
    ]);
    expect(first.find((p) => p.locationId === bars[0]!.id)!.idempotencyKey).toBe(
      `pulsera-sales-${scheduleId}-${PERIOD}-${bars[0]!.id}`,
    );

    // Sent again (reload): the same keys; the platform's figures stay.
    const calls = platform.calls.sales;
    const reports = platform.reports.size;
    await t.call('POST', `${base}/reload`, { ...admin, body: { scheduleId, periodStart: PERIOD } });
    await settle(['sent']);
    expect(platform.calls.sales).toBe(calls + 2);
    expect(platform.reports.size).toBe(reports);
    expect(platform.total('store-north')).toBe(1750);
    expect(platform.total('store-south')).toBe(999);
    const second = await pushesOf();
    expect(second.map((p) => p.idempotencyKey).sort()).toEqual(first.map((p) => p.idempotencyKey).sort());
    expect(second.every((p) => p.attempts === 2)).toBe(true);
  });

  it('a failed location is recorded with its error, shown retrying (not failed) while the queue retries, until sent', async () => {
    platform.failSales(1);
    const reports = platform.reports.size;
    const body = { scheduleId, periodStart: PERIOD, locationId: bars[0]!.id };
    await t.call('POST', `${base}/reload`, { ...admin, body });
    // The first attempt fails and is recorded although its transaction rolled back.
    await expect
      .poll(async () => (await pushesOf()).find((p) => p.locationId === bars[0]!.id)!.status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('retrying');
    const failed = (await pushesOf()).find((p) => p.locationId === bars[0]!.id)!;
    expect(failed.lastError).toMatch(/HTTP 503 unavailable/);
    expect(failed.attempts).toBe(3);
    const [job] = (
      (await t.database.db.execute(
        sql`select state::text as state from pgboss.job where name = 'sales-push' order by created_on desc limit 1`,
      )) as unknown as { rows: { state: string }[] }
    ).rows;
    // Held for another try (retry), or taken again or done once the delay passed on a slow machine.
    expect(['retry', 'active', 'completed']).toContain(job!.state);
    await settle(['sent']);
    const done = (await pushesOf()).find((p) => p.locationId === bars[0]!.id)!;
    expect(done).toMatchObject({ status: 'sent', attempts: 4, lastError: null });
    expect(platform.reports.size).toBe(reports);
    expect(platform.total('store-north')).toBe(1750);
  });

  it('a token the platform refuses is refreshed (rotated) and the push goes through', async () => {
    const before = await rawSchedule();
    platform.revokeAccessTokens();
    const refreshes = platform.calls.refresh;
    await t.call('POST', `${base}/reload`, { ...admin, body: { scheduleId, periodStart: PERIOD } });
    await settle(['sent']);
    expect(platform.calls.refresh).toBe(refreshes + 1);
    const after = await rawSchedule();
    expect(after.refreshTokenEnc).not.toBe(before.refreshTokenEnc);
    expect(platform.total('store-north')).toBe(1750);
  });

  it('refuses a period that has not ended, and a change of period once periods were queued', async () => {
    const future = await t.call('POST', `${base}/reload`, {
      ...admin,
      body: { scheduleId, periodStart: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(future.status).toBe(400);
    expect(future.body.error).toBe(3802);
    const row = await rawSchedule();
    const change = await t.call('POST', base, {
      ...admin,
      body: {
        schedule: {
          ...schedule({ clientSecret: '', period: 'day' }),
          id: scheduleId,
          updatedAt: row.updatedAt.toISOString(),
        },
      },
    });
    expect(change.status).toBe(400);
    expect(change.body.fields[0]).toMatchObject({ path: 'period', message: 'validation.salesPeriodLocked' });
  });
});

describe('the scheduled tick', () => {
  it('queues each ended period of an enabled schedule once', async () => {
    const start = new Date('2021-06-01T08:00:00.000Z');
    await t.database.db
      .update(salesSchedules)
      .set({ enabled: true, startAt: start, nextPeriodStart: null })
      .where(eq(salesSchedules.id, scheduleId));
    const now = new Date('2021-06-01T11:30:00.000Z');
    const first = await t.database.db.transaction((tx) => queueEndedPeriods(t.ctx, tx, now));
    expect(first.periods).toBe(3);
    expect((await rawSchedule()).nextPeriodStart?.toISOString()).toBe('2021-06-01T11:00:00.000Z');
    const again = await t.database.db.transaction((tx) => queueEndedPeriods(t.ctx, tx, now));
    expect(again.periods).toBe(0);
    await settle(['sent']);
    const rows = await t.database.db
      .select()
      .from(salesPushes)
      .where(
        and(
          eq(salesPushes.scheduleId, scheduleId),
          sql`${salesPushes.periodStart} >= ${start.toISOString()}::timestamptz`,
        ),
      );
    // Three hours, two locations, each sent once (zero figures are sent too: the store sold nothing).
    expect(rows.length).toBe(6);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('deleting the schedule takes its mapping, states and history with it', async () => {
    const res = await t.call('DELETE', `${base}/${scheduleId}`, admin);
    expect(res.status).toBe(200);
    expect(
      await t.database.db.select().from(salesPushes).where(eq(salesPushes.scheduleId, scheduleId)),
    ).toEqual([]);
    const gone = await t.call('GET', `${base}/pushes?scheduleId=${scheduleId}`, admin);
    expect(gone.status).toBe(404);
  });
});
