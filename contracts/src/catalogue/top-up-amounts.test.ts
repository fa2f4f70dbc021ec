import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localMoment } from '../local-time';
import { bonusApplies, bonusValue, type TopUpContext, topUpAmounts } from './top-up-amounts';

const bonus = (over: Partial<Parameters<typeof bonusApplies>[0]> = {}) => ({
  id: 1,
  plus: 0,
  percent: 10,
  minRecharge: 1000,
  maxRecharge: 10_000,
  minNumTopUp: 1,
  maxNumTopUp: -1,
  dateStart: '2026-07-01',
  dateEnd: '2026-07-31',
  timeStart: '00:00:00',
  timeEnd: '23:59:59',
  dayWeek: 'LMXJVSD',
  applyServicesOnline: 1 as 0 | 1,
  locationsAvailable: [] as number[],
  articles: [] as { idArticle: number; quantity: number }[],
  ...over,
});
const fee = (over = {}) => ({
  id: 9,
  fee: 100,
  nRechargeIni: 1,
  nRechargeEnd: 1,
  minRecharge: 1,
  maxRecharge: 100_000,
  dateStart: '2026-07-01T00:00:00Z',
  dateEnd: '2026-07-31T23:59:59Z',
  idLocations: [] as number[],
  idDevices: [] as number[],
  ...over,
});
// Friday 10 July 2026, 23:30 in Madrid (21:30 UTC).
const ctx = (over: Partial<TopUpContext> = {}): TopUpContext => ({
  amount: 5000,
  at: new Date('2026-07-10T21:30:00Z'),
  timeZone: 'Europe/Madrid',
  topUpNumber: 1,
  channel: 'terminal',
  locationId: 3,
  deviceId: 7,
  ...over,
});

