import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedNames, TEST_FEED_NAMES } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { appVersions, deviceSeqRanges, devices } from '../../../core/db/schema';
import { isOutdated } from './app-version';

/** Fleet health (admin/status/devices) and each ban's reach (admin/events/ban-rfids). */
let t: TestApp;
type Session = Awaited<ReturnType<TestApp['session']>>;
let admin: Session;
let superAdmin: Session;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  await feedNames(t.database.db, eventId, TEST_FEED_NAMES);
  admin = await t.session('admin@demo.test');
  superAdmin = await t.session('super@demo.test');
});
afterAll(() => t.close());

/** A terminal registered in the active event and signed in: answers its sync function. */
async function terminal(serial: string) {
  const saved = await t.call('POST', '/api/global/devices', {
    token: admin.token,
    body: { device: { n_serie: serial, idEvent: eventId } },
  });
  const auth = await t.call('POST', '/api/device/auth', {
    body: { serial, secretKey: saved.body.result.secretKey },
  });
  const token = auth.body.result.token as string;
  return {
    id: saved.body.result.device.id as number,
    sync: (operations: unknown[], health: Record<string, unknown> = {}) =>
      t.call('POST', '/api/device/sync', {
        headers: { devicetoken: token },
        body: { ...health, operations },
      }),
  };
}
const op = (seq?: number) => ({
  kind: 'access',
  id: randomUUID(),
  deviceTime: new Date().toISOString(),
  rfid: '04AA00BB11CC22',
  acceso: 'S',
  zoneTo: 1,
  ...(seq !== undefined ? { seq } : {}),
});
const fleet = async (query = '') => {
  const res = await t.call('GET', `/api/devices/fleet${query}`, admin);
  expect(res.status).toBe(200);
  return res.body.result as {
    devices: {
      n_serie: string;
      missingOperations: number;
      pendingOperations: number | null;
      lastSeq: number | null;
      operationsToday: number;
      appVersion: string | null;
      appChannel: string;
      latestAppVersion: string | null;
      outdated: boolean | null;
      banListCurrent: boolean;
      silentMinutes: number | null;
    }[];
    total: number;
    banListVersion: number;
  };
};
const row = async (serial: string, query = '') =>
  (await fleet(query)).devices.find((d) => d.n_serie === serial);

/** The received sequence ranges stored for a terminal, in order. */
const storedRanges = async (deviceId: number) =>
  (
    await t.database.db
      .select({ lo: deviceSeqRanges.lo, hi: deviceSeqRanges.hi })
      .from(deviceSeqRanges)
      .where(eq(deviceSeqRanges.deviceId, deviceId))
      .orderBy(deviceSeqRanges.lo)
  ).map((r) => [r.lo, r.hi]);

