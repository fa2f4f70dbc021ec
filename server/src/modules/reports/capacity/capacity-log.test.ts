import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { buildApp } from '../../../app';
import { type Database, openDatabase } from '../../../core/db/client';
import { events } from '../../../core/db/schema';
import { registerDevice } from '../../terminals';
import { logSlot, slotOf } from './capacity.service';
import { capacityLogJob, slotCron } from './capacity-log.task';

/**
 * The realtime capacity log: a scheduled task that writes each zone's occupancy once per slot for the
 * running events whose log is on, exactly once even with several server processes on one database.
 */
type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let eventId: number;
let hall: number;
let lounge: number;
const MIN = 60_000;
const FIVE = 5 * MIN;
const now = Date.now();

const rows = async (eventFilter = eventId) =>
  (
    (await t.database.db.execute(sql`
      select zone_id, slot, occupancy, entries, exits from capacity_log where event_id = ${eventFilter}
      order by slot, zone_id`)) as unknown as {
      rows: { zone_id: number; slot: Date | string; occupancy: number; entries: number; exits: number }[];
    }
  ).rows.map((r) => ({ ...r, slot: new Date(r.slot).toISOString() }));

/** Another server process on the same database: its own connection pool on PostgreSQL. */
async function secondDatabase(): Promise<{ database: Database; own: boolean }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: t.database, own: false };
  const res = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const u = new URL(url);
  u.pathname = `/${res.rows[0]!.name}`;
  return { database: await openDatabase({ databaseUrl: u.toString(), dataDir: '' }), own: true };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  eventId = (await t.activeEvent()).id;
  const zone = async (body: Record<string, unknown>) =>
    (await t.call('POST', '/api/zones', { ...admin, body: { zone: { resetCapacity: 0, ...body } } })).body
      .result as number;
  hall = await zone({ name: 'Hall', capacity: 100 });
  lounge = await zone({ name: 'Lounge', idZoneParent: hall, capacity: 10 });

  const { secretKey } = await registerDevice(t.database.db, {
    n_serie: 'LOG-TOTEM-1',
    idEvent: eventId,
    type: 'ACCESS_TOTEM',
  });
  const token = (await t.call('POST', '/api/device/auth', { body: { serial: 'LOG-TOTEM-1', secretKey } }))
    .body.result.token as string;
  const pass = (rfid: string, ago: number, from: number | null, to: number | null) => ({
    kind: 'access',
    id: randomUUID(),
    deviceTime: new Date(now - ago * MIN).toISOString(),
    rfid,
    acceso: 'S',
    zoneFrom: from,
    zoneTo: to,
  });
  const res = await t.call('POST', '/api/device/sync', {
    headers: { devicetoken: token },
    body: {
      operations: [
        pass('04LOG0000001', 180, null, hall),
        pass('04LOG0000002', 170, null, hall),
        pass('04LOG0000002', 150, hall, lounge),
        pass('04LOG0000003', 90, null, hall),
      ],
    },
  });
  expect(res.body.result.refused).toEqual([]);
  // The log is on for the running demo festival and for one that has not started yet.
  await t.database.db.update(events).set({ capacityLog: 1 }).where(eq(events.id, eventId));
  const pending = await t.eventByName('Sonora Festival 2027');
  await t.database.db.update(events).set({ capacityLog: 1 }).where(eq(events.id, pending.id));
});
afterAll(() => t.close());

