import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { events } from '../../../core/db/schema';

/**
 * The jobs screen's API (admin/configuration/jobs, super admin) over the real queue engine: jobs that
 * fail for real (an uploads folder that cannot be read; a database write refused by the database),
 * their listing by status, kind, event and dates, the retry of a failed one and the refusal of any
 * other retry, and a failed job leaving the data as it was.
 */
type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let superAdmin: Session;
let admin: Session;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulsera-jobs-'));
const uploads = path.join(dataDir, 'uploads');

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** The job's engine state; a job waiting for its back-off is started now (the delay has been checked). */
async function settle(id: string, until: string[]) {
  await expect
    .poll(
      async () => {
        await t.database.db.execute(
          sql`update pgboss.job set start_after = now() where id = ${id}::uuid and state = 'retry'`,
        );
        return (
          await rows<{ state: string }>(
            sql`select state::text as state from pgboss.job where id = ${id}::uuid`,
          )
        )[0]?.state;
      },
      { timeout: 60_000, interval: 300 },
    )
    .toSatisfy((s: string) => until.includes(s));
}

beforeAll(async () => {
  t = await createTestApp({ dataDir });
  await t.ctx.jobs.start({ work: true, schedule: false, pollingSeconds: 0.5 });
  superAdmin = await t.session('super@demo.test');
  admin = await t.session('admin@demo.test');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a job that fails for real, listed and retried', () => {
  let failedId: string;

  it('an upload sweep over an unreadable uploads folder fails after its retry, with the error and both attempts', async () => {
    // A file where the uploads folder should be: the sweep cannot list it.
    writeFileSync(uploads, 'not a folder');
    const run = await t.call('POST', '/api/jobs/run', { ...superAdmin, body: { kind: 'upload-sweep' } });
    expect(run.status).toBe(200);
    failedId = run.body.result.id;
    expect(run.body.result).toMatchObject({ kind: 'upload-sweep', status: 'enqueued', maxAttempts: 2 });

    // The first attempt fails; the retry waits for its back-off (5 s at least).
    await expect
      .poll(
        async () =>
          (
            await rows<{ state: string }>(
              sql`select state::text as state from pgboss.job where id = ${failedId}::uuid`,
            )
          )[0]!.state,
        { timeout: 30_000, interval: 200 },
      )
      .toBe('retry');
    const [waiting] = await rows<{ wait: number }>(
      sql`select extract(epoch from start_after - now())::float as wait from pgboss.job where id = ${failedId}::uuid`,
    );
    expect(waiting!.wait).toBeGreaterThan(2);
    const mid = await t.call('GET', `/api/jobs/${failedId}`, superAdmin);
    expect(mid.body.result).toMatchObject({ status: 'enqueued', engineState: 'retry', attempts: 1 });
    expect(mid.body.result.lastError).toMatch(/ENOTDIR|not a directory/);

    await settle(failedId, ['failed']);
    const job = (await t.call('GET', `/api/jobs/${failedId}`, superAdmin)).body.result;
    expect(job).toMatchObject({
      status: 'failed',
      attempts: 2,
      maxAttempts: 2,
      eventId: null,
      messageBody: '{}',
    });
    expect(job.lastError).toMatch(/ENOTDIR|not a directory/);
    expect(job.completedAt).not.toBeNull();
    // Queued by hand: its slot is the current hour, its run has an id of its own.
    expect(Date.parse(job.hourRange.end) - Date.parse(job.hourRange.start)).toBe(3_600_000);
    expect(job.tourId).toMatch(/^[0-9a-f-]{36}$/);
  }, 90_000);

  it('lists jobs by status, kind and dates, paged on the server', async () => {
    const done = await t.call('POST', '/api/jobs/run', {
      ...superAdmin,
      body: { kind: 'rollup-compaction' },
    });
    await settle(done.body.result.id, ['completed']);

    const failed = (await t.call('GET', '/api/jobs?status=failed', superAdmin)).body.result;
    expect(failed.jobs.map((j: { id: string }) => j.id)).toEqual([failedId]);
    expect(failed.total).toBe(1);
    const processed = (await t.call('GET', '/api/jobs?status=processed&kind=rollup-compaction', superAdmin))
      .body.result;
    expect(processed.jobs.map((j: { id: string }) => j.id)).toContain(done.body.result.id);
    expect(processed.jobs.every((j: { status: string }) => j.status === 'processed')).toBe(true);
    expect(processed.jobs[0].output).toMatch(/"removed":\d+/);
    expect((await t.call('GET', '/api/jobs?kind=capacity-log', superAdmin)).body.result.total).toBe(0);

    const all = (await t.call('GET', '/api/jobs?paginationLimit=1', superAdmin)).body.result;
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.jobs).toHaveLength(1);
    const second = (await t.call('GET', '/api/jobs?paginationLimit=1&page=2', superAdmin)).body.result;
    expect(second.jobs[0].id).not.toBe(all.jobs[0].id);
    expect(all.kinds.map((k: { name: string }) => k.name)).toEqual([
      'capacity-log',
      'card-top-up-reconcile',
      'feed-statistics',
      'password-reset-mail',
      'portal-mail',
      'rollup-compaction',
      'sales-push',
      'sales-push-tick',
      'ticket-import',
      'ticket-import-report',
      'ticket-import-tick',
      'upload-sweep',
    ]);
    // A sales push works on one schedule's period: it is queued by its screen, not run by hand.
    expect(all.kinds.find((k: { name: string }) => k.name === 'sales-push').runnable).toBe(false);
    expect(all.kinds.find((k: { name: string }) => k.name === 'sales-push-tick').runnable).toBe(true);
    // So does an import run (it works on one schedule's run); the tick that starts them can be run.
    expect(all.kinds.find((k: { name: string }) => k.name === 'ticket-import').runnable).toBe(false);
    expect(all.kinds.find((k: { name: string }) => k.name === 'ticket-import-tick').runnable).toBe(true);
    // A reset e-mail names its account: it is queued by "Forgot your password?", never run by hand.
    expect(all.kinds.find((k: { name: string }) => k.name === 'password-reset-mail').runnable).toBe(false);
    expect(all.kinds.find((k: { name: string }) => k.name === 'capacity-log').schedule).toEqual({
      cron: '*/5 * * * *',
      slotSeconds: 300,
    });

    const future = (await t.call('GET', '/api/jobs?dateStart=2099-01-01T00:00:00Z', superAdmin)).body.result;
    expect(future.total).toBe(0);
    const past = (await t.call('GET', '/api/jobs?dateEnd=2020-01-02T00:00:00Z', superAdmin)).body.result;
    expect(past.total).toBe(0);
  });

  it('refuses to retry a job that is not failed, and an unknown one', async () => {
    const processed = (await t.call('GET', '/api/jobs?status=processed', superAdmin)).body.result.jobs[0];
    const res = await t.call('POST', `/api/jobs/${processed.id}/retry`, { ...superAdmin, lang: 'en' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 3501,
      description: 'Only a failed job can be retried; this one is processed',
    });
    const unknown = await t.call('POST', '/api/jobs/00000000-0000-4000-8000-000000000000/retry', superAdmin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(3500);
    expect((await t.call('POST', '/api/jobs/not-a-uuid/retry', superAdmin)).status).toBe(400);
    expect(
      (await t.call('POST', '/api/jobs/run', { ...superAdmin, body: { kind: 'no-such-kind' } })).status,
    ).toBe(404);
    const needsData = await t.call('POST', '/api/jobs/run', { ...superAdmin, body: { kind: 'sales-push' } });
    expect(needsData.status).toBe(400);
    expect(needsData.body.error).toBe(3804);
  });

  it('retries the failed job once the folder is repaired: it runs again and is processed', async () => {
    rmSync(uploads, { force: true });
    mkdirSync(uploads);
    const res = await t.call('POST', `/api/jobs/${failedId}/retry`, superAdmin);
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe('enqueued');
    // A second retry while it waits is refused: it is no longer failed.
    expect((await t.call('POST', `/api/jobs/${failedId}/retry`, superAdmin)).status).toBe(409);
    await settle(failedId, ['completed']);
    const job = (await t.call('GET', `/api/jobs/${failedId}`, superAdmin)).body.result;
    expect(job).toMatchObject({ status: 'processed', attempts: 3, maxAttempts: 3, lastError: null });
  }, 60_000);

  it('is for super admins only', async () => {
    expect((await t.call('GET', '/api/jobs', admin)).status).toBe(403);
    expect((await t.call('POST', `/api/jobs/${failedId}/retry`, admin)).status).toBe(403);
  });
});

