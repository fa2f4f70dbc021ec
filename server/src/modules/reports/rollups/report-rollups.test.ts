import { randomUUID } from 'node:crypto';
import { BALANCE_RANGES } from '@pulsera/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { rols, tickets, ticketValidations, wristbands } from '../../../core/db/schema';
import { registerDevice } from '../../terminals';
import { compactRollups } from './rollups';

/**
 * The rollups kept by triggers (report_tickets_hourly, report_wristband_balances) against the rows
 * themselves: after every kind of change (sync, role change, cancellation, a deleted validation, a
 * deleted ticket, balances moved across ranges and below zero, a wristband deactivated, reactivated or
 * deleted) and after compaction, the ticketing overview, the tickets document, the dashboard's
 * balances and the wristbands report (figures and balance histogram) equal what the tickets,
 * validations and wristbands hold, counted here in plain loops.
 */
type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let eventId: number;
let gate: string;
let general: number;
let vip: number;
const at = (hhmm: string) => `2026-07-10T${hhmm}:00.000Z`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  eventId = (await t.activeEvent()).id;
  [{ id: general }, { id: vip }] = await t.database.db
    .insert(rols)
    .values([
      { eventId, name: 'Rollup general' },
      { eventId, name: 'Rollup VIP' },
    ])
    .returning({ id: rols.id });
  const { secretKey } = await registerDevice(t.database.db, { n_serie: 'RLP-PDA-1', idEvent: eventId });
  gate = (await t.call('POST', '/api/device/auth', { body: { serial: 'RLP-PDA-1', secretKey } })).body.result
    .token as string;
});
afterAll(() => t.close());

async function sync(operations: unknown[]) {
  const res = await t.call('POST', '/api/device/sync', {
    headers: { devicetoken: gate },
    body: { operations },
  });
  expect(res.status).toBe(200);
  expect(res.body.result.refused).toEqual([]);
}
const validation = (code: string, rfid: string, time: string, roleId: number | null) => ({
  kind: 'ticketValidation',
  id: randomUUID(),
  deviceTime: at(time),
  ticketCode: code,
  rfid,
  ...(roleId ? { roleId } : {}),
});
const topUp = (rfid: string, time: string, amount: number, bonus = 0) => ({
  kind: 'topup',
  id: randomUUID(),
  deviceTime: at(time),
  rfid,
  type: 'N',
  paymentType: 'T',
  amount,
  bonus,
});

interface Counts {
  idRol: number | null;
  sold: number;
  cancelled: number;
  validated: number;
  validations: number;
  repeated: number;
}

/** Per role, from the rows: tickets sold by `until` (or all), validated and validations within [from, until]. */
async function expected(opts: { until?: Date; from?: Date; soldAlways?: boolean }) {
  const tk = await t.database.db.select().from(tickets).where(eq(tickets.eventId, eventId));
  const vs = await t.database.db
    .select()
    .from(ticketValidations)
    .where(eq(ticketValidations.eventId, eventId));
  const inside = (d: Date | null) =>
    d !== null && (!opts.until || d <= opts.until) && (!opts.from || d >= opts.from);
  const byRole = new Map<number | null, Counts>();
  const row = (idRol: number | null) => {
    const r = byRole.get(idRol) ?? {
      idRol,
      sold: 0,
      cancelled: 0,
      validated: 0,
      validations: 0,
      repeated: 0,
    };
    byRole.set(idRol, r);
    return r;
  };
  for (const k of tk) {
    const soldAt = k.dateValidation && k.dateValidation < k.createdAt ? k.dateValidation : k.createdAt;
    if (opts.soldAlways || !opts.until || soldAt <= opts.until) {
      if (k.cancelled) row(k.roleId).cancelled++;
      else row(k.roleId).sold++;
    }
    if (!k.cancelled && k.validated && inside(k.dateValidation)) row(k.roleId).validated++;
  }
  for (const v of vs) {
    if (!inside(v.deviceTime)) continue;
    const ticket = tk.find((k) => k.id === v.ticketId);
    const r = row(ticket?.roleId ?? v.roleId);
    r.validations++;
    if (v.repeated) r.repeated++;
  }
  return [...byRole.values()]
    .filter((r) => r.sold || r.cancelled || r.validated || r.validations)
    .sort((a, b) => (a.idRol ?? 1e9) - (b.idRol ?? 1e9));
}

