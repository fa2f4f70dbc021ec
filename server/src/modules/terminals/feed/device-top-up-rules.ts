/**
 * What a terminal's configuration carries for its top-up point and kiosk: the event's bonuses and fees
 * in the shape `topUpAmounts` (contracts) reads, its refund rules as `kioskRefund` reads them, read here from the tables (the catalogue depends on
 * terminals, not the reverse), and the offline limits the server sets.
 */
import { type DeviceConfig, OFFLINE_LIMIT_DEFAULTS, TERMINAL_TOP_UP_PRESETS } from '@pulsera/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import {
  bonusArticles,
  bonuses,
  bonusLocations,
  feeLocations,
  fees,
  kioskButtons,
  refundRuleLocations,
  refundRules,
  topUps,
} from '../../../core/db/schema';

/** The offline limits (settings TERMINAL_OFFLINE_HOURS and TERMINAL_OFFLINE_WRISTBAND_CENTS). */
export interface OfflineLimits {
  hours: number;
  wristbandCents: number;
}

export const offlineLimitsOf = (limits: OfflineLimits = OFFLINE_LIMIT_DEFAULTS) => ({
  maxOfflineSeconds: Math.max(1, Math.round(limits.hours * 3600)),
  maxWristbandSpend: limits.wristbandCents,
});

export async function topUpRules(db: Executor, eventId: number): Promise<DeviceConfig['topUp']> {
  const [bonusRows, articles, bonusPlaces, feeRows, feePlaces, buttons] = await Promise.all([
    db.select().from(bonuses).where(eq(bonuses.eventId, eventId)).orderBy(asc(bonuses.id)),
    db.select().from(bonusArticles).where(eq(bonusArticles.eventId, eventId)),
    db.select().from(bonusLocations).where(eq(bonusLocations.eventId, eventId)),
    db.select().from(fees).where(eq(fees.eventId, eventId)).orderBy(asc(fees.id)),
    db.select().from(feeLocations).where(eq(feeLocations.eventId, eventId)),
    db.select().from(kioskButtons).where(eq(kioskButtons.eventId, eventId)).orderBy(asc(kioskButtons.id)),
  ]);
  return {
    bonuses: bonusRows.map((r) => ({
      id: r.id,
      plus: r.plus,
      percent: r.percent,
      minRecharge: r.minRecharge,
      maxRecharge: r.maxRecharge,
      minNumTopUp: r.minNumTopUp,
      maxNumTopUp: r.maxNumTopUp,
      dateStart: r.dateStart,
      dateEnd: r.dateEnd,
      timeStart: r.timeStart.slice(0, 8),
      timeEnd: r.timeEnd.slice(0, 8),
      dayWeek: r.dayWeek,
      applyServicesOnline: r.applyServicesOnline === 1 ? 1 : 0,
      locationsAvailable: bonusPlaces
        .filter((l) => l.bonusId === r.id)
        .map((l) => l.locationId)
        .sort((a, b) => a - b),
      articles: articles
        .filter((a) => a.bonusId === r.id)
        .map((a) => ({ idArticle: a.articleId, quantity: a.quantity })),
    })),
    fees: feeRows.map((r) => ({
      id: r.id,
      fee: r.fee,
      nRechargeIni: r.nRechargeIni,
      nRechargeEnd: r.nRechargeEnd,
      minRecharge: r.minRecharge,
      maxRecharge: r.maxRecharge,
      dateStart: r.dateStart.toISOString(),
      dateEnd: r.dateEnd.toISOString(),
      idLocations: feePlaces
        .filter((l) => l.feeId === r.id)
        .map((l) => l.locationId)
        .sort((a, b) => a - b),
      idDevices: r.deviceIds,
    })),
    presets: [...TERMINAL_TOP_UP_PRESETS],
    kioskButtons: buttons
      .filter((b) => b.topUpAmount > 0)
      .map((b) => ({ amount: b.topUpAmount, description: { es: b.descriptionEs, en: b.descriptionEn } })),
  };
}

/** The top-ups recorded on a wristband (all its balance operations, as the portal counts them). */
export async function topUpCount(db: Executor, eventId: number, wristbandId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(topUps)
    .where(and(eq(topUps.eventId, eventId), eq(topUps.wristbandId, wristbandId)));
  return Number(row?.n ?? 0);
}

/** The event's refund rules as a kiosk applies them (contracts `kioskRefund`), oldest first. */
export async function refundRulesOf(db: Executor, eventId: number): Promise<DeviceConfig['refunds']> {
  const [rules, places] = await Promise.all([
    db.select().from(refundRules).where(eq(refundRules.eventId, eventId)).orderBy(asc(refundRules.id)),
    db.select().from(refundRuleLocations).where(eq(refundRuleLocations.eventId, eventId)),
  ]);
  return rules.map((r) => ({
    locationIds: places.filter((p) => p.refundRuleId === r.id).map((p) => p.locationId),
    deviceIds: r.deviceIds,
    dateStart: r.dateStart,
    dateEnd: r.dateEnd,
    timeStart: r.timeStart,
    timeEnd: r.timeEnd,
    minAmount: r.minAmount,
  }));
}
