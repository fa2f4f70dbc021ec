import { localMoment, withinHours } from '../local-time';
import { BONUS_ALWAYS, type Bonus } from './bonuses';
import type { Fee } from './fees';

/**
 * What a top-up credits and costs: its automatic bonuses (02-catalogue §2 Bonuses, §5) and its
 * management fees (§2 Fees). One copy, used by the terminal, the portal and the server, so that an
 * amount shown before paying is the amount booked. Decisions: docs/decisions/catalogue.md
 * ("Top-up amounts").
 */
export interface TopUpContext {
  /** Cents paid into the cash balance (financial currency). */
  amount: number;
  /** The moment of the top-up. */
  at: Date;
  /** The event's IANA time zone: a bonus's dates, hours and weekdays are the event's local ones. */
  timeZone: string;
  /** 1-based number of this top-up on the wristband (its earlier top-ups + 1). */
  topUpNumber: number;
  /** `online`: the portal (only bonuses meant for online services; no location or device). */
  channel: 'online' | 'terminal';
  /** The terminal's location and device (a rule's empty list means every one). */
  locationId?: number | null;
  deviceId?: number | null;
}

export interface TopUpAmounts {
  /** Cents to the cash balance. */
  amount: number;
  /** Cents to the gift balance: the sum of the bonuses that apply. */
  bonus: number;
  /** Cents of management fees: the sum of the fees that apply. */
  fee: number;
  /** What the attendee pays: amount + fee (the feed's `money`). */
  money: number;
  /** Articles the bonuses give, merged by article. */
  gifts: { idArticle: number; quantity: number }[];
  bonusIds: number[];
  feeIds: number[];
}

type BonusRule = Pick<
  Bonus,
  | 'id'
  | 'plus'
  | 'percent'
  | 'minRecharge'
  | 'maxRecharge'
  | 'minNumTopUp'
  | 'maxNumTopUp'
  | 'dateStart'
  | 'dateEnd'
  | 'timeStart'
  | 'timeEnd'
  | 'dayWeek'
  | 'applyServicesOnline'
  | 'locationsAvailable'
  | 'articles'
>;
type FeeRule = Pick<
  Fee,
  | 'id'
  | 'fee'
  | 'nRechargeIni'
  | 'nRechargeEnd'
  | 'minRecharge'
  | 'maxRecharge'
  | 'dateStart'
  | 'dateEnd'
  | 'idLocations'
  | 'idDevices'
>;

const listed = (ids: readonly number[], id: number | null | undefined) =>
  ids.length === 0 || (id !== null && id !== undefined && ids.includes(id));

/** Whether a bonus applies to this top-up. */
export function bonusApplies(bonus: BonusRule, ctx: TopUpContext): boolean {
  if (ctx.channel === 'online' && bonus.applyServicesOnline !== 1) return false;
  if (ctx.channel === 'terminal' && !listed(bonus.locationsAvailable, ctx.locationId)) return false;
  if (ctx.amount < bonus.minRecharge || ctx.amount > bonus.maxRecharge) return false;
  if (ctx.topUpNumber < bonus.minNumTopUp) return false;
  if (bonus.maxNumTopUp !== BONUS_ALWAYS && ctx.topUpNumber > bonus.maxNumTopUp) return false;
  const local = localMoment(ctx.at, ctx.timeZone);
  if (local.date < bonus.dateStart.slice(0, 10) || local.date > bonus.dateEnd.slice(0, 10)) return false;
  if (!withinHours(local.time, bonus.timeStart, bonus.timeEnd)) return false;
  return bonus.dayWeek.includes(local.weekday);
}

/** Whether a fee applies to this top-up (its dates are instants, its lists empty for every one). */
export function feeApplies(fee: FeeRule, ctx: TopUpContext): boolean {
  if (ctx.topUpNumber < fee.nRechargeIni || ctx.topUpNumber > fee.nRechargeEnd) return false;
  if (ctx.amount < fee.minRecharge || ctx.amount > fee.maxRecharge) return false;
  const at = ctx.at.getTime();
  if (at < Date.parse(fee.dateStart) || at > Date.parse(fee.dateEnd)) return false;
  // Online there is no location or device: only fees for every one apply.
  if (ctx.channel === 'online') return fee.idLocations.length === 0 && fee.idDevices.length === 0;
  return listed(fee.idLocations, ctx.locationId) && listed(fee.idDevices, ctx.deviceId);
}

/** A bonus's value on an amount: its fixed plus and its percentage, rounded half up to the cent. */
export const bonusValue = (bonus: Pick<BonusRule, 'plus' | 'percent'>, amount: number) =>
  bonus.plus + Math.round((amount * bonus.percent) / 100);

/** The bonus, fees and gifts of one top-up: every bonus and every fee that applies is added. */
export function topUpAmounts(
  ctx: TopUpContext,
  bonuses: readonly BonusRule[],
  fees: readonly FeeRule[],
): TopUpAmounts {
  const applied = bonuses.filter((b) => bonusApplies(b, ctx));
  const charged = fees.filter((f) => feeApplies(f, ctx));
  const gifts = new Map<number, number>();
  for (const b of applied)
    for (const a of b.articles) gifts.set(a.idArticle, (gifts.get(a.idArticle) ?? 0) + a.quantity);
  const bonus = applied.reduce((sum, b) => sum + bonusValue(b, ctx.amount), 0);
  const fee = charged.reduce((sum, f) => sum + f.fee, 0);
  return {
    amount: ctx.amount,
    bonus,
    fee,
    money: ctx.amount + fee,
    gifts: [...gifts].map(([idArticle, quantity]) => ({ idArticle, quantity })),
    bonusIds: applied.map((b) => b.id),
    feeIds: charged.map((f) => f.id),
  };
}