const pick = (rows: Counts[]) =>
  rows
    .map(({ idRol, sold, cancelled, validated, validations, repeated }) => ({
      idRol,
      sold,
      cancelled,
      validated,
      validations,
      repeated,
    }))
    .sort((a, b) => (a.idRol ?? 1e9) - (b.idRol ?? 1e9));

async function get(url: string) {
  const res = await t.call('GET', url, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}

/** Every figure the rollups feed, against the rows. */
async function expectAgree(step: string) {
  for (const until of [at('17:30'), at('18:10'), '2030-01-01T00:00:00.000Z']) {
    const overview = await get(`/api/reports/overviewTickets?datetime=${encodeURIComponent(until)}`);
    expect(pick(overview.roles), `${step}: overview at ${until}`).toEqual(
      await expected({ until: new Date(until) }),
    );
  }
  const [from, to] = [at('17:10'), at('18:20')];
  const doc = await get(
    `/api/reports/documents/tickets?dateStart=${encodeURIComponent(from)}&dateEnd=${encodeURIComponent(to)}`,
  );
  const want = await expected({
    from: new Date(from),
    until: new Date(new Date(to).getTime() - 1),
    soldAlways: true,
  });
  expect(pick(doc.rows), `${step}: tickets document`).toEqual(want);

  const wbs = await t.database.db.select().from(wristbands).where(eq(wristbands.eventId, eventId));
  const dash = await get('/api/reports/mainQuickDashboard');
  expect(dash.balances, `${step}: balances`).toEqual({
    cash: wbs.reduce((s, w) => s + w.cash, 0),
    gift: wbs.reduce((s, w) => s + w.gift, 0),
    wristbands: wbs.filter((w) => w.active === 1).length,
    withBalance: wbs.filter((w) => w.active === 1 && (w.cash > 0 || w.gift > 0)).length,
  });
  const overview = await get('/api/reports/wristbands');
  expect(
    {
      activated: overview.activated,
      active: overview.active,
      withBalance: overview.withBalance,
      withCash: overview.withCash,
      withGift: overview.withGift,
      negative: overview.negative,
      cash: overview.cash,
      gift: overview.gift,
      replaced: overview.replaced,
      ranges: overview.ranges,
    },
    `${step}: wristbands report`,
  ).toEqual(wristbandFigures(wbs));
}

/** The wristbands report's figures and histogram, from the wristbands in plain loops. */
function wristbandFigures(wbs: { cash: number; gift: number; active: number }[]) {
  const count = (f: (w: (typeof wbs)[number]) => boolean) => wbs.filter(f).length;
  const edges: (number | null)[] = [null, ...BALANCE_RANGES, null];
  return {
    activated: wbs.length,
    active: count((w) => w.active === 1),
    withBalance: count((w) => w.cash + w.gift > 0),
    withCash: count((w) => w.cash > 0),
    withGift: count((w) => w.gift > 0),
    negative: count((w) => w.cash < 0 || w.gift < 0),
    cash: wbs.reduce((s, w) => s + w.cash, 0),
    gift: wbs.reduce((s, w) => s + w.gift, 0),
    replaced: count((w) => w.active === 0),
    ranges: edges.slice(0, -1).map((from, i) => {
      const to = edges[i + 1] ?? null;
      const inside = wbs.filter(
        (w) => (from === null || w.cash + w.gift >= from) && (to === null || w.cash + w.gift < to),
      );
      return {
        from,
        to,
        count: inside.length,
        cash: inside.reduce((s, w) => s + w.cash, 0),
        gift: inside.reduce((s, w) => s + w.gift, 0),
      };
    }),
  };
}

describe('rollups kept by triggers', () => {
  it('agree with the tickets, validations and wristbands after every kind of change and after compaction', async () => {
    await expectAgree('at start');

    // Tickets sold online, then validated (one without a role on the terminal), one scanned again.
    await t.database.db.insert(tickets).values([
      { eventId, code: 'RLP-A', roleId: general, createdAt: new Date(at('16:05')) },
      { eventId, code: 'RLP-B', roleId: vip, createdAt: new Date(at('16:40')) },
      { eventId, code: 'RLP-C', roleId: null, createdAt: new Date(at('16:50')) },
      { eventId, code: 'RLP-D', roleId: general, cancelled: 1, createdAt: new Date(at('16:55')) },
    ]);
    await sync([
      validation('RLP-A', '04RLP0000001', '17:05', general),
      validation('RLP-B', '04RLP0000002', '17:25', vip),
      validation('RLP-C', '04RLP0000003', '17:45', vip),
      validation('RLP-E', '04RLP0000004', '17:50', null),
      topUp('04RLP0000001', '17:06', 2000, 300),
      topUp('04RLP0000002', '17:26', 1500),
    ]);
    await sync([validation('RLP-A', '04RLP0000001', '18:05', general), topUp('04RLP0000003', '18:06', 700)]);
    await expectAgree('after the syncs');

    // A validated ticket changes role: its validations follow it.
    await t.database.db.update(tickets).set({ roleId: vip }).where(eq(tickets.code, 'RLP-A'));
    // A sold ticket is cancelled, a cancelled one restored.
    await t.database.db.update(tickets).set({ cancelled: 1 }).where(eq(tickets.code, 'RLP-B'));
    await t.database.db.update(tickets).set({ cancelled: 0 }).where(eq(tickets.code, 'RLP-D'));
    await expectAgree('after a role change and cancellations');

    // A validation deleted from the console (the ticket is validated by what remains).
    const [repeated] = await t.database.db
      .select({ id: ticketValidations.id })
      .from(ticketValidations)
      .where(sql`${ticketValidations.code} = 'RLP-A' and ${ticketValidations.deviceTime} = ${at('18:05')}`);
    const del = await t.call('DELETE', `/api/ticketing/validation?id=${repeated!.id}`, admin);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    // A ticket deleted: its validation counts under the role its terminal recorded.
    await t.database.db.delete(tickets).where(eq(tickets.code, 'RLP-C'));
    await expectAgree('after deleting a validation and a ticket');

    // Balances moved by hand, a wristband deactivated, one deleted.
    await t.database.db
      .update(wristbands)
      .set({ cash: sql`${wristbands.cash} + 250`, gift: 0 })
      .where(eq(wristbands.nSerie, '04RLP0000001'));
    await t.database.db.update(wristbands).set({ active: 0 }).where(eq(wristbands.nSerie, '04RLP0000002'));
    await t.database.db.delete(wristbands).where(eq(wristbands.nSerie, '04RLP0000003'));
    await expectAgree('after balances, a deactivation and a deletion');

    // Balances crossing ranges (to zero, below zero, gift alone, cash below zero beside a gift
    // that keeps the sum positive), one statement moving several wristbands, a reactivation.
    await t.database.db
      .update(wristbands)
      .set({ cash: 0, gift: 0 })
      .where(eq(wristbands.nSerie, '04RLP0000001'));
    await t.database.db
      .update(wristbands)
      .set({ active: 1, cash: -120 })
      .where(eq(wristbands.nSerie, '04RLP0000002'));
    await t.database.db.insert(wristbands).values([
      { eventId, nSerie: '04RLP0000010', cash: 0, gift: 600 },
      { eventId, nSerie: '04RLP0000011', cash: -50, gift: 1200, active: 0 },
      { eventId, nSerie: '04RLP0000012', cash: 10000, gift: 1 },
    ]);
    await expectAgree('after crossing ranges and new wristbands');
    await t.database.db
      .update(wristbands)
      .set({ cash: sql`${wristbands.cash} + 499`, gift: sql`${wristbands.gift} - 1` })
      .where(sql`${wristbands.nSerie} like '04RLP%'`);
    await expectAgree('after one statement moving every wristband');

    const removed = await compactRollups(t.database.db, new Date('2100-01-01T00:00:00Z'), eventId);
    expect(removed).toBeGreaterThan(0);
    await expectAgree('after compaction');

    // Balances move after compaction: the deltas add to the merged rows.
    await t.database.db
      .update(wristbands)
      .set({ cash: 2500, active: 0 })
      .where(eq(wristbands.nSerie, '04RLP0000010'));
    await expectAgree('after a change following compaction');
  });

  it("keep the balance ranges' bounds of the contracts", async () => {
    const res = await t.database.db.execute(sql`
      select prosrc from pg_proc where proname like 'report_wristband_balances_%'`);
    const sources = (res as unknown as { rows: { prosrc: string }[] }).rows.map((r) => r.prosrc);
    expect(sources).toHaveLength(3);
    for (const src of sources) expect(src).toContain(`ARRAY[${BALANCE_RANGES.join(', ')}]`);
  });
});
