import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { fakeOrders, type PretixFake, startPretixFake } from '../../../../test/pretix-fake';
import { events, rols, ticketImportSchedules } from '../../../core/db/schema';

/**
 * Issue 27 item 19: a failing import says so at once — on the schedule (retrying, and the
 * platform's answer) and to the report address (in the event's language, with that answer) — closes
 * as failed when its last attempt fails (not at the next start), comes back on the schedule when its
 * job is retried, and a run that changed nothing mails no report; report times are the event's zone.
 */
type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let scheduleId: number;
let pretix: PretixFake;
const MAIL_TO = 'taquilla@sonora.test';

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** The report address's mails, oldest first, decoded (quoted-printable, UTF-8). */
function mails() {
  const dir = t.ctx.config.outboxDir;
  return readdirSync(dir)
    .filter((f) => f.includes(MAIL_TO))
    .sort()
    .map((f) => {
      const raw = readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '');
      return Buffer.from(
        raw.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
    });
}

const lastRun = async () =>
  (await t.call('GET', '/api/api-ticket/schedules', admin)).body.result.find(
    (s: { id: number }) => s.id === scheduleId,
  ).lastRun as { status: string; retrying: boolean; error: string | null; created: number };

/** Brings the queue's waiting attempts forward (the back-off is minutes long). */
const hurry = () =>
  t.database.db.execute(
    sql`update pgboss.job set start_after = now() where name like 'ticket-import%' and state in ('retry', 'created') and start_after > now()`,
  );

beforeAll(async () => {
  pretix = await startPretixFake({ pageSize: 50 });
  pretix.orders.push(...fakeOrders(3));
  t = await createTestApp({ integrationsAllowHttp: true, integrationsAllowPrivateAddresses: true });
  await t.ctx.jobs.start({ work: true, schedule: false, pollingSeconds: 0.5 });
  admin = await t.session('admin@demo.test');
  const ev = await t.activeEvent();
  await t.database.db
    .update(events)
    .set({ language: 'es', timezone: 'America/New_York' })
    .where(eq(events.id, ev.id));
  const [rol] = await t.database.db.insert(rols).values({ eventId: ev.id, name: 'Fail General' }).returning();
  const res = await t.call('POST', '/api/api-ticket/schedules', {
    ...admin,
    body: {
      schedule: {
        name: 'pretix failing',
        platform: 'pretix',
        baseUrl: pretix.url,
        organizer: pretix.organizer,
        platformEvent: pretix.event,
        token: pretix.token,
        mappings: [{ item: 1345, variation: null, roleId: rol!.id, resellerId: null }],
        intervalMinutes: 60,
        enabled: 0,
        reportEmail: MAIL_TO,
      },
    },
  });
  expect(res.status).toBe(200);
  scheduleId = res.body.result.schedule.id;
  await t.database.db
    .update(ticketImportSchedules)
    .set({ reportEmailVerifiedAt: new Date() })
    .where(eq(ticketImportSchedules.id, scheduleId));
}, 240_000);
afterAll(async () => {
  await t.close();
  await pretix.close();
});

describe('a failing import', () => {
  it('shows retrying and why on the schedule, and tells the report address at once, in its language', async () => {
    const before = mails().length; // the verification link
    pretix.fault = () => ({ status: 503 });
    expect((await t.call('POST', `/api/api-ticket/schedules/${scheduleId}/run`, admin)).status).toBe(200);
    await expect.poll(async () => (await lastRun()).retrying, { timeout: 30_000, interval: 300 }).toBe(true);
    const run = await lastRun();
    expect(run.status).toBe('running');
    expect(run.error).toContain('HTTP 503');
    await expect.poll(() => mails().length, { timeout: 30_000, interval: 300 }).toBe(before + 1);
    const notice = mails().at(-1)!;
    expect(notice).toContain('Respuesta de la plataforma: The platform answered HTTP 503: fault');
    expect(notice).toContain('lo vuelve a intentar');
    expect(notice).not.toMatch(/job failed/i);
  });

  it('fails for good at its last attempt, with the platform’s answer, in the event’s zone', async () => {
    const before = mails().length;
    await expect
      .poll(
        async () => {
          await hurry();
          return (await lastRun()).status;
        },
        { timeout: 90_000, interval: 300 },
      )
      .toBe('failed');
    expect((await lastRun()).error).toContain('HTTP 503');
    await expect.poll(() => mails().length, { timeout: 30_000, interval: 300 }).toBe(before + 1);
    const report = mails().at(-1)!;
    expect(report).toContain('fallida');
    expect(report).toContain('Respuesta de la plataforma: The platform answered HTTP 503');
    // Started "… de … de 2026, HH:MM" in New York's time, never an ISO UTC instant.
    const [started] = await rows<{ at: string }>(
      sql`select started_at as at from ticket_import_runs where schedule_id = ${scheduleId} order by id desc limit 1`,
    );
    const ny = new Intl.DateTimeFormat('es', {
      timeZone: 'America/New_York',
      timeStyle: 'short',
    }).format(new Date(started!.at));
    expect(report).toContain(ny);
    expect(report).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  }, 120_000);

  it('comes back on the schedule when its job is retried from the jobs screen', async () => {
    pretix.fault = () => null;
    const before = mails().length;
    const [run] = await rows<{ job_id: string }>(
      sql`select job_id from ticket_import_runs where schedule_id = ${scheduleId} order by id desc limit 1`,
    );
    const mega = await t.session('mega@demo.test');
    const retried = await t.call('POST', `/api/jobs/${run!.job_id}/retry`, mega);
    expect(retried.status).toBe(200);
    await expect
      .poll(
        async () => {
          await hurry();
          return (await lastRun()).status;
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe('done');
    expect(await lastRun()).toMatchObject({ created: 3, retrying: false, error: null });
    // Its report says what it changed.
    await expect.poll(() => mails().length, { timeout: 30_000, interval: 300 }).toBe(before + 1);
    expect(mails().at(-1)).toContain('Creadas: 3');
  });

  it('mails no report for a run that changed nothing', async () => {
    const before = mails().length;
    await t.call('POST', `/api/api-ticket/schedules/${scheduleId}/run`, admin);
    await expect
      .poll(
        async () => {
          await hurry();
          const [r] = await rows<{ status: string; n: number }>(
            sql`select status, (select count(*) from ticket_import_runs where schedule_id = ${scheduleId})::int as n
                from ticket_import_runs where schedule_id = ${scheduleId} order by id desc limit 1`,
          );
          return r?.n === 2 && r.status;
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe('done');
    // The report job has run (and sent nothing).
    await expect
      .poll(
        async () =>
          (
            await rows<{ n: number }>(
              sql`select count(*)::int as n from pgboss.job where name = 'ticket-import-report' and state in ('created', 'retry', 'active')`,
            )
          )[0]!.n,
        { timeout: 30_000, interval: 300 },
      )
      .toBe(0);
    expect(mails().length).toBe(before);
  });
});
