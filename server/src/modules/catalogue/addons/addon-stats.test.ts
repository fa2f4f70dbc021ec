import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { sales, topUps } from '../../../core/db/schema';
import { registerDevice } from '../../terminals';
import { type Session, sessions } from '../fixtures.test-helper';

/**
 * The add-on statistics (02-catalogue §2 Add-ons statistics, §7 Add-on report) from operations sent
 * through the device API; the expected figures are counted here from the operations themselves.
 */
let t: TestApp;
let admin: Session;
let other: Session;
let eventId: number;
let device: string;
const addon: Record<'vip' | 'camping' | 'foreign', number> = { vip: 0, camping: 0, foreign: 0 };
const staff: Record<'anna' | 'bruno', number> = { anna: 0, bruno: 0 };
/**
 * A staff id no staff row has any more: the terminal's user was removed from the console after the
 * terminal loaded its staff (the feed still records what they did; the statistics show no name).
 */
let GONE = 0;

const ok = (res: Awaited<ReturnType<TestApp['call']>>) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, other } = await sessions(t));
  eventId = (await t.activeEvent()).id;
  const makeAddon = async (s: Session, name: string, color: string | null) =>
    ok(await t.call('POST', '/api/addon', { ...s, body: { item: { name, description: name, color } } })).id;
  addon.vip = await makeAddon(admin, 'VIP upgrade', '#aa00ff');
  addon.camping = await makeAddon(admin, 'Camping pack', null);
  addon.foreign = await makeAddon(other, 'Next year VIP', null);
  const makeStaff = async (user: string, name: string) =>
    ok(await t.call('POST', '/api/staff', { ...admin, body: { staff: { user, name, trusts: 'C' } } })).id;
  staff.anna = await makeStaff('anna', 'Anna Bar');
  staff.bruno = await makeStaff('bruno', 'Bruno Gate');
  GONE = await makeStaff('gone', 'Gone Soon');
  ok(await t.call('DELETE', `/api/staff/${GONE}`, admin));
  const { secretKey } = await registerDevice(t.database.db, { n_serie: 'ADDON-PDA-1', idEvent: eventId });
  device = ok(await t.call('POST', '/api/device/auth', { body: { serial: 'ADDON-PDA-1', secretKey } })).token;
});
afterAll(() => t.close());

const send = (operations: unknown[]) =>
  t.call('POST', '/api/device/sync', { headers: { devicetoken: device }, body: { operations } });

type AddonName = 'vip' | 'camping';
/** One operation as the test describes it. */
interface Spec {
  op: 'topup' | 'sale' | 'devolution';
  type?: string;
  addon?: AddonName;
  staff: 'anna' | 'bruno' | 'gone' | null;
  at: string;
}
const staffIdOf = (s: Spec['staff']) => (s === null ? undefined : s === 'gone' ? GONE : staff[s]);

function operationOf(s: Spec) {
  const common = {
    id: randomUUID(),
    deviceTime: s.at,
    rfid: '04ADD0000000AA',
    ...(staffIdOf(s.staff) ? { staffId: staffIdOf(s.staff) } : {}),
    ...(s.addon ? { addonId: addon[s.addon] } : {}),
  };
  if (s.op === 'topup') {
    const debit = s.type === 'D-SA';
    return {
      kind: 'topup',
      ...common,
      type: s.type,
      amount: debit ? -500 : s.type === 'AS-C' ? -1000 : 0,
      bonus: debit ? 0 : 500,
      ...(s.type!.endsWith('-WA') ? { articles: [{ idArticle: 1, quantity: 1 }] } : {}),
      ...(s.type === 'AS-CC' ? { paymentType: 'T', money: 1500 } : {}),
    };
  }
  return {
    kind: 'sale',
    ...common,
    lines: [{ idArticle: 1, quantity: 1, price: 1500 }],
    payments: [{ type: 'T', amount: 1500 }],
    isDevolution: s.op === 'devolution',
  };
}

