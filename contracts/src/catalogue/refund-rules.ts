import { z } from 'zod';
import { TIME_BOUNDS } from '../constants';
import { id, wireIdList } from '../inputs';
import { VenueOption } from '../venue/gates';
import { boundedDate, timeOfDay } from '../venue/time-ranges';
import { DeviceOption } from './fees';
import { keyed, required } from './rule-fields';

/**
 * Refund rules (02-catalogue §2 Refunds, §3 Refund rule, §5, §7 Refunds, §9; permission devoluciones):
 * when and where balances may be refunded. idLocation / idDevice empty means every location / device
 * (the spec's default %). minAmount is the minimum balance in cents (default 0).
 */
export const REFUND_RULE_MAX_ITEMS = 200;
export const REFUND_RULE_DEFAULTS = {
  minAmount: 0,
  timeStart: TIME_BOUNDS.min,
  timeEnd: TIME_BOUNDS.max,
} as const;

export const RefundRule = z.object({
  id: z.number().int(),
  name: z.string(),
  idLocation: z.array(z.number().int()),
  idDevice: z.array(z.number().int()),
  dateStart: z.string(),
  dateEnd: z.string(),
  timeStart: z.string(),
  timeEnd: z.string(),
  minAmount: z.number().int(),
  /** The chosen locations' names, comma-joined ('' for every location). */
  locationDisplay: z.string(),
  date_update: z.string(),
});
export type RefundRule = z.infer<typeof RefundRule>;

/** GET /refunds: result.refunds (and the locations and devices to choose from). */
export const RefundsResult = z.object({
  refunds: z.array(RefundRule),
  locations: z.array(VenueOption),
  devices: z.array(DeviceOption),
});
export type RefundsResult = z.infer<typeof RefundsResult>;

const datesInOrder = (v: { dateStart: string; dateEnd: string }, ctx: z.RefinementCtx) => {
  if (v.dateStart && v.dateEnd && v.dateEnd < v.dateStart)
    ctx.addIssue({ code: 'custom', path: ['dateEnd'], message: 'validation.endAfterStart' });
};

const fields = {
  name: z.string(keyed).trim().min(1, required).max(150),
  dateStart: boundedDate(),
  dateEnd: boundedDate(),
  timeStart: timeOfDay(),
  timeEnd: timeOfDay(),
};

/** The body of POST /refunds {refund}: no id creates, an id updates; the result is the rule's id. */
export const RefundRuleSave = z
  .object({
    id: id().optional(),
    ...fields,
    idLocation: wireIdList(z.array(id()).max(REFUND_RULE_MAX_ITEMS), []).default([]),
    idDevice: wireIdList(z.array(id()).max(REFUND_RULE_MAX_ITEMS), []).default([]),
    minAmount: z.number(keyed).int().min(0).max(100_000_000).default(REFUND_RULE_DEFAULTS.minAmount),
  })
  .superRefine(datesInOrder);
export type RefundRuleSave = z.infer<typeof RefundRuleSave>;
export const RefundRuleSaveRequest = z.object({ refund: RefundRuleSave });

/** The form: the minimum balance in units of the display currency, ids as the selects hold them. */
export const RefundRuleForm = z
  .object({
    ...fields,
    idLocation: z.array(z.string()),
    idDevice: z.array(z.string()),
    minAmount: z.number(keyed).min(0),
  })
  .superRefine(datesInOrder);
export type RefundRuleForm = z.infer<typeof RefundRuleForm>;