describe('gaps in the sequence numbers', () => {
  it('merges ranges and counts the numbers never received, less those the terminal still holds', async () => {
    const term = await terminal('FLEET-MERGE-01');
    expect((await term.sync([3, 1, 2, 7, 5, 5].map(op))).status).toBe(200);
    expect(await storedRanges(term.id)).toEqual([
      [1, 3],
      [5, 5],
      [7, 7],
    ]);
    expect(await row('FLEET-MERGE-01')).toMatchObject({ missingOperations: 2 });
    // It made 10: 8, 9, 10 are still on it (pending 3): only 4 and 6 are lost. A call without
    // operations stores the same.
    expect((await term.sync([], { lastSeq: 10, pendingOperations: 3 })).status).toBe(200);
    expect(await row('FLEET-MERGE-01')).toMatchObject({ missingOperations: 2, lastSeq: 10 });
    // Pending 5 covers the holes too (it sends out of order).
    expect((await term.sync([], { pendingOperations: 5 })).status).toBe(200);
    expect(await row('FLEET-MERGE-01')).toMatchObject({ missingOperations: 0, pendingOperations: 5 });
    // 4 arrives (and an older last number, re-sent late, does not lower it): 6, 8, 9 and 10 are missing.
    expect((await term.sync([op(4)], { lastSeq: 4, pendingOperations: 0 })).status).toBe(200);
    expect(await storedRanges(term.id)).toEqual([
      [1, 5],
      [7, 7],
    ]);
    expect(await row('FLEET-MERGE-01')).toMatchObject({ missingOperations: 4, lastSeq: 10 });
  });

  it('shows a terminal whose operations never arrived, and not one that still holds them', async () => {
    const gap = await terminal('FLEET-GAP-01');
    const ok = await terminal('FLEET-OK-01');
    expect((await gap.sync([op(1), op(2), op(3)], { lastSeq: 3, pendingOperations: 0 })).status).toBe(200);
    // 4 and 5 never arrive; 6 and 7 do.
    expect(
      (await gap.sync([op(6), op(7)], { lastSeq: 7, pendingOperations: 0, appVersion: '3.4.2' })).status,
    ).toBe(200);
    // The other sends 1-2 and says it holds 3-5 (not lost).
    expect((await ok.sync([op(1), op(2)], { lastSeq: 5, pendingOperations: 3 })).status).toBe(200);
    // A re-sent batch changes nothing.
    expect((await ok.sync([op(2)], { lastSeq: 5, pendingOperations: 3 })).status).toBe(200);

    expect(await row('FLEET-GAP-01')).toMatchObject({
      missingOperations: 2,
      lastSeq: 7,
      appVersion: '3.4.2',
    });
    expect(await row('FLEET-OK-01')).toMatchObject({
      missingOperations: 0,
      pendingOperations: 3,
      lastSeq: 5,
    });
    const withGaps = (await fleet('?gaps=1')).devices.map((d) => d.n_serie);
    expect(withGaps).toContain('FLEET-GAP-01');
    expect(withGaps).not.toContain('FLEET-OK-01');

    // The late ones arrive: the gap closes.
    await gap.sync([op(4), op(5)], { lastSeq: 7, pendingOperations: 0 });
    expect((await row('FLEET-GAP-01'))?.missingOperations).toBe(0);
  });

  it('keeps every number of batches a terminal sends at once, and merges ranges across later ones', async () => {
    const busy = await terminal('FLEET-BUSY-01');
    // Six batches at once (a terminal that lost its answers re-sends while the first is recorded).
    const batches = [1, 3, 5, 7, 9, 11].map((n) =>
      busy.sync([op(n), op(n + 1)], { lastSeq: 12, pendingOperations: 0 }),
    );
    for (const res of await Promise.all(batches)) expect(res.status).toBe(200);
    expect(await storedRanges(busy.id)).toEqual([[1, 12]]);
    expect(await row('FLEET-BUSY-01')).toMatchObject({ missingOperations: 0, lastSeq: 12 });
    // 20 arrives before 13-19: a hole of seven, then one range again.
    await busy.sync([op(20)], { lastSeq: 20, pendingOperations: 0 });
    expect(await storedRanges(busy.id)).toEqual([
      [1, 12],
      [20, 20],
    ]);
    expect(await row('FLEET-BUSY-01')).toMatchObject({ missingOperations: 7, lastSeq: 20 });
    await busy.sync([13, 14, 15, 16, 17, 18, 19].map(op), { pendingOperations: 0 });
    expect(await storedRanges(busy.id)).toEqual([[1, 20]]);
    expect(await row('FLEET-BUSY-01')).toMatchObject({ missingOperations: 0, lastSeq: 20 });
  });

  it('counts the operations recorded today; an older terminal without the new fields still syncs', async () => {
    const old = await terminal('FLEET-OLD-01');
    const res = await old.sync([op(), op()]);
    expect(res.status).toBe(200);
    expect(res.body.result.accepted).toHaveLength(2);
    expect(res.body.result.banList).toBeUndefined();
    expect(await row('FLEET-OLD-01')).toMatchObject({
      operationsToday: 2,
      missingOperations: 0,
      pendingOperations: null,
      appVersion: null,
      outdated: null,
    });
  });
});