describe('top-up amounts', () => {
  it('adds a percentage bonus and the first top-up fee: the attendee pays amount + fee', () => {
    expect(topUpAmounts(ctx(), [bonus()], [fee()])).toEqual({
      amount: 5000,
      bonus: 500,
      fee: 100,
      money: 5100,
      gifts: [],
      bonusIds: [1],
      feeIds: [9],
    });
    // The second top-up pays no fee.
    expect(topUpAmounts(ctx({ topUpNumber: 2 }), [bonus()], [fee()]).money).toBe(5000);
  });

  it("reads a bonus's date, hours and weekday in the event's zone, not the host's", () => {
    expect(localMoment(new Date('2026-07-10T22:30:00Z'), 'Europe/Madrid')).toEqual({
      date: '2026-07-11',
      time: '00:30:00',
      weekday: 'S',
      offset: '+02:00',
    });
    // 00:30 on Saturday 1 August in Madrid is past a bonus that ends on 31 July (UTC still says 31).
    expect(bonusApplies(bonus(), ctx({ at: new Date('2026-07-31T22:30:00Z') }))).toBe(false);
    // Friday only: 23:30 on Friday in Madrid applies; 00:30 on Saturday does not.
    expect(bonusApplies(bonus({ dayWeek: 'V' }), ctx())).toBe(true);
    expect(bonusApplies(bonus({ dayWeek: 'V' }), ctx({ at: new Date('2026-07-10T22:30:00Z') }))).toBe(false);
    // Hours running past midnight.
    const night = bonus({ timeStart: '22:00:00', timeEnd: '04:00:00' });
    expect(bonusApplies(night, ctx())).toBe(true);
    expect(bonusApplies(night, ctx({ at: new Date('2026-07-10T12:00:00Z') }))).toBe(false);
  });

  it('online takes only bonuses for online services; a terminal only those of its location', () => {
    const b = bonus({ applyServicesOnline: 0, locationsAvailable: [3] });
    expect(bonusApplies(b, ctx({ channel: 'online', locationId: null }))).toBe(false);
    expect(bonusApplies(b, ctx())).toBe(true);
    expect(bonusApplies(b, ctx({ locationId: 4 }))).toBe(false);
    // A fee limited to some devices does not apply online (no device).
    expect(topUpAmounts(ctx({ channel: 'online' }), [], [fee({ idDevices: [7] })]).fee).toBe(0);
  });

  it('limits the numbers of top-ups a bonus applies to (-1 is always) and merges gifts', () => {
    const gift = { articles: [{ idArticle: 5, quantity: 1 }] };
    const bonuses = [
      bonus({ id: 1, ...gift }),
      bonus({ id: 2, plus: 200, percent: 0, maxNumTopUp: 2, ...gift }),
    ];
    expect(topUpAmounts(ctx({ topUpNumber: 2 }), bonuses, []).gifts).toEqual([{ idArticle: 5, quantity: 2 }]);
    const third = topUpAmounts(ctx({ topUpNumber: 3 }), bonuses, []);
    expect(third.bonusIds).toEqual([1]);
    expect(third.bonus).toBe(500);
  });

  it('for any rules and top-up: money is amount + fee, and each part is the sum of what applies', () => {
    const arbBonus = fc.record({
      id: fc.nat(1000),
      plus: fc.nat(10_000),
      percent: fc.double({ min: 0, max: 1000, noNaN: true }),
      minRecharge: fc.nat(20_000),
      maxRecharge: fc.nat(20_000),
      minNumTopUp: fc.integer({ min: 1, max: 5 }),
      maxNumTopUp: fc.integer({ min: -1, max: 5 }),
      dateStart: fc.constantFrom('2026-07-01', '2026-07-10', '2026-07-11'),
      dateEnd: fc.constantFrom('2026-07-10', '2026-07-11', '2026-07-31'),
      timeStart: fc.constantFrom('00:00:00', '22:00:00', '12:00:00'),
      timeEnd: fc.constantFrom('23:59:59', '04:00:00', '12:00:00'),
      dayWeek: fc.constantFrom('LMXJVSD', 'V', 'SD'),
      applyServicesOnline: fc.constantFrom(0 as const, 1 as const),
      locationsAvailable: fc.array(fc.nat(5), { maxLength: 2 }),
      articles: fc.array(fc.record({ idArticle: fc.nat(3), quantity: fc.integer({ min: 1, max: 3 }) }), {
        maxLength: 2,
      }),
    });
    const arbFee = fc.record({
      id: fc.nat(1000),
      fee: fc.integer({ min: 1, max: 500 }),
      nRechargeIni: fc.integer({ min: 1, max: 3 }),
      nRechargeEnd: fc.integer({ min: 1, max: 5 }),
      minRecharge: fc.integer({ min: 1, max: 20_000 }),
      maxRecharge: fc.integer({ min: 1, max: 20_000 }),
      dateStart: fc.constantFrom('2026-07-01T00:00:00Z', '2026-07-10T22:00:00Z'),
      dateEnd: fc.constantFrom('2026-07-10T21:00:00Z', '2026-07-31T00:00:00Z'),
      idLocations: fc.array(fc.nat(5), { maxLength: 2 }),
      idDevices: fc.array(fc.nat(8), { maxLength: 2 }),
    });
    const arbCtx = fc.record({
      amount: fc.nat(20_000),
      at: fc.date({
        min: new Date('2026-07-09T00:00:00Z'),
        max: new Date('2026-07-12T00:00:00Z'),
        noInvalidDate: true,
      }),
      timeZone: fc.constantFrom('Europe/Madrid', 'America/New_York', 'UTC'),
      topUpNumber: fc.integer({ min: 1, max: 6 }),
      channel: fc.constantFrom('online' as const, 'terminal' as const),
      locationId: fc.option(fc.nat(5)),
      deviceId: fc.option(fc.nat(8)),
    });
    fc.assert(
      fc.property(
        arbCtx,
        fc.array(arbBonus, { maxLength: 4 }),
        fc.array(arbFee, { maxLength: 3 }),
        (c, bs, fs) => {
          const r = topUpAmounts(c, bs, fs);
          expect(r.money).toBe(r.amount + r.fee);
          expect(r.amount).toBe(c.amount);
          expect(r.bonus).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(r.bonus)).toBe(true);
          const applied = bs.filter((b) => bonusApplies(b, c));
          expect(r.bonusIds).toEqual(applied.map((b) => b.id));
          expect(r.bonus).toBe(applied.reduce((s, b) => s + bonusValue(b, c.amount), 0));
          if (c.channel === 'online')
            for (const b of bs) if (b.applyServicesOnline === 0) expect(bonusApplies(b, c)).toBe(false);
          const gifts = r.gifts.reduce((s, g) => s + g.quantity, 0);
          const expected = bs
            .filter((b) => bonusApplies(b, c))
            .reduce((s, b) => s + b.articles.reduce((t, a) => t + a.quantity, 0), 0);
          expect(gifts).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