const D1 = '2026-07-10';
const D2 = '2026-07-11';
const SPECS: Spec[] = [
  { op: 'topup', type: 'AM', addon: 'vip', staff: 'anna', at: `${D1}T18:00:00Z` },
  { op: 'topup', type: 'AM-WA', addon: 'vip', staff: 'anna', at: `${D1}T18:05:00Z` },
  { op: 'topup', type: 'AV', addon: 'vip', staff: 'bruno', at: `${D1}T19:00:00Z` },
  { op: 'topup', type: 'AV-WA', addon: 'vip', staff: 'bruno', at: `${D2}T19:00:00Z` },
  { op: 'topup', type: 'AV', addon: 'camping', staff: 'bruno', at: `${D1}T20:00:00Z` },
  { op: 'topup', type: 'AS', addon: 'vip', staff: 'anna', at: `${D1}T21:00:00Z` },
  { op: 'topup', type: 'AS-C', addon: 'vip', staff: 'anna', at: `${D2}T21:00:00Z` },
  { op: 'topup', type: 'AS-CC', addon: 'camping', staff: 'anna', at: `${D2}T21:30:00Z` },
  { op: 'topup', type: 'AS-CC', addon: 'camping', staff: 'gone', at: `${D2}T22:00:00Z` },
  { op: 'topup', type: 'D-SA', addon: 'camping', staff: 'anna', at: `${D2}T23:00:00Z` },
  { op: 'sale', addon: 'vip', staff: 'bruno', at: `${D1}T22:00:00Z` },
  { op: 'sale', addon: 'vip', staff: 'bruno', at: `${D2}T22:00:00Z` },
  { op: 'devolution', addon: 'vip', staff: 'bruno', at: `${D2}T22:10:00Z` },
  { op: 'topup', type: 'AM', addon: 'camping', staff: null, at: `${D2}T12:00:00Z` },
  // Not add-on statistics: an add-on code without its add-on (an older terminal), a plain sale.
  { op: 'topup', type: 'AM', staff: 'anna', at: `${D1}T18:30:00Z` },
  { op: 'sale', staff: 'anna', at: `${D1}T18:40:00Z` },
];

const NAMES = { vip: 'VIP upgrade', camping: 'Camping pack' };
const STAFF_NAMES = { anna: 'Anna Bar', bruno: 'Bruno Gate', gone: null, null: null };
type Counts = { manuals: number; sales: number; validations: number };
/** What each operation adds, written out from 01-console §3's codes. */
const EFFECT: Record<string, Partial<Counts>> = {
  AM: { manuals: 1 },
  'AM-WA': { manuals: 1 },
  AV: { validations: 1 },
  'AV-WA': { validations: 1 },
  AS: { sales: 1 },
  'AS-C': { sales: 1 },
  'AS-CC': { sales: 1 },
  'D-SA': { sales: -1 },
  sale: { sales: 1 },
  devolution: { sales: -1 },
};

/** The tables the statistics should show for these filters, counted from the specs. */
function expected(filter: { from?: string; to?: string; staff?: Spec['staff']; addon?: AddonName }) {
  const tables: Record<string, { totals: Counts; staff: Record<string, Counts> }> = {};
  let logs = 0;
  for (const s of SPECS) {
    if (!s.addon) continue;
    if (filter.addon && s.addon !== filter.addon) continue;
    if (filter.staff !== undefined && s.staff !== filter.staff) continue;
    if (filter.from && s.at < filter.from) continue;
    if (filter.to && s.at >= filter.to) continue;
    logs++;
    tables[NAMES[s.addon]] ??= { totals: { manuals: 0, sales: 0, validations: 0 }, staff: {} };
    const table = tables[NAMES[s.addon]]!;
    const who = String(
      STAFF_NAMES[String(s.staff) as keyof typeof STAFF_NAMES] ?? `#${staffIdOf(s.staff) ?? '-'}`,
    );
    table.staff[who] ??= { manuals: 0, sales: 0, validations: 0 };
    const row = table.staff[who]!;
    for (const [k, v] of Object.entries(EFFECT[s.op === 'topup' ? s.type! : s.op]!)) {
      row[k as keyof Counts] += v;
      table.totals[k as keyof Counts] += v;
    }
  }
  return { tables, logs };
}