describe('silent terminals', () => {
  it('filters the terminals silent for more than N minutes, and those never seen', async () => {
    const quiet = await terminal('FLEET-QUIET-01');
    await quiet.sync([], { pendingOperations: 4, lastSeq: 0 });
    const live = await terminal('FLEET-LIVE-01');
    await live.sync([], { appVersion: '3.4.2' });
    await t.call('POST', '/api/global/devices', {
      token: admin.token,
      body: { device: { n_serie: 'FLEET-NEVER-01', idEvent: eventId } },
    });
    await t.database.db
      .update(devices)
      .set({ lastContactAt: new Date(Date.now() - 45 * 60_000) })
      .where(eq(devices.id, quiet.id));
    const silent = (await fleet('?silentMinutes=30')).devices;
    const names = silent.map((d) => d.n_serie);
    expect(names).toContain('FLEET-QUIET-01');
    expect(names).toContain('FLEET-NEVER-01');
    expect(names).not.toContain('FLEET-LIVE-01');
    expect(silent.find((d) => d.n_serie === 'FLEET-QUIET-01')).toMatchObject({
      silentMinutes: 45,
      pendingOperations: 4,
    });
    expect(silent.find((d) => d.n_serie === 'FLEET-NEVER-01')?.silentMinutes).toBeNull();
    expect((await fleet('?silentMinutes=60')).devices.map((d) => d.n_serie)).not.toContain('FLEET-QUIET-01');
    expect((await t.call('GET', '/api/devices/fleet?silentMinutes=0x1e', admin)).status).toBe(400);
  });
});

describe('the banned-wristband list', () => {
  it('is sent to the terminals that ask, and each ban shows how many active terminals hold it', async () => {
    const a = await terminal('FLEET-BAN-A');
    const b = await terminal('FLEET-BAN-B');
    // A ban, or an edit of it by id once the serial has one (lifting: both toggles 0).
    const banIds = new Map<string, number>();
    const ban = async (nSerie: string, on: 0 | 1) => {
      const res = await t.call('POST', '/api/rfids/ban', {
        ...superAdmin,
        body: { id: banIds.get(nSerie), nSerie, notes: 'stolen', banAndroid: on, banTopUps: 0 },
      });
      banIds.set(nSerie, res.body.result.id);
      return res.body.result as { id: number };
    };
    const first = await ban('04BAD0000001', 1);
    // A holds no list yet: the whole list, and the version it then holds.
    const got = (await a.sync([], { banListVersion: 0 })).body.result.banList;
    expect(got.full).toBe(true);
    expect(got.bans).toContainEqual({ nSerie: '04BAD0000001', codeCheck: null, banAndroid: 1, banTopUps: 0 });
    // Received once A says it holds that version.
    await a.sync([], { banListVersion: got.version });
    await b.sync([], { banListVersion: 0 });
    const reach = async () =>
      (await t.call('GET', `/api/rfids/banned/reach?idEvent=${eventId}`, superAdmin)).body.result as {
        id: number;
        reached: number;
        total: number;
      }[];
    const r1 = (await reach()).find((r) => r.id === first.id)!;
    expect(r1.reached).toBeGreaterThanOrEqual(1);
    const totalBefore = r1.total;

    // A second ban: nobody holds it; A asks and gets only the change.
    const second = await ban('04BAD0000002', 1);
    expect((await reach()).find((r) => r.id === second.id)).toMatchObject({ reached: 0, total: totalBefore });
    const delta = (await a.sync([], { banListVersion: got.version })).body.result.banList;
    expect(delta).toMatchObject({ full: false, bans: [{ nSerie: '04BAD0000002', banAndroid: 1 }] });
    await a.sync([], { banListVersion: delta.version });
    expect((await reach()).find((r) => r.id === second.id)).toMatchObject({ reached: 1, total: totalBefore });
    expect((await row('FLEET-BAN-A'))?.banListCurrent).toBe(true);
    expect((await row('FLEET-BAN-B'))?.banListCurrent).toBe(false);
    expect((await fleet('?banListMissing=1')).devices.map((d) => d.n_serie)).toContain('FLEET-BAN-B');

    // Lifting a ban is a change too: it reaches A as both toggles off.
    await ban('04BAD0000001', 0);
    const lifted = (await a.sync([], { banListVersion: delta.version })).body.result.banList;
    expect(lifted.bans).toEqual([{ nSerie: '04BAD0000001', codeCheck: null, banAndroid: 0, banTopUps: 0 }]);

    // A deactivated terminal no longer counts.
    await t.database.db
      .update(devices)
      .set({ dateInactive: new Date(Date.now() - 1000) })
      .where(eq(devices.id, b.id));
    expect((await reach()).find((r) => r.id === second.id)?.total).toBe(totalBefore - 1);
    // Only super admins see the reach.
    expect((await t.call('GET', '/api/rfids/banned/reach', admin)).status).toBe(403);
  });
});

