/**
 * A refund at a kiosk (issue 30): the wristband's cash balance paid back in cash (operation D, payment
 * S), when one of the event's refund rules (02-catalogue §2 Refunds: the console's refund rules) holds
 * at this location, on this device, now, and the balance is at least the rule's minimum. The same
 * function on the terminal (offline, from its configuration) and in the server's tests.
 */
import { localMoment, withinHours } from '../local-time';

/** A refund rule as the device configuration carries it (empty lists: every location / device). */
export interface TerminalRefundRule {
  locationIds: readonly number[];
  deviceIds: readonly number[];
  /** YYYY-MM-DD, the event's local days. */
  dateStart: string;
  dateEnd: string;
  /** HH:mm:ss; an end before the start runs past midnight. */
  timeStart: string;
  timeEnd: string;
  /** The least cash balance refunded (cents). */
  minAmount: number;
}

export type RefundRefusal = 'noRule' | 'nothing' | 'belowMinimum';

export type KioskRefund =
  | { refund: number }
  | { refused: RefundRefusal /** The least balance the rules holding now refund. */; minAmount?: number };

/** Whether a rule holds here and now. */
const holds = (
  rule: TerminalRefundRule,
  at: { locationId: number; deviceId: number; local: { date: string; time: string } },
) =>
  (rule.locationIds.length === 0 || rule.locationIds.includes(at.locationId)) &&
  (rule.deviceIds.length === 0 || rule.deviceIds.includes(at.deviceId)) &&
  at.local.date >= rule.dateStart.slice(0, 10) &&
  at.local.date <= rule.dateEnd.slice(0, 10) &&
  withinHours(at.local.time, rule.timeStart, rule.timeEnd);

/**
 * What a kiosk may refund of `cash`: the whole cash balance when a rule holds and the balance reaches
 * its minimum (the most lenient of the rules holding); else why not. The gift balance is never paid out.
 */
export function kioskRefund(
  rules: readonly TerminalRefundRule[],
  input: { cash: number; at: Date; timeZone: string; locationId: number; deviceId: number },
): KioskRefund {
  const local = localMoment(input.at, input.timeZone);
  const open = rules.filter((r) => holds(r, { ...input, local }));
  if (!open.length) return { refused: 'noRule' };
  if (input.cash <= 0) return { refused: 'nothing' };
  const minAmount = Math.min(...open.map((r) => r.minAmount));
  if (input.cash < minAmount) return { refused: 'belowMinimum', minAmount };
  return { refund: input.cash };
}