/** The answer in the shape of `expected`, and the order of the tables and rows. */
function shown(result: any) {
  const tables: Record<string, { totals: Counts; staff: Record<string, Counts> }> = {};
  for (const a of result.reports.addons) {
    tables[a.name] = {
      totals: { manuals: a.manuals, sales: a.sales, validations: a.validations },
      staff: Object.fromEntries(
        a.staff.map((r: any) => [
          r.staffName ?? `#${r.staffId ?? '-'}`,
          { manuals: r.manuals, sales: r.sales, validations: r.validations },
        ]),
      ),
    };
  }
  return { tables, logs: result.addonLogs };
}

const query = (path: string, q: Record<string, string | number | undefined>, s: Session = admin) => {
  const qs = new URLSearchParams(
    Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return t.call('GET', `${path}${qs ? `?${qs}` : ''}`, s);
};

describe('add-on statistics', () => {
  it('shows nothing (no logs) before any add-on operation, with the add-ons and staff to filter by', async () => {
    const result = ok(await query('/api/addon/stats', {}));
    expect(result.reports.addons).toEqual([]);
    expect(result.addonLogs).toBe(0);
    expect(result.filters.addons.map((a: any) => a.name)).toEqual(['Camping pack', 'VIP upgrade']);
    expect(result.filters.staffs.map((s: any) => s.name)).toEqual(['Anna Bar', 'Bruno Gate']);
  });

  it('refuses an add-on of another event or on a code that is not an add-on operation', async () => {
    const foreign = operationOf({ op: 'topup', type: 'AV', staff: 'anna', at: `${D1}T10:00:00Z` });
    const unknown = { ...foreign, id: randomUUID(), addonId: addon.foreign };
    const notAddon = {
      ...operationOf({ op: 'topup', type: 'N', addon: 'vip', staff: 'anna', at: `${D1}T10:01:00Z` }),
      amount: 1000,
    };
    const saleOfForeign = {
      ...operationOf({ op: 'sale', staff: 'anna', at: `${D1}T10:02:00Z` }),
      addonId: addon.foreign,
    };
    const res = await send([unknown, notAddon, saleOfForeign]);
    expect(res.status).toBe(200);
    expect(res.body.result.accepted).toEqual([]);
    expect(res.body.result.refused.map((r: any) => [r.id, r.index, r.reason, r.description])).toEqual([
      [unknown.id, 0, 'addonUnknown', `The add-on ${addon.foreign} does not exist in this event`],
      [
        notAddon.id,
        1,
        'addonType',
        'Only an add-on operation (AM, AV, AS…) can name an add-on, not one of type N',
      ],
      [saleOfForeign.id, 2, 'addonUnknown', `The add-on ${addon.foreign} does not exist in this event`],
    ]);
    expect(ok(await query('/api/addon/stats', {})).addonLogs).toBe(0);
  });

  it('counts manuals, sales and validations per add-on and staff member, stored on the operations', async () => {
    const ops = SPECS.map(operationOf);
    const res = await send(ops);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ accepted: ops.map((o) => o.id), refused: [] });
    const stored = await t.database.db
      .select({ id: topUps.operationId, addonId: topUps.addonId })
      .from(topUps)
      .where(eq(topUps.eventId, eventId));
    expect(stored.find((r) => r.id === ops[0]!.id)?.addonId).toBe(addon.vip);
    const storedSales = await t.database.db
      .select({ id: sales.operationId, addonId: sales.addonId })
      .from(sales)
      .where(eq(sales.eventId, eventId));
    expect(storedSales.find((r) => r.id === ops[10]!.id)?.addonId).toBe(addon.vip);
    expect(storedSales.find((r) => r.id === ops[15]!.id)?.addonId).toBeNull();

    const all = ok(await query('/api/addon/stats', {}));
    expect(shown(all)).toEqual(expected({}));
    // One table per add-on by name; staff by name, unnamed ones last.
    expect(all.reports.addons.map((a: any) => [a.name, a.color])).toEqual([
      ['Camping pack', null],
      ['VIP upgrade', '#aa00ff'],
    ]);
    expect(all.reports.addons[0].staff.map((r: any) => r.staffName)).toEqual([
      'Anna Bar',
      'Bruno Gate',
      null,
      null,
    ]);
    expect(all.reports.addons[0].staff.slice(2).map((r: any) => r.staffId)).toEqual([GONE, null]);
    // The figures the demo reader sees, spelled out once.
    expect(shown(all).tables['VIP upgrade']!.totals).toEqual({ manuals: 2, sales: 3, validations: 2 });
  });

  it('filters by date window, staff member and add-on, on both calls', async () => {
    const cases = [
      { q: { dateStart: `${D2}T00:00:00.000Z` }, f: { from: `${D2}T00:00:00.000Z` } },
      { q: { dateEnd: `${D2}T00:00:00.000Z` }, f: { to: `${D2}T00:00:00.000Z` } },
      {
        q: { dateStart: `${D1}T19:00:00.000Z`, dateEnd: `${D2}T21:30:00.000Z` },
        f: { from: `${D1}T19:00:00.000Z`, to: `${D2}T21:30:00.000Z` },
      },
      { q: { idStaff: staff.bruno }, f: { staff: 'bruno' as const } },
      { q: { idAddon: addon.camping }, f: { addon: 'camping' as const } },
      {
        q: { idAddon: addon.vip, idStaff: staff.anna, dateStart: `${D2}T00:00:00Z` },
        f: { addon: 'vip' as const, staff: 'anna' as const, from: `${D2}T00:00:00Z` },
      },
    ];
    for (const c of cases) {
      const want = expected(c.f);
      expect(shown(ok(await query('/api/addon/stats', c.q))), JSON.stringify(c.q)).toEqual(want);
      expect(shown(ok(await query('/api/reports/overviewAddonLog', c.q))), JSON.stringify(c.q)).toEqual(want);
    }
    // A window with nothing in it: no logs.
    const empty = ok(await query('/api/reports/overviewAddonLog', { dateStart: '2030-01-01T00:00:00Z' }));
    expect(empty).toMatchObject({ reports: { addons: [] }, addonLogs: 0 });
  });

  it('keeps the statistics of a deleted add-on under its number', async () => {
    const gift = ok(
      await t.call('POST', '/api/addon', { ...admin, body: { item: { name: 'Gift', description: 'x' } } }),
    );
    const op = operationOf({ op: 'topup', type: 'AM', staff: 'anna', at: `${D1}T09:00:00Z` });
    expect((await send([{ ...op, addonId: gift.id }])).body.result.accepted).toEqual([op.id]);
    expect(ok(await t.call('DELETE', `/api/addon/${gift.id}`, admin))).toBe(true);
    const result = ok(await query('/api/addon/stats', { idAddon: gift.id }));
    expect(result.reports.addons).toEqual([
      {
        id: gift.id,
        name: null,
        color: null,
        manuals: 1,
        sales: 0,
        validations: 0,
        staff: [{ staffId: staff.anna, staffName: 'Anna Bar', manuals: 1, sales: 0, validations: 0 }],
      },
    ]);
  });

  it('refuses an end before the start, and callers without the permission of each screen', async () => {
    const bad = await query('/api/addon/stats', { dateStart: `${D2}T00:00:00Z`, dateEnd: `${D1}T00:00:00Z` });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: any) => `${f.path}: ${f.message}`)).toEqual([
      'querystring.dateEnd: validation.endAfterStart',
    ]);
    expect((await query('/api/addon/stats', { dateStart: 'yesterday' })).status).toBe(400);

    await t.userWithPermissions('addon-report@demo.test', eventId, [PERMISSIONS.reportAddons]);
    const reporter = await t.session('addon-report@demo.test');
    expect((await query('/api/reports/overviewAddonLog', {}, reporter)).status).toBe(200);
    expect((await query('/api/addon/stats', {}, reporter)).status).toBe(403);
    await t.userWithPermissions('addon-editor@demo.test', eventId, [PERMISSIONS.addon]);
    const editor = await t.session('addon-editor@demo.test');
    expect((await query('/api/addon/stats', {}, editor)).status).toBe(200);
    expect((await query('/api/reports/overviewAddonLog', {}, editor)).status).toBe(403);
  });
});