describe('outdated apps', () => {
  it('compares each terminal with the latest app of the channel its sync names', async () => {
    const version = (channel: string, code: number, name: string, at: string) => ({
      storageKey: `fleet-${channel}-${code}`,
      fileKind: 'apk',
      bytes: 1,
      sha256: `${code}`,
      channel,
      versionCode: code,
      versionName: name,
      packageName: 'com.pulsera.pos',
      enabledAt: new Date(at),
    });
    await t.database.db
      .insert(appVersions)
      .values([
        version('production', 300, '3.0.0', '2026-01-01T00:00:00Z'),
        version('development', 310, '3.1.0-dev', '2026-01-02T00:00:00Z'),
      ]);
    const prod = await terminal('FLEET-PROD-01');
    const dev = await terminal('FLEET-DEV-01');
    const res = await dev.sync([], { appChannel: 'development', appVersion: '3.0.0', appVersionCode: 300 });
    expect(res.body.result.app).toMatchObject({ channel: 'development', versionCode: 310 });
    await prod.sync([], { appVersion: '3.0.0', appVersionCode: 300 });
    // The same app: current on production, one behind on development.
    expect(await row('FLEET-PROD-01')).toMatchObject({
      appChannel: 'production',
      latestAppVersion: '3.0.0',
      outdated: false,
    });
    expect(await row('FLEET-DEV-01')).toMatchObject({
      appChannel: 'development',
      latestAppVersion: '3.1.0-dev',
      outdated: true,
    });
    // A later sync without the channel keeps what the terminal said.
    await dev.sync([], { appVersion: '3.1.0-dev', appVersionCode: 310 });
    expect(await row('FLEET-DEV-01')).toMatchObject({ appChannel: 'development', outdated: false });
    const outdated = (await fleet('?outdated=1')).devices.map((d) => d.n_serie);
    expect(outdated).not.toContain('FLEET-DEV-01');
    expect(outdated).not.toContain('FLEET-PROD-01');
    await t.database.db.delete(appVersions);
  });

  it('compares by version code when both are known, else by the numbers of the names', () => {
    expect(isOutdated({ name: '3.3.0', code: 30300 }, { name: '3.4.2', code: 30402 })).toBe(true);
    expect(isOutdated({ name: '3.10.0', code: null }, { name: '3.9.9', code: 30909 })).toBe(false);
    expect(isOutdated({ name: '3.4', code: null }, { name: '3.4.0', code: null })).toBe(false);
    expect(isOutdated({ name: null, code: null }, { name: '3.4.0', code: null })).toBeNull();
    expect(isOutdated({ name: '3.4.2', code: 30402 }, null)).toBeNull();
  });
});
