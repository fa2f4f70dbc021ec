import { z } from 'zod';
import { keyed, required } from '../catalogue/rule-fields';
import { DATE_BOUNDS } from '../constants';
import { INT4_MAX, queryInt } from '../inputs';
import { checkBicWithIban, refundBic, refundIban } from './refunds';

/**
 * Refund payouts (issue 15): the organiser's debtor account of an event, and payout runs that turn
 * pending bank refunds (01-console §3 Refund (customer)) into a SEPA credit-transfer file (pain.001).
 * Amounts in payout calls are cents of the financial currency (EUR: SEPA moves euros only).
 * Route payouts (admin/cashless/payouts): permissions devoluciones and refundsEdit.
 */

/** 01-console §5: the SEPA concept allows letters, digits, spaces and / - ? : ( ) . , ' + */
export const SEPA_CONCEPT_PATTERN = /^[A-Za-z0-9 /\-?:().,'+]*$/;
/** Placeholders a concept template may hold, filled per refund. */
export const CONCEPT_PLACEHOLDERS = ['event', 'refund', 'customer', 'serial'] as const;
export const CONCEPT_MAX = 140;
export const DEBTOR_NAME_MAX = 70;
export const DEFAULT_CONCEPT = 'Refund {refund} {event}';

/**
 * Text cleaned to the SEPA character set: accents dropped (é → e, ß → ss), any other character a
 * space, spaces collapsed, cut to `max`.
 */
export function sepaClean(text: string, max = CONCEPT_MAX): string {
  return text
    .replace(/ß/g, 'ss')
    .replace(/[Ææ]/g, (c) => (c === 'Æ' ? 'AE' : 'ae'))
    .replace(/[Øø]/g, (c) => (c === 'Ø' ? 'O' : 'o'))
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 /\-?:().,'+]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** The concept of one refund: the template's placeholders filled, then cleaned to the charset. */
export function fillConcept(
  template: string,
  values: { event: string; refund: number | string; customer?: string | null; serial?: string | null },
): string {
  const filled = template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    switch (key) {
      case 'event':
        return values.event;
      case 'refund':
        return String(values.refund);
      case 'customer':
        return values.customer ?? '';
      case 'serial':
        return values.serial ?? '';
      default:
        return whole;
    }
  });
  return sepaClean(filled);
}

const msg = (ctx: z.RefinementCtx, message: string) => ctx.addIssue({ code: 'custom', message });

const conceptTemplate = () =>
  z
    .string(keyed)
    .trim()
    .min(1, { ...required, abort: true })
    .max(CONCEPT_MAX, { error: `validation.maxLength|{"maxLength":${CONCEPT_MAX}}` })
    .superRefine((v, ctx) => {
      const unknown = [...v.matchAll(/\{(\w*)\}/g)].find(
        (m) => !(CONCEPT_PLACEHOLDERS as readonly string[]).includes(m[1]!),
      );
      if (unknown) return msg(ctx, 'validation.sepaPlaceholder');
      const rest = v.replace(/\{(\w+)\}/g, '');
      if (!SEPA_CONCEPT_PATTERN.test(rest)) msg(ctx, 'validation.sepaCharset');
    });

const debtorName = () =>
  z
    .string(keyed)
    .trim()
    .min(1, { ...required, abort: true })
    .max(DEBTOR_NAME_MAX, { error: `validation.maxLength|{"maxLength":${DEBTOR_NAME_MAX}}` })
    .refine((v) => SEPA_CONCEPT_PATTERN.test(v), { error: 'validation.sepaCharset' });

/** The organiser's debtor account of the event (IBAN and BIC checked as the refund form's). */
export const PayoutAccountForm = z
  .object({
    name: debtorName(),
    iban: refundIban(),
    bic: refundBic(),
    conceptTemplate: conceptTemplate(),
  })
  .superRefine((v, ctx) => checkBicWithIban(v.iban, v.bic, ctx, 'bic'));
export type PayoutAccountForm = z.input<typeof PayoutAccountForm>;

export const PayoutAccount = z.object({
  name: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  conceptTemplate: z.string(),
  update_time: z.string(),
});
export type PayoutAccount = z.infer<typeof PayoutAccount>;
export const PayoutAccountResult = z.object({ account: PayoutAccount.nullable() });

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const day = () =>
  z
    .string(keyed)
    .regex(isoDay, { error: 'validation.invalid' })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'validation.invalid' })
    .refine((v) => v >= DATE_BOUNDS.min, { error: `validation.startBound|{"bound":"${DATE_BOUNDS.min}"}` })
    .refine((v) => v <= DATE_BOUNDS.max, { error: `validation.endBound|{"bound":"${DATE_BOUNDS.max}"}` });

/** Digits only from a query string (shared input rule), or a number from a body. */
const cents = () => queryInt(1, INT4_MAX);
const count = () => queryInt(1, 100_000);

/**
 * Which pending bank refunds a run takes: created within [dateFrom, dateTo] (days, UTC), amount
 * (before the fee, cents) within [amountMin, amountMax], oldest first, at most maxCount of them and
 * at most maxTotal (cents of the transfers) in all. Every filter is optional.
 */