describe('a job that fails for good leaves the data as it was', () => {
  it('the capacity log job refused by the database writes nothing; once retried it writes its slot', async () => {
    const event = await t.activeEvent();
    await t.database.db.update(events).set({ capacityLog: 1 }).where(eq(events.id, event.id));
    await t.call('POST', '/api/zones', {
      ...admin,
      body: { zone: { name: 'Arena', capacity: 50, resetCapacity: 0 } },
    });
    // The database refuses the last write of the job (the slot's zone count), after the log rows.
    await t.database.db.execute(sql`create function refuse_slot_zones() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_slot_zones before update on capacity_log_slots for each row execute function refuse_slot_zones()`,
    );
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from capacity_log`);
    const run = await t.call('POST', '/api/jobs/run', { ...superAdmin, body: { kind: 'capacity-log' } });
    const id = run.body.result.id as string;
    await settle(id, ['failed']);
    const job = (await t.call('GET', `/api/jobs/${id}`, superAdmin)).body.result;
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
    // Said in the reader's language, with the database's own words after it (issue 27 item 24).
    expect(job.lastError).toBe('The job failed: disk full');
    // Nothing of the three attempts stayed: no log rows, no claimed slot.
    expect(await rows(sql`select count(*)::int as n from capacity_log`)).toEqual(before);
    expect(await rows(sql`select * from capacity_log_slots where event_id = ${event.id}`)).toEqual([]);

    await t.database.db.execute(sql`drop trigger refuse_slot_zones on capacity_log_slots`);
    expect((await t.call('POST', `/api/jobs/${id}/retry`, superAdmin)).status).toBe(200);
    await settle(id, ['completed']);
    const slot = new Date(Math.floor(Date.parse(job.hourRange.start) / 300_000) * 300_000).toISOString();
    const claims = await rows<{ zones: number }>(
      sql`select zones from capacity_log_slots where event_id = ${event.id} and slot = ${slot}::timestamptz`,
    );
    const logged = await rows<{ n: number }>(
      sql`select count(*)::int as n from capacity_log where event_id = ${event.id} and slot = ${slot}::timestamptz`,
    );
    expect(claims).toHaveLength(1);
    expect(Number(claims[0]!.zones)).toBeGreaterThanOrEqual(1);
    expect(Number(logged[0]!.n)).toBe(Number(claims[0]!.zones));
  }, 120_000);
});
