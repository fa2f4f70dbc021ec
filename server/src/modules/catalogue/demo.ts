import {
  BONUS_ALWAYS,
  BonusSave,
  BonusTypeSave,
  FeeSave,
  REFUND_RULE_DEFAULTS,
  RefundRuleSave,
} from '@pulsera/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../core/db/client';
import {
  addons,
  bonuses,
  bonusTypes,
  events,
  fees,
  locations,
  refundRules,
  staff,
} from '../../core/db/schema';
import { TOP_UP_PLACES } from '../reports';
import { saveBonusType } from './bonus-types/bonus-types.service';
import { saveBonus } from './bonuses/bonuses.service';
import { saveFee } from './fees/fees.service';
import { saveRefundRule } from './refund-rules/refund-rules.service';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Terminal staff of the demo festival: who works the bars, kiosks, gates and the desk. */
const DEMO_STAFF: [user: string, name: string, trusts: string][] = [
  ['lucia.bar', 'Lucía Ferrer', 'CV'],
  ['marco.bar', 'Marco Rinaldi', 'CV'],
  ['chloe.bar', 'Chloé Laurent', 'CVH'],
  ['pablo.kiosk', 'Pablo Ortega', 'CO'],
  ['sara.kiosk', 'Sara Molina', 'CB'],
  ['hugo.gate', 'Hugo Serrano', 'RX'],
  ['irene.gate', 'Irene Castro', 'RX'],
  ['liam.gate', 'Liam Walsh', 'RXD'],
  ['nuria.desk', 'Nuria Vidal', 'SRB'],
  ['diego.sup', 'Diego Prieto', 'CST'],
  ['giulia.bar', 'Giulia Conti', 'CV'],
  ['olivia.bar', 'Olivia Reed', 'CV'],
];

/**
 * The demo festival's add-ons and terminal staff, before the simulation (`simulateDemo`) runs, so
 * its add-on operations and their statistics by staff member show real names. Does nothing when the
 * event already has add-ons or staff.
 */
export async function seedDemoCatalogue(db: Db, eventId: number) {
  const [a] = await db.select({ n: count() }).from(addons).where(eq(addons.eventId, eventId));
  if (!Number(a?.n)) {
    await db.insert(addons).values([
      {
        eventId,
        name: 'Drinks pack',
        description: 'Twenty in the balance plus five of bonus',
        amountCash: 2000,
        amountBonus: 500,
        color: '#1c7ed6',
      },
      {
        eventId,
        name: 'VIP upgrade',
        description: 'Ten of bonus for the VIP bars',
        amountCash: 0,
        amountBonus: 1000,
        color: '#ae3ec9',
      },
      {
        eventId,
        name: 'Camping pack',
        description: 'Ten in the balance for the camping shop',
        amountCash: 1000,
        amountBonus: 0,
        color: '#2f9e44',
      },
    ]);
  }
  const [s] = await db.select({ n: count() }).from(staff).where(eq(staff.eventId, eventId));
  if (!Number(s?.n)) {
    await db
      .insert(staff)
      .values(DEMO_STAFF.map(([user, name, trusts]) => ({ eventId, user, name, trusts, intern: 1 })));
  }
}

/** The event's calendar date of an instant, in its time zone ('YYYY-MM-DD'). */
const localDay = (at: Date, tz: string) => dayjs(at).tz(tz).format('YYYY-MM-DD');

/**
 * The demo festival's top-up rules, written through their services (the console's rules), before the
 * simulation. The terminals apply them; the simulated ones do what the rules say:
 * - bonus types: an early-bird gift (M), a goodwill gift (M, the manual bonuses at the kiosks) and a
 *   sponsor's cash credit (E);
 * - an automatic bonus that always applies: 2.50 of gift on every top-up of 50 or more, online too
 *   (the simulator's top-ups of 50 and 100 carry exactly that);
 * - an early-bird bonus at the top-up kiosks only: 10 % of gift on a wristband's first top-up between
 *   12:00 and 15:00 (the simulated crowd arrives later, so none of its top-ups gets it);
 * - a fee of 0.50 on top-ups under 10 (the simulated top-ups are of 20 or more, so they carry none);
 * - a refund rule: balances are refunded at the top-up kiosks while the terminals work (the simulated
 *   refunds of the last night happen there).
 * Dates follow the event's (its operations window for the fee and the refunds). Each kind is added
 * only while the event has none.
 */
