import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { fakeOrders, type PretixFake, startPretixFake } from '../../../../test/pretix-fake';
import { rols, ticketImportSchedules } from '../../../core/db/schema';
import { SecretBox } from '../../../core/lib/secret-box';

/**
 * Ticket API imports against a local server answering as pretix's documentation shows: the token
 * sealed at rest, the report address verified by its link, 10,000 tickets applied once (a second run
 * changes nothing), a run whose platform fails midway resumed without duplicates, 429 waited out, and
 * bad rows turned into issues that are retried and solved.
 */
type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let eventId: number;
let general: number;
let vip: number;
let pretix: PretixFake;

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const count = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(q))[0]!.n);

/** Waits until the schedule's last run is no longer running (back-offs started at once). */
async function settleRun(scheduleId: number, timeout = 120_000) {
  await expect
    .poll(
      async () => {
        await t.database.db.execute(
          sql`update pgboss.job set start_after = now() where name like 'ticket-import%' and state in ('retry', 'created') and start_after > now()`,
        );
        return (
          await rows<{ status: string }>(
            sql`select status from ticket_import_runs where schedule_id = ${scheduleId} order by id desc limit 1`,
          )
        )[0]?.status;
      },
      { timeout, interval: 300 },
    )
    .not.toBe('running');
  return (
    await rows<Record<string, number | string>>(
      sql`select * from ticket_import_runs where schedule_id = ${scheduleId} order by id desc limit 1`,
    )
  )[0]!;
}

const scheduleBody = (over: Record<string, unknown> = {}) => ({
  schedule: {
    name: 'pretix main',
    platform: 'pretix',
    baseUrl: pretix.url,
    organizer: pretix.organizer,
    platformEvent: pretix.event,
    token: pretix.token,
    mappings: [
      { item: 1345, variation: null, roleId: general, resellerId: null },
      { item: 1346, variation: null, roleId: vip, resellerId: null },
    ],
    intervalMinutes: 15,
    enabled: 1,
    reportEmail: 'box-office@sonora.test',
    ...over,
  },
});

beforeAll(async () => {
  pretix = await startPretixFake({ pageSize: 50 });
  // The local pretix is plain http on this machine: allowed only as a local test platform.
  t = await createTestApp({
    ticketImportPagesPerJob: 30,
    integrationsAllowHttp: true,
    integrationsAllowPrivateAddresses: true,
  });
  await t.ctx.jobs.start({ work: true, schedule: false, pollingSeconds: 0.5 });
  admin = await t.session('admin@demo.test');
  eventId = (await t.activeEvent()).id;
  [{ id: general }, { id: vip }] = (await t.database.db
    .insert(rols)
    .values([
      { eventId, name: 'Import General' },
      { eventId, name: 'Import VIP' },
    ])
    .returning({ id: rols.id })) as [{ id: number }, { id: number }];
}, 240_000);
afterAll(async () => {
  await t.close();
  await pretix.close();
});

describe('secret box', () => {
  it('opens only with the same server secret and purpose', () => {
    const a = new SecretBox('a'.repeat(40));
    const sealed = a.seal('hello', 'p');
    expect(sealed).not.toContain('hello');
    expect(a.open(sealed, 'p')).toBe('hello');
    expect(new SecretBox('b'.repeat(40)).open(sealed, 'p')).toBeNull();
    expect(a.open(sealed, 'q')).toBeNull();
    expect(a.open(`${sealed.slice(0, -2)}xx`, 'p')).toBeNull();
  });
});