describe('the capacity log task', () => {
  it('writes each zone’s occupancy at the slot’s start, once, for running events with the log on', async () => {
    const at = new Date(slotOf(new Date(now - 2 * 60 * MIN), FIVE).getTime() + 30_000);
    const slot = slotOf(at, FIVE).toISOString();
    const first = await logSlot(t.database.db, at, FIVE);
    // Only the running festival: the 2027 edition has not started.
    expect(first).toEqual([{ eventId, slot, written: 2 }]);
    const logged = (await rows()).filter((r) => r.slot === slot);
    // Two people in the hall two hours ago, one of them in the lounge (inside the hall).
    expect(logged).toEqual([
      { zone_id: hall, slot, occupancy: 2, entries: 2, exits: 0 },
      { zone_id: lounge, slot, occupancy: 1, entries: 1, exits: 0 },
    ]);
    // The same slot again (later within it): already taken, nothing written.
    expect(await logSlot(t.database.db, new Date(at.getTime() + MIN), FIVE)).toEqual([
      { eventId, slot, written: null },
    ]);
    expect((await rows()).filter((r) => r.slot === slot)).toHaveLength(2);
  });

  it('writes nothing for an event whose log is off', async () => {
    await t.database.db.update(events).set({ capacityLog: 0 }).where(eq(events.id, eventId));
    const at = new Date(now - 3 * 60 * MIN);
    expect(await logSlot(t.database.db, at, FIVE)).toEqual([]);
    expect((await rows()).filter((r) => r.slot === slotOf(at, FIVE).toISOString())).toEqual([]);
    await t.database.db.update(events).set({ capacityLog: 1 }).where(eq(events.id, eventId));
  });

  it('writes a slot once when two app instances on one database run it at the same time', async () => {
    const second = await secondDatabase();
    const other = await buildApp({ database: second.database, logger: false, config: { seed: 'none' } });
    try {
      // One run each, at once, for the same slot.
      const at = new Date(slotOf(new Date(now - 60 * MIN), FIVE).getTime() + 30_000);
      const [a, b] = await Promise.all([
        logSlot(t.ctx.db, at, FIVE),
        logSlot(other.ctx.db, new Date(at.getTime() + 1000), FIVE),
      ]);
      expect([a[0]!.written, b[0]!.written].sort()).toEqual([2, null]);
    } finally {
      await other.app.close();
      if (second.own) await second.database.close();
    }
  }, 30_000);

  it('runs as a queue job: the job writes its slot in its transaction, and a second job of the slot writes nothing', async () => {
    const built = await buildApp({ database: t.database, logger: false, config: { seed: 'none' } });
    await built.app.ready();
    await built.ctx.jobs.start({ work: true, schedule: false, pollingSeconds: 0.5 });
    try {
      const current = slotOf(new Date(), FIVE).toISOString();
      await t.database.db.execute(
        sql`delete from capacity_log where event_id = ${eventId} and slot = ${current}::timestamptz`,
      );
      await t.database.db.execute(
        sql`delete from capacity_log_slots where event_id = ${eventId} and slot = ${current}::timestamptz`,
      );
      const first = await built.ctx.jobs.enqueue(capacityLogJob, {});
      const second = await built.ctx.jobs.enqueue(capacityLogJob, {});
      const state = async (id: string | null) =>
        (
          (await t.database.db.execute(
            sql`select state::text as state, output from pgboss.job where id = ${id}::uuid`,
          )) as unknown as {
            rows: { state: string; output: { zones: number } }[];
          }
        ).rows[0]!;
      await expect.poll(async () => (await state(first)).state, { timeout: 20_000 }).toBe('completed');
      await expect.poll(async () => (await state(second)).state, { timeout: 20_000 }).toBe('completed');
      expect([(await state(first)).output.zones, (await state(second)).output.zones].sort()).toEqual([0, 2]);
      const logged = (await rows()).filter((r) => r.slot === current);
      expect(logged.map((r) => r.zone_id).sort()).toEqual([hall, lounge].sort());
    } finally {
      await built.app.close();
    }
  });

  it('is scheduled every CAPACITY_LOG_MINUTES at whole slots, and not at all when the setting is 0', async () => {
    const on = await buildApp({
      database: t.database,
      logger: false,
      config: { seed: 'none', capacityLogMinutes: 15 },
    });
    expect(on.ctx.jobs.scheduleOf(capacityLogJob)).toEqual({ cron: '*/15 * * * *', slotSeconds: 900 });
    await on.app.close();
    const off = await buildApp({
      database: t.database,
      logger: false,
      config: { seed: 'none', capacityLogMinutes: 0 },
    });
    expect(off.ctx.jobs.scheduleOf(capacityLogJob)).toBeNull();
    await off.app.close();
    expect([1, 5, 30, 60, 120, 1440].map(slotCron)).toEqual([
      '* * * * *',
      '*/5 * * * *',
      '*/30 * * * *',
      '0 * * * *',
      '0 */2 * * *',
      '0 */24 * * *',
    ]);
    expect(slotCron(7)).toBeNull();
  });
});

describe('GET /capacity/log (real-time tab)', () => {
  it('answers the logged points of the window with the zones and the slot length', async () => {
    const slot = slotOf(new Date(now - 2 * 60 * MIN), FIVE);
    const q = `dateStart=${new Date(slot.getTime() - MIN).toISOString()}&dateEnd=${new Date(slot.getTime() + MIN).toISOString()}`;
    const res = await t.call('GET', `/api/capacity/log?${q}`, admin);
    expect(res.status).toBe(200);
    const r = res.body.result;
    expect(r.slotMinutes).toBe(5);
    expect(r.zones).toEqual([
      { id: hall, name: 'Hall', capacity: 100 },
      { id: lounge, name: 'Lounge', capacity: 10 },
    ]);
    expect(r.points).toEqual([
      { date: slot.toISOString(), idZone: hall, occupancy: 2 },
      { date: slot.toISOString(), idZone: lounge, occupancy: 1 },
    ]);
  });

  it('by default answers the last hours, oldest first', async () => {
    const r = (await t.call('GET', '/api/capacity/log', admin)).body.result;
    const dates = r.points.map((p: { date: string }) => Date.parse(p.date));
    expect(dates.length).toBeGreaterThan(4);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(Date.parse(r.dateEnd) - Date.parse(r.dateStart)).toBe(12 * 60 * MIN);
  });

  it('refuses an end before the start and a window longer than 7 days', async () => {
    const back = await t.call(
      'GET',
      '/api/capacity/log?dateStart=2026-07-10T10:00:00Z&dateEnd=2026-07-10T09:00:00Z',
      admin,
    );
    expect(back.status).toBe(400);
    const long = await t.call(
      'GET',
      '/api/capacity/log?dateStart=2026-07-01T00:00:00Z&dateEnd=2026-07-10T00:00:00Z',
      { ...admin, lang: 'en' },
    );
    expect(long.status).toBe(400);
    expect(long.body.fields[0].text).toBe('The dates can be at most 7 days apart');
  });

  it('switching the log on writes the current slot at once', async () => {
    const off = await t.call('POST', '/api/capacity/event', {
      ...admin,
      body: { featureToggle: { capacityLog: 0 } },
    });
    expect(off.status).toBe(200);
    const on = await t.call('POST', '/api/capacity/event', {
      ...admin,
      body: { featureToggle: { capacityLog: 1 } },
    });
    expect(on.body.result).toEqual({ capacityLog: 1 });
    const current = slotOf(new Date(), FIVE).toISOString();
    const logged = (await rows()).filter((r) => r.slot === current);
    expect(logged.map((r) => r.zone_id).sort()).toEqual([hall, lounge].sort());
    expect(logged.find((r) => r.zone_id === hall)!.occupancy).toBe(3);
  });
});
