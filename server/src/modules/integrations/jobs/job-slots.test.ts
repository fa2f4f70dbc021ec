import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { type BuiltApp, buildApp } from '../../../app';
import { type Database, openDatabase } from '../../../core/db/client';
import { events } from '../../../core/db/schema';

/**
 * Scheduled jobs run exactly once per slot however many server processes run them: two app
 * instances, each with its own queue engine (its own cron monitor and workers), on one database —
 * with DATABASE_URL (CI's second run of the server suite) two connection pools on the PostgreSQL
 * server, racing for real; on PGlite both engines share the one embedded connection. Every kind is
 * scheduled every minute here (cron slots are whole minutes), and the test lives through two minute
 * boundaries.
 */
let t: TestApp;
let second: { database: Database; own: boolean };
let other: BuiltApp;
const MINUTE = 60_000;
// The upload sweep runs too: over an empty folder of its own.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulsera-slots-'));
const EVERY_MINUTE = { cron: '* * * * *', slotSeconds: 60 };
const override = {
  'capacity-log': EVERY_MINUTE,
  'feed-statistics': EVERY_MINUTE,
  'rollup-compaction': EVERY_MINUTE,
  'sales-push-tick': EVERY_MINUTE,
  'ticket-import-tick': EVERY_MINUTE,
  'upload-sweep': EVERY_MINUTE,
};

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
  t = await createTestApp({ capacityLogMinutes: 1, dataDir });
  second = await secondDatabase();
  other = await buildApp({
    database: second.database,
    logger: false,
    config: { seed: 'none', capacityLogMinutes: 1, dataDir },
  });
  await other.app.ready();
  const event = await t.activeEvent();
  await t.database.db.update(events).set({ capacityLog: 1 }).where(eq(events.id, event.id));
});
afterAll(async () => {
  await other?.app.close();
  if (second?.own) await second.database.close();
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('scheduled jobs with two server processes on one database', () => {
  it('each scheduled kind runs exactly once per slot, and the capacity log holds one claim per slot', async () => {
    const opts = {
      work: true,
      schedule: true,
      pollingSeconds: 0.5,
      cronCheckSeconds: 1,
      scheduleOverride: override,
    };
    await Promise.all([t.ctx.jobs.start(opts), other.ctx.jobs.start(opts)]);
    const started = Date.now();
    // The schedules live in the database: one row per kind, whichever process wrote it last.
    const schedules = (await t.database.db.execute(
      sql`select name, cron from pgboss.schedule order by name`,
    )) as unknown as { rows: { name: string; cron: string }[] };
    expect(schedules.rows).toEqual([
      { name: 'capacity-log', cron: '* * * * *' },
      { name: 'feed-statistics', cron: '* * * * *' },
      { name: 'rollup-compaction', cron: '* * * * *' },
      { name: 'sales-push-tick', cron: '* * * * *' },
      { name: 'ticket-import-tick', cron: '* * * * *' },
      { name: 'upload-sweep', cron: '* * * * *' },
    ]);

    // Two whole minute slots after the start, and the time their jobs need to finish.
    const firstSlot = Math.ceil(started / MINUTE) * MINUTE;
    const slots = [firstSlot, firstSlot + MINUTE].map((s) => new Date(s).toISOString());
    const jobs = async () =>
      (
        (await t.database.db.execute(sql`
          select name, to_char(singleton_on, 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') as slot, state::text as state
          from pgboss.job where name in (${sql.join(
            Object.keys(override).map((k) => sql`${k}`),
            sql`, `,
          )})
          order by name, singleton_on`)) as unknown as {
          rows: { name: string; slot: string; state: string }[];
        }
      ).rows;
    await expect
      .poll(
        async () => {
          const done = (await jobs()).filter((j) => j.slot === slots[1] && j.state === 'completed');
          return done.length;
        },
        { timeout: firstSlot + 2 * MINUTE + 30_000 - Date.now(), interval: 1000 },
      )
      .toBe(Object.keys(override).length);
    // Let both cron monitors look at the second slot for a while more: still one job each.
    await new Promise((r) => setTimeout(r, 5000));
    await Promise.all([t.ctx.jobs.stop(), other.ctx.jobs.stop()]);

    const ran = (await jobs()).filter((j) => slots.includes(j.slot));
    for (const kind of Object.keys(override))
      expect(ran.filter((j) => j.name === kind).map((j) => [j.slot, j.state])).toEqual(
        slots.map((s) => [s, 'completed']),
      );

    // The jobs screen lists our kinds' jobs, never pg-boss's own hand-off queue.
    const listed = (
      await t.call('GET', '/api/jobs?disablePagination=true', await t.session('super@demo.test'))
    ).body.result.jobs as { kind: string }[];
    expect(listed.length).toBeGreaterThanOrEqual(8);
    expect(listed.every((j) => Object.keys(override).includes(j.kind))).toBe(true);

    // The capacity log wrote each of those slots once (one claim, one row per zone).
    const event = await t.activeEvent();
    const claims = (await t.database.db.execute(sql`
      select to_char(slot at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') as slot, zones
      from capacity_log_slots where event_id = ${event.id} order by slot`)) as unknown as {
      rows: { slot: string; zones: number }[];
    };
    for (const s of slots) expect(claims.rows.filter((c) => c.slot === s)).toHaveLength(1);
    const perSlot = (await t.database.db.execute(sql`
      select to_char(slot at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') as slot, count(*)::int as n,
        count(distinct zone_id)::int as zones
      from capacity_log where event_id = ${event.id} group by slot`)) as unknown as {
      rows: { slot: string; n: number; zones: number }[];
    };
    for (const s of slots) {
      const row = perSlot.rows.find((r) => r.slot === s);
      expect(row && Number(row.n)).toBe(row && Number(row.zones));
    }
  }, 240_000);
});