export async function seedDemoTopUpRules(db: Db, eventId: number) {
  const ctx = { db };
  const [event] = await db
    .select({
      start: events.dateStart,
      end: events.dateEnd,
      opsStart: events.operationsStart,
      opsEnd: events.operationsEnd,
      tz: events.timezone,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return;
  const opsStart = event.opsStart ?? event.start;
  const opsEnd = event.opsEnd ?? event.end;
  const festival = { dateStart: localDay(event.start, event.tz), dateEnd: localDay(event.end, event.tz) };
  const kiosks = (
    await db
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(
          eq(locations.eventId, eventId),
          inArray(
            locations.name,
            TOP_UP_PLACES.filter(([, activities]) => activities.includes('K')).map(([name]) => name),
          ),
        ),
      )
  ).map((l) => l.id);
  const has = async (table: typeof bonusTypes | typeof bonuses | typeof fees | typeof refundRules) =>
    Number((await db.select({ n: count() }).from(table).where(eq(table.eventId, eventId)))[0]?.n) > 0;

  if (!(await has(bonusTypes))) {
    for (const [description, type] of [
      ['Early-bird gift', 'M'],
      ['Goodwill gift', 'M'],
      ['Sponsor cash credit', 'E'],
    ] as const) {
      await saveBonusType(ctx, eventId, BonusTypeSave.parse({ description, type }));
    }
  }

  if (!(await has(bonuses))) {
    const earlyBird = (
      await db
        .select({ id: bonusTypes.id })
        .from(bonusTypes)
        .where(and(eq(bonusTypes.eventId, eventId), eq(bonusTypes.description, 'Early-bird gift')))
    )[0];
    const allDay = { timeStart: '00:00:00', timeEnd: '23:59:59' };
    await saveBonus(
      ctx,
      eventId,
      BonusSave.parse({
        idBonusType: null,
        plus: 250,
        percent: 0,
        minRecharge: 5000,
        maxRecharge: 50000,
        minNumTopUp: 1,
        maxNumTopUp: BONUS_ALWAYS,
        ...festival,
        ...allDay,
        applyServicesOnline: 1,
      }),
    );
    if (kiosks.length) {
      await saveBonus(
        ctx,
        eventId,
        BonusSave.parse({
          idBonusType: earlyBird?.id ?? null,
          plus: 0,
          percent: 10,
          minRecharge: 2000,
          maxRecharge: 10000,
          minNumTopUp: 1,
          maxNumTopUp: 1,
          ...festival,
          timeStart: '12:00:00',
          timeEnd: '14:59:59',
          applyServicesOnline: 0,
          locationsAvailable: kiosks,
        }),
      );
    }
  }

  if (!(await has(fees))) {
    await saveFee(
      ctx,
      eventId,
      FeeSave.parse({
        name: 'Small top-up fee',
        fee: 50,
        nRechargeIni: 1,
        nRechargeEnd: 999,
        minRecharge: 100,
        maxRecharge: 999,
        dateStart: opsStart.toISOString(),
        dateEnd: opsEnd.toISOString(),
      }),
    );
  }

  if (!(await has(refundRules)) && kiosks.length) {
    await saveRefundRule(
      ctx,
      eventId,
      RefundRuleSave.parse({
        name: 'Balance refunds at the top-up kiosks',
        idLocation: kiosks,
        dateStart: localDay(opsStart, event.tz),
        dateEnd: localDay(opsEnd, event.tz),
        timeStart: REFUND_RULE_DEFAULTS.timeStart,
        timeEnd: REFUND_RULE_DEFAULTS.timeEnd,
        minAmount: REFUND_RULE_DEFAULTS.minAmount,
      }),
    );
  }
}
