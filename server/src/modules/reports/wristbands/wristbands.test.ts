import { PERMISSIONS } from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { festivalDay, type MoneyFestival, moneyFestival, type Sent, W } from '../money-festival.fixture';
import { compactRollups } from '../rollups/rollups';

let t: TestApp;
let f: MoneyFestival;
beforeAll(async () => {
  t = await createTestApp();
  f = await moneyFestival(t);
  // Bans after the operations: W2 on terminals, W5's top-ups, and a wristband of no event.
  const sup = await t.login('super@demo.test');
  for (const [nSerie, banAndroid, banTopUps] of [
    [W(2), 1, 0],
    [W(5), 0, 1],
    ['RPTX0000000099', 1, 1],
  ] as const) {
    const res = await t.call('POST', '/api/rfids/ban', {
      token: sup,
      body: { nSerie, codeCheck: '', notes: 'report test', banAndroid, banTopUps },
    });
    expect(res.status).toBe(200);
  }
  // W6's customer asks for 20.00 of their cash back by bank transfer.
  const found = await t.call('GET', `/api/infoCustomer/search?rfid=${W(6)}`, f.session);
  const customer = found.body.result[0];
  const refund = await t.call('POST', '/api/infoCustomer/create-refund', {
    ...f.session,
    body: {
      refund: {
        customerId: customer.customerId,
        rfidId: customer.idRfid,
        amount: 20,
        ccOwner: 'Wristband Six',
        ccIban: 'ES91 2100 0418 4502 0005 1332',
      },
    },
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);
});
afterAll(() => t.close());

const get = async (url: string, s = f.session) => {
  const res = await t.call('GET', url, s);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.result;
};

/** The balances the test expects: its own replay of the operations in device-time order. */
function replay(ops: Sent[]) {
  const w = new Map<string, { cash: number; gift: number }>();
  const of = (s: string) => w.get(s) ?? w.set(s, { cash: 0, gift: 0 }).get(s)!;
  for (const o of [...ops].sort((a, b) => a.deviceTime.localeCompare(b.deviceTime))) {
    if (o.kind === 'topup') {
      of(o.rfid).cash += o.amount;
      of(o.rfid).gift += o.bonus;
    } else if (o.kind === 'sale') {
      const sign = o.isDevolution ? 1 : -1;
      for (const p of o.payments) {
        if (p.type === 'S') of(o.rfid).cash += sign * p.amount;
        if (p.type === 'B') of(o.rfid).gift += sign * p.amount;
      }
    } else if (o.kind === 'wristbandChange') {
      const src = of(o.sourceRfid);
      const end = of(o.endRfid);
      end.cash += src.cash;
      end.gift += src.gift;
      src.cash = 0;
      src.gift = 0;
    } else of(o.rfid);
  }
  return w;
}

describe('GET /reports/wristbands (overview)', () => {
  it('counts the wristbands and sums the balances left on them', async () => {
    const r = await get('/api/reports/wristbands');
    const balances = [...replay(f.ops).values()];
    const count = (p: (b: { cash: number; gift: number }) => boolean) => balances.filter(p).length;
    expect(r).toMatchObject({
      activated: 7,
      active: 6,
      replaced: 1,
      changes: 1,
      withBalance: count((b) => b.cash + b.gift > 0),
      withCash: count((b) => b.cash > 0),
      withGift: count((b) => b.gift > 0),
      negative: 0,
      cash: balances.reduce((s, b) => s + b.cash, 0),
      gift: balances.reduce((s, b) => s + b.gift, 0),
      banned: 1,
      bannedTopUps: 1,
      refundsRequested: 1,
      refundsRequestedAmount: 2000,
    });
    expect(r.cash).toBe(9500);
    expect(r.gift).toBe(3500);
    // The balance ranges hold every wristband and every cent.
    const bounds = [null, 0, 1, 500, 1000, 2000, 5000, 10000, null];
    expect(r.ranges.map((x: { from: number | null; to: number | null }) => [x.from, x.to])).toEqual(
      bounds.slice(0, -1).map((b, i) => [b, bounds[i + 1]]),
    );
    for (const range of r.ranges) {
      const inside = balances.filter(
        (b) =>
          (range.from === null || b.cash + b.gift >= range.from) &&
          (range.to === null || b.cash + b.gift < range.to),
      );
      expect(range.count, JSON.stringify(range)).toBe(inside.length);
      expect(range.cash).toBe(inside.reduce((s, b) => s + b.cash, 0));
    }
  });
});

describe('GET /reports/wristbandsPerDay (per festival day)', () => {
  it('counts new and active wristbands and top-ups per festival day, with the offset cut-off', async () => {
    const r = await get('/api/reports/wristbandsPerDay');
    expect(r).toMatchObject({ timezone: f.timezone, offset: f.offset });
    const day = (iso: string) => festivalDay(iso, f.timezone, f.offset);
    // The small hours of the night belong to the day before.
    expect(day(f.times.a(11))).toBe(day(f.times.a(0)));
    expect(festivalDay(f.times.a(11), f.timezone, 0)).not.toBe(day(f.times.a(0)));

    const days = new Map<
      string,
      { fresh: Set<string>; active: Set<string>; n: number; amount: number; bonus: number }
    >();
    const at = (d: string) =>
      days.get(d) ?? days.set(d, { fresh: new Set(), active: new Set(), n: 0, amount: 0, bonus: 0 }).get(d)!;
    const firstSeen = new Map<string, string>();
    const seen = (serial: string, when: string) => {
      if (!firstSeen.has(serial) || when < firstSeen.get(serial)!) firstSeen.set(serial, when);
    };
    for (const o of f.ops) {
      const d = at(day(o.deviceTime));
      if (o.kind === 'wristbandChange') {
        d.active.add(o.sourceRfid).add(o.endRfid);
        seen(o.sourceRfid, o.deviceTime);
        seen(o.endRfid, o.deviceTime);
        continue;
      }
      d.active.add(o.rfid);
      seen(o.rfid, o.deviceTime);
      if (o.kind === 'topup' && ['N', 'N-WA', 'O', 'O-WA', 'T', 'T-WA', 'R-E'].includes(o.type)) {
        d.n++;
        d.amount += o.amount;
        d.bonus += o.bonus;
      }
    }
    for (const [serial, when] of firstSeen) at(day(when)).fresh.add(serial);

    const byDay = new Map(r.days.map((x: { day: string }) => [x.day, x]));
    expect(days.size).toBe(2);
    for (const [d, e] of days) {
      expect(byDay.get(d), d).toMatchObject({
        newWristbands: e.fresh.size,
        activeWristbands: e.active.size,
        topUps: e.n,
        topUpAmount: e.amount,
        topUpBonus: e.bonus,
      });
    }
    expect(days.get(day(f.times.a(0)))!.active.size).toBe(5);
    // Every day of the event is listed, in order, each 24 hours (no change of time in the demo's days)
    // from its local midnight plus the offset; days without activity count zero.
    const list = r.days.map((x: { day: string }) => x.day);
    expect(list).toEqual([...list].sort());
    expect(list).toContain(day(new Date().toISOString()));
    for (const x of r.days) {
      expect(Date.parse(x.end) - Date.parse(x.start)).toBeGreaterThanOrEqual(23 * 3_600_000);
      expect(day(x.start)).toBe(x.day);
      if (!days.has(x.day)) expect(x).toMatchObject({ newWristbands: 0, activeWristbands: 0, topUps: 0 });
    }
    // A window keeps only its days.
    const later = await get(`/api/reports/wristbandsPerDay?dateStart=${f.times.b(-1)}`);
    expect(later.days[0].day).toBe(day(f.times.b(0)));
    expect(later.days[0].topUps).toBe(days.get(day(f.times.b(0)))!.n);
    // …and a window with an end (the filter bar always sends both) keeps the days up to it.
    const first = r.days.find((x: { day: string }) => x.day === day(f.times.a(0)));
    const bounded = await get(`/api/reports/wristbandsPerDay?dateStart=${first.start}&dateEnd=${first.end}`);
    expect(bounded.days.map((x: { day: string }) => x.day)).toEqual([first.day]);
    expect(bounded.days[0].topUps).toBe(days.get(first.day)!.n);
  });

  it('moves the active wristbands to the new festival days when the offset changes', async () => {
    const activeByDay = (offset: number) => {
      const m = new Map<string, Set<string>>();
      for (const o of f.ops) {
        const d = festivalDay(o.deviceTime, f.timezone, offset);
        const set = m.get(d) ?? m.set(d, new Set()).get(d)!;
        if (o.kind === 'wristbandChange') set.add(o.sourceRfid).add(o.endRfid);
        else set.add(o.rfid);
      }
      return m;
    };
    const event = await t.activeEvent();
    try {
      // What saving a new offset does (event-save.service.ts): store it, rebuild the event's days.
      await t.database.db.execute(sql`update events set offset_hours = 0 where id = ${event.id}`);
      await t.database.db.execute(sql`select report_rebuild_wristband_days(${event.id}::int)`);
      const r = await get('/api/reports/wristbandsPerDay');
      for (const [d, set] of activeByDay(0)) {
        expect(r.days.find((x: { day: string }) => x.day === d)?.activeWristbands, d).toBe(set.size);
      }
      expect(activeByDay(0)).not.toEqual(activeByDay(f.offset));
    } finally {
      await t.database.db.execute(sql`update events set offset_hours = ${f.offset} where id = ${event.id}`);
      await t.database.db.execute(sql`select report_rebuild_wristband_days(${event.id}::int)`);
    }
  });

  it('counts exactly in a half-hour time zone, and from the per-day counts once they are compacted', async () => {
    const perDay = (tz: string) => {
      const m = new Map<string, { active: Set<string>; n: number; amount: number }>();
      for (const o of f.ops) {
        const d = festivalDay(o.deviceTime, tz, f.offset);
        const x = m.get(d) ?? m.set(d, { active: new Set(), n: 0, amount: 0 }).get(d)!;
        if (o.kind === 'wristbandChange') x.active.add(o.sourceRfid).add(o.endRfid);
        else x.active.add(o.rfid);
        if (o.kind === 'topup' && ['N', 'N-WA', 'O', 'O-WA', 'T', 'T-WA', 'R-E'].includes(o.type)) {
          x.n++;
          x.amount += o.amount;
        }
      }
      return m;
    };
    const check = async (tz: string) => {
      const r = await get('/api/reports/wristbandsPerDay');
      for (const [d, e] of perDay(tz)) {
        expect(
          r.days.find((x: { day: string }) => x.day === d),
          `${tz} ${d}`,
        ).toMatchObject({
          activeWristbands: e.active.size,
          topUps: e.n,
          topUpAmount: e.amount,
        });
        // One festival day as the filter bar sends it: its own window.
        const one = r.days.find((x: { day: string }) => x.day === d);
        if (tz === 'Asia/Kolkata') expect(new Date(one.start).getUTCMinutes()).toBe(30);
        const w = await get(`/api/reports/wristbandsPerDay?dateStart=${one.start}&dateEnd=${one.end}`);
        expect(w.days, `${tz} ${d} alone`).toEqual([one]);
      }
      // The counts hold exactly the per-day rollup's rows.
      const counts = await t.database.db.execute(sql`
        select d.day::text as day, d.n::int as n, coalesce(c.n, 0)::int as counted
        from (select day, count(*) as n from report_wristband_days where event_id = ${f.eventId} group by day) d
        left join (select day, sum(wristbands) as n from report_wristband_day_counts
          where event_id = ${f.eventId} group by day) c on c.day = d.day`);
      for (const row of (counts as unknown as { rows: { day: string; n: number; counted: number }[] }).rows)
        expect(row.counted, row.day).toBe(row.n);
    };
    const event = await t.activeEvent();
    try {
      // Kolkata is UTC+5:30: festival days start on half hours, so each day's top-ups come from the
      // rollup's whole hours and the raw rows of the half hours at its ends.
      await t.database.db.execute(sql`update events set timezone = 'Asia/Kolkata' where id = ${event.id}`);
      await t.database.db.execute(sql`select report_rebuild_wristband_days(${event.id}::int)`);
      // Two top-ups ten minutes either side of a festival day's start (a half hour).
      const days = (await get('/api/reports/wristbandsPerDay')).days;
      const cut = Date.parse(days.find((x: { topUps: number }) => x.topUps > 0).end);
      const n = (at: number, amount: number) =>
        f.top(W(1), 'N', new Date(at).toISOString(), {
          paymentType: 'S',
          amount,
          money: amount,
          staffId: f.staff.carla,
          locationId: f.locations.north,
        });
      await f.send('k1', [n(cut - 10 * 60_000, 700), n(cut + 10 * 60_000, 900)]);
      await check('Asia/Kolkata');
      await compactRollups(t.database.db, new Date(Date.now() + 400 * 24 * 3_600_000), f.eventId);
      await check('Asia/Kolkata');
    } finally {
      await t.database.db.execute(sql`update events set timezone = ${f.timezone} where id = ${event.id}`);
      await t.database.db.execute(sql`select report_rebuild_wristband_days(${event.id}::int)`);
    }
    await check(f.timezone);
    await compactRollups(t.database.db, new Date(Date.now() + 400 * 24 * 3_600_000), f.eventId);
    const left = await t.database.db.execute(
      sql`select count(*)::int as n from report_wristband_day_counts where event_id = ${f.eventId} and not compacted`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    await check(f.timezone);
  });

  it('refuses a bad filter', async () => {
    const res = await t.call('GET', '/api/reports/wristbandsPerDay?dateStart=soon', f.session);
    expect(res.status).toBe(400);
    expect(res.body.fields[0].path).toBe('querystring.dateStart');
  });

  it('answers both tabs only with wristbandsPerDay', async () => {
    await t.userWithPermissions('wb-yes@demo.test', f.eventId, [PERMISSIONS.wristbandsPerDay]);
    await t.userWithPermissions('wb-no@demo.test', f.eventId, [PERMISSIONS.reportsRecharges]);
    const yes = await t.session('wb-yes@demo.test');
    const no = await t.session('wb-no@demo.test');
    for (const url of ['/api/reports/wristbands', '/api/reports/wristbandsPerDay']) {
      expect((await t.call('GET', url, yes)).status, url).toBe(200);
      expect((await t.call('GET', url, no)).status, url).toBe(403);
    }
  });
});