describe('schedules', () => {
  let id: number;

  it('refuses a plain-http address elsewhere, a rol of another event and a new schedule without token', async () => {
    t.ctx.config.integrationsAllowHttp = false;
    const http = await t.call('POST', '/api/api-ticket/schedules', {
      ...admin,
      body: scheduleBody({ baseUrl: 'http://pretix.example.org' }),
    });
    t.ctx.config.integrationsAllowHttp = true;
    expect(http.status).toBe(400);
    expect(http.body.fields[0]).toMatchObject({
      path: 'schedule.baseUrl',
      message: 'validation.ticketBaseUrl',
    });
    const role = await t.call('POST', '/api/api-ticket/schedules', {
      ...admin,
      body: scheduleBody({ mappings: [{ item: 1, variation: null, roleId: 999999, resellerId: null }] }),
    });
    expect(role.status).toBe(400);
    // A mapping row added and left without a role says the role is required, not "invalid".
    const noRole = await t.call('POST', '/api/api-ticket/schedules', {
      ...admin,
      body: scheduleBody({ mappings: [{ item: 1, variation: null, roleId: 0, resellerId: null }] }),
    });
    expect(noRole.status).toBe(400);
    expect(noRole.body.fields[0]).toMatchObject({
      path: 'schedule.mappings.0.roleId',
      message: 'validation.required',
    });
    const noToken = await t.call('POST', '/api/api-ticket/schedules', {
      ...admin,
      body: scheduleBody({ token: '' }),
    });
    expect(noToken.status).toBe(400);
    expect(noToken.body.error).toBe(3702);
  });

  it('keeps the token sealed at rest and never answers it; e-mails a verification link', async () => {
    const res = await t.call('POST', '/api/api-ticket/schedules', { ...admin, body: scheduleBody() });
    expect(res.status).toBe(200);
    id = res.body.result.schedule.id;
    expect(res.body.result.verificationSent).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(pretix.token);
    expect(res.body.result.schedule).toMatchObject({ hasToken: true, reportEmailVerified: false });
    const [raw] = await rows<Record<string, string>>(
      sql`select * from ticket_import_schedules where id = ${id}`,
    );
    expect(JSON.stringify(raw)).not.toContain(pretix.token);
    expect(raw!.token_cipher).toMatch(/^v1\./);
    const list = await t.call('GET', '/api/api-ticket/schedules', admin);
    expect(JSON.stringify(list.body)).not.toContain(pretix.token);
    // Saved again without a token: the sealed one stays.
    const again = await t.call('POST', '/api/api-ticket/schedules', {
      ...admin,
      body: scheduleBody({ id, token: undefined }),
    });
    expect(again.status).toBe(200);
    expect(again.body.result.verificationSent).toBe(false);
    const [after] = await t.database.db
      .select()
      .from(ticketImportSchedules)
      .where(eq(ticketImportSchedules.id, id));
    expect(after!.tokenCipher).toBe(raw!.token_cipher);
  });

  it('verifies the report address by the e-mailed link; a forged token is refused', async () => {
    const outbox = t.ctx.config.outboxDir;
    const file = readdirSync(outbox).find((f) => f.includes('box-office@sonora.test'))!;
    const eml = readFileSync(path.join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const token = /apiScheduleToken=([A-Za-z0-9_%-]+)/.exec(eml)![1]!;
    expect(eml).toContain('/auth/schedule?apiScheduleToken=');
    const bad = await t.call('GET', '/api/enableSchedule?apiScheduleToken=forged-token');
    expect(bad.status).toBe(400);
    expect(bad.body.description).toMatch(/token is not valid/);
    const okRes = await t.call('GET', `/api/enableSchedule?apiScheduleToken=${token}`);
    expect(okRes.status).toBe(200);
    expect(okRes.body.result).toEqual({ verified: true, email: 'box-office@sonora.test' });
    const s = (await t.call('GET', '/api/api-ticket/schedules', admin)).body.result[0];
    expect(s.reportEmailVerified).toBe(true);
  });

  it('lists the platform products for the mapping', async () => {
    pretix.items = [
      { id: 1345, name: 'Standard ticket' },
      { id: 1346, name: 'VIP', variations: [{ id: 7, value: 'Weekend' }] },
    ];
    const res = await t.call('GET', `/api/api-ticket/schedules/${id}/products`, admin);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([
      { item: 1345, variation: null, name: 'Standard ticket' },
      { item: 1346, variation: null, name: 'VIP' },
      { item: 1346, variation: 7, name: 'VIP – Weekend' },
    ]);
  });

  it('imports 10,000 tickets once each; a second run changes nothing; a re-read applies nothing', async () => {
    pretix.orders = fakeOrders(5000, 2);
    // One 429 on page 3 (Retry-After 1 s): waited out inside the run.
    let limited = false;
    pretix.fault = (_p, q) => {
      if (q.get('page') === '3' && !limited) {
        limited = true;
        return { status: 429, retryAfter: 1 };
      }
      return null;
    };
    const run = await t.call('POST', `/api/api-ticket/schedules/${id}/run`, admin);
    expect(run.status).toBe(200);
    const again = await t.call('POST', `/api/api-ticket/schedules/${id}/run`, admin);
    expect(again.status).toBe(409);
    const done = await settleRun(id, 240_000);
    expect(done).toMatchObject({ status: 'done', pages: 100, created: 10000, issues: 0 });
    expect(limited).toBe(true);
    expect(pretix.requests.filter((r) => /page=3(&|$)/.test(r)).length).toBe(2);
    expect(
      await count(
        sql`select count(*)::int as n from tickets where event_id = ${eventId} and source = 'import'`,
      ),
    ).toBe(10000);
    expect(
      await count(
        sql`select count(distinct code)::int as n from tickets where event_id = ${eventId} and source = 'import'`,
      ),
    ).toBe(10000);
    expect(
      await count(
        sql`select count(*)::int as n from customers where event_id = ${eventId} and ticket_code like 'sec%'`,
      ),
    ).toBe(10000);
    // The ticketing report counts them under their rol.
    const report = await t.call(
      'GET',
      `/api/ticketing/ticket-codes?idRol=${general}&paginationLimit=5`,
      admin,
    );
    expect(report.status).toBe(200);
    expect(report.body.result.total).toBe(10000);
    const search = await t.call('GET', '/api/infoCustomer/search?ticket=sec42x1', admin);
    expect(search.body.result.map((c: { ticket: string }) => c.ticket)).toContain('sec42x1');

    const stamp = await rows<{ m: string }>(
      sql`select max(updated_at)::text as m from tickets where event_id = ${eventId}`,
    );
    pretix.requests = [];
    await t.call('POST', `/api/api-ticket/schedules/${id}/run`, admin);
    const second = await settleRun(id);
    expect(second).toMatchObject({ status: 'done', created: 0, updated: 0, cancelled: 0, issues: 0 });
    expect(pretix.requests[0]).toContain('modified_since=');
    // A full re-read (cursor cleared) finds every position unchanged.
    await t.database.db
      .update(ticketImportSchedules)
      .set({ cursor: null })
      .where(eq(ticketImportSchedules.id, id));
    await t.call('POST', `/api/api-ticket/schedules/${id}/run`, admin);
    const reread = await settleRun(id, 240_000);
    expect(reread).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 10000 });
    expect(
      await rows<{ m: string }>(
        sql`select max(updated_at)::text as m from tickets where event_id = ${eventId}`,
      ),
    ).toEqual(stamp);
    // The report went to the verified address.
    expect(
      readdirSync(t.ctx.config.outboxDir).filter((f) => f.includes('box-office')).length,
    ).toBeGreaterThan(1);
  }, 600_000);

  it('a run whose platform fails midway resumes where it stood, without duplicates', async () => {
    pretix.orders.push(...fakeOrders(1000, 1, 10000, '2026-06-01T10:00:00Z'));
    for (const o of pretix.orders.slice(-1000)) o.last_modified = new Date().toISOString();
    pretix.requests = [];
    // Page 12 fails twice (inside the first job: progress kept, continued later), page 1 of the
    // second job's retry once (the attempt fails and the queue retries it).
    let fails = 0;
    pretix.fault = (_p, q) => {
      if (q.get('page') === '12' && fails < 2) {
        fails++;
        return { status: 500 };
      }
      return null;
    };
    await t.call('POST', `/api/api-ticket/schedules/${id}/run`, admin);
    const done = await settleRun(id, 240_000);
    expect(done).toMatchObject({ status: 'done', pages: 20, created: 1000 });
    expect(fails).toBe(2);
    for (let p = 2; p <= 11; p++)
      expect(pretix.requests.filter((r) => r.includes(`page=${p}&`) || r.endsWith(`page=${p}`)).length).toBe(
        1,
      );
    expect(
      await count(
        sql`select count(*)::int as n from tickets where event_id = ${eventId} and source = 'import'`,
      ),
    ).toBe(11000);
    expect(
      await count(sql`select count(*)::int as n from ticket_import_positions where schedule_id = ${id}`),
    ).toBe(11000);
  }, 600_000);

  it('bad rows become issues: unknown product, duplicate code, cancelled after validation, code on another wristband', async () => {
    pretix.fault = () => null;
    const now = new Date().toISOString();
    const base = { email: 'x@example.org', datetime: '2026-07-01T10:00:00Z', last_modified: now };
    // A manual ticket and a validated manual ticket hold two codes.
    await t.database.db.execute(sql`
      insert into tickets (event_id, code, role_id, source) values (${eventId}, 'MANUAL-1', ${general}, 'manual')`);
    const [wb] = await rows<{ id: number }>(sql`
      insert into wristbands (event_id, n_serie) values (${eventId}, '04AABBCCDD0011') returning id`);
    await t.database.db.execute(sql`
      insert into tickets (event_id, code, role_id, source, wristband_id, validated)
      values (${eventId}, 'MANUAL-2', ${general}, 'manual', ${wb!.id}, 1)`);
    pretix.orders.push(
      {
        ...base,
        code: 'BAD01',
        status: 'p',
        positions: [
          {
            id: 900001,
            positionid: 1,
            item: 9999,
            variation: null,
            secret: 'unknown-1',
            attendee_name: 'U',
            attendee_email: null,
          },
        ],
      },
      {
        ...base,
        code: 'BAD02',
        status: 'p',
        positions: [
          {
            id: 900002,
            positionid: 1,
            item: 1345,
            variation: null,
            secret: 'MANUAL-1',
            attendee_name: 'D',
            attendee_email: null,
          },
        ],
      },
      {
        ...base,
        code: 'BAD03',
        status: 'p',
        positions: [
          {
            id: 900003,
            positionid: 1,
            item: 1345,
            variation: null,
            secret: 'MANUAL-2',
            attendee_name: 'W',
            attendee_email: null,
          },
        ],
      },
    );
    await t.call('POST', `/api/api-ticket/schedules/${id}/run`, admin);
    const done = await settleRun(id);
    expect(done).toMatchObject({ status: 'done', issues: 3, created: 0 });
    // A ticket validated at the gate, then its order cancelled on the platform.
    const [first] = await rows<{ id: number }>(
      sql`select id from tickets where event_id = ${eventId} and code = 'sec0x0'`,
    );
    await t.database.db.execute(
      sql`update tickets set validated = 1, wristband_id = ${wb!.id} where id = ${first!.id}`,
    );
    pretix.touch('O000000', (o) => {
      o.status = 'c';
    });
    await t.call('POST', `/api/api-ticket/schedules/${id}/run`, admin);
    const cancelled = await settleRun(id);
    expect(cancelled).toMatchObject({ status: 'done', issues: 1, cancelled: 1 });
    // The order's second ticket (not validated) is cancelled; the validated one is an issue.
    expect(
      await count(sql`select cancelled as n from tickets where event_id = ${eventId} and code = 'sec0x1'`),
    ).toBe(1);

    const open = (await t.call('GET', '/api/api-ticket/issues?solved=0', admin)).body.result;
    expect(open.total).toBe(4);
    expect(open.issues.map((i: { kind: string }) => i.kind).sort()).toEqual([
      'cancelledAfterValidation',
      'codeOnOtherWristband',
      'duplicateCode',
      'unknownProduct',
    ]);
    const unknown = open.issues.find((i: { kind: string }) => i.kind === 'unknownProduct');
    // Retry before the product is mapped: still an issue.
    const still = await t.call('POST', `/api/api-ticket/issues/${unknown.id}/retry`, admin);
    expect(still.body.result.solved).toBe(false);
    // Map the product, retry: the ticket is made and the issue solved.
    await t.call('POST', '/api/api-ticket/schedules', {
      ...admin,
      body: scheduleBody({
        id,
        token: undefined,
        mappings: [
          { item: 1345, variation: null, roleId: general, resellerId: null },
          { item: 9999, variation: null, roleId: vip, resellerId: null },
        ],
      }),
    });
    const fixed = await t.call('POST', `/api/api-ticket/issues/${unknown.id}/retry`, admin);
    expect(fixed.body.result.solved).toBe(true);
    // Who solved it is shown: the one whose retry applied it.
    expect(fixed.body.result.issue.solvedBy).toBe('Ana Admin');
    expect(
      await count(sql`select role_id as n from tickets where event_id = ${eventId} and code = 'unknown-1'`),
    ).toBe(vip);
    const dup = open.issues.find((i: { kind: string }) => i.kind === 'duplicateCode');
    const solved = await t.call('POST', `/api/api-ticket/issues/${dup.id}/solve`, admin);
    expect(solved.body.result.solved).toBe(true);
    expect(solved.body.result.solvedBy).toBe('Ana Admin');
    const twice = await t.call('POST', `/api/api-ticket/issues/${dup.id}/solve`, admin);
    expect(twice.status).toBe(409);
    const kinds = (await t.call('GET', '/api/api-ticket/issues?solved=1', admin)).body.result;
    expect(kinds.total).toBe(2);
    // A run that changes nothing leaves the solved ones solved.
    await t.call('POST', `/api/api-ticket/schedules/${id}/run`, admin);
    await settleRun(id);
    expect((await t.call('GET', '/api/api-ticket/issues?solved=1', admin)).body.result.total).toBe(2);
  }, 300_000);

  it('refuses a user without the api permission', async () => {
    await t.userWithPermissions('noapi@demo.test', eventId, [26]);
    const s = await t.session('noapi@demo.test');
    expect((await t.call('GET', '/api/api-ticket/schedules', s)).status).toBe(403);
    expect((await t.call('GET', '/api/api-ticket/issues', s)).status).toBe(403);
  });
});