const selectionShape = {
  dateFrom: day().optional(),
  dateTo: day().optional(),
  amountMin: cents().optional(),
  amountMax: cents().optional(),
  maxCount: count().optional(),
  maxTotal: cents().optional(),
};
const selectionRules = (
  v: { dateFrom?: string; dateTo?: string; amountMin?: number; amountMax?: number },
  ctx: z.RefinementCtx,
) => {
  if (v.dateFrom && v.dateTo && v.dateTo < v.dateFrom)
    ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'validation.endAfterStart' });
  if (v.amountMin !== undefined && v.amountMax !== undefined && v.amountMax < v.amountMin)
    ctx.addIssue({ code: 'custom', path: ['amountMax'], message: `validation.min|{"min":${v.amountMin}}` });
};
export const PayoutSelection = z.object(selectionShape).superRefine(selectionRules);
export type PayoutSelection = z.input<typeof PayoutSelection>;

/** POST /payouts/runs: the selection and the execution date the bank is asked for. */
export const PayoutRunCreate = z
  .object({ ...selectionShape, executionDate: day() })
  .superRefine(selectionRules);
export type PayoutRunCreate = z.input<typeof PayoutRunCreate>;

export const REFUND_STATUSES = ['pending', 'inRun', 'paid', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const RUN_STATUSES = ['generated', 'sent', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** A refund as a payout sees it (cents). `transfer` = amount − fee. */
export const PayoutRefund = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  nSerie: z.string().nullable(),
  ccOwner: z.string(),
  ccIban: z.string(),
  ccBic: z.string().nullable(),
  amount: z.number().int(),
  fee: z.number().int(),
  transfer: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  create_time: z.string(),
});
export type PayoutRefund = z.infer<typeof PayoutRefund>;

/**
 * Why a matching refund cannot go in a file (issue 26): its BIC's country is not its IBAN's, its IBAN
 * or BIC does not pass the checks, the fee leaves nothing to transfer, or the file's own checks refuse
 * it (`file`, with the library's words in `detail`). Such a refund is left out of the run, never
 * failing it, and named to the operator; it waits, pending, until someone corrects it.
 */
export const PAYOUT_SKIP_REASONS = ['bicCountry', 'iban', 'bic', 'noTransfer', 'file'] as const;
export type PayoutSkipReason = (typeof PAYOUT_SKIP_REASONS)[number];
export const PayoutSkipped = z.object({
  refundId: z.number().int(),
  customerId: z.number().int(),
  ccOwner: z.string(),
  ccIban: z.string(),
  ccBic: z.string().nullable(),
  reason: z.enum(PAYOUT_SKIP_REASONS),
  detail: z.string().nullable(),
});
export type PayoutSkipped = z.infer<typeof PayoutSkipped>;

export const PayoutPreview = z.object({
  rows: z.array(PayoutRefund),
  count: z.number().int(),
  total: z.number().int(),
  /** Refunds the filters match that no file can carry as they are. */
  skipped: z.array(PayoutSkipped),
});
export type PayoutPreview = z.infer<typeof PayoutPreview>;

/** One transfer of a run: the refund as it was written in the file, and its outcome. */
export const PayoutRunItem = z.object({
  refundId: z.number().int(),
  customerId: z.number().int(),
  nSerie: z.string().nullable(),
  name: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  amount: z.number().int(),
  fee: z.number().int(),
  transfer: z.number().int(),
  concept: z.string(),
  endToEndId: z.string(),
  status: z.enum(REFUND_STATUSES),
  rejectReason: z.string().nullable(),
  rejectedAt: z.string().nullable(),
});
export type PayoutRunItem = z.infer<typeof PayoutRunItem>;

export const PayoutRun = z.object({
  id: z.number().int(),
  messageId: z.string(),
  status: z.enum(RUN_STATUSES),
  painFormat: z.string(),
  executionDate: z.string(),
  count: z.number().int(),
  total: z.number().int(),
  createdBy: z.string().nullable(),
  create_time: z.string(),
  sentAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  rejected: z.number().int(),
});
export type PayoutRun = z.infer<typeof PayoutRun>;
/** A run with its transfers, and the matching refunds left out of it when it was generated. */
export const PayoutRunDetail = PayoutRun.extend({
  items: z.array(PayoutRunItem),
  skipped: z.array(PayoutSkipped),
});
export type PayoutRunDetail = z.infer<typeof PayoutRunDetail>;

/** POST /payouts/runs/:id/sent: the day the file went to the bank (default today). */
export const PayoutRunSent = z.object({ sentDate: day().optional() });
/** POST /payouts/runs/:id/reject: a refund of a sent run that the bank returned. */
export const PayoutRejectRequest = z.object({
  refundId: z.number(keyed).int().positive().max(INT4_MAX),
  reason: z
    .string(keyed)
    .trim()
    .min(1, { ...required, abort: true })
    .max(200, { error: 'validation.maxLength|{"maxLength":200}' })
    .refine((v) => !v.includes('\u0000'), { error: 'validation.invalid' }),
});
export type PayoutRejectRequest = z.input<typeof PayoutRejectRequest>;
