import { extractBIC, extractIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { keyed, required } from '../catalogue/rule-fields';
import { BIC_MAX, IBAN_LENGTH, OWNER_LENGTH, REFUND_AMOUNT, REFUND_FEE } from '../constants';
import { INT4_MAX } from '../inputs';
import { EMAIL_PATTERN } from '../message-format';

/**
 * A customer's bank refund as it is entered (01-console §5 Customer refund): the rules of each field,
 * and those across fields (issue 26: the BIC's country is the IBAN's; a fee leaves a transfer), shared
 * by the console's form, the server and the payouts' debtor account.
 */

// ---------------------------------------------------------------------------------------------
// Refund validation (01-console §5 Customer refund)

/** IBAN and BIC are checked without spaces and in upper case, and stored so. */
export const compactCode = (v: string) => v.replace(/\s+/g, '').toUpperCase();
/** 6 letters, then 2 letters or digits, then optionally 3 more (01-console §5). */
export const BIC_PATTERN = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
/** 'ES9121000418450200051332' → 'ES91 2100 0418 4502 0005 1332' (01-console §9: grouped by 4). */
export const groupIban = (iban: string | null | undefined) =>
  (iban ?? '').replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** A whole number of cents: 0.01 steps, tolerant of binary fractions (0.1 + 0.2). */
const inCents = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
const money = (min: number, max: number) =>
  z
    .number(keyed)
    .min(min, { error: `validation.min|{"min":${min}}` })
    .max(max, { error: `validation.max|{"max":${max}}` })
    .refine(inCents, { error: 'validation.step|{"step":0.01}' });

const msg = (ctx: z.RefinementCtx, message: string) => ctx.addIssue({ code: 'custom', message });

export const refundIban = () =>
  z
    .string(keyed)
    .transform(compactCode)
    .superRefine((v, ctx) => {
      if (!v) return msg(ctx, 'validation.required');
      if (v.length < IBAN_LENGTH.min)
        return msg(ctx, `validation.minLength|{"minLength":${IBAN_LENGTH.min}}`);
      if (v.length > IBAN_LENGTH.max)
        return msg(ctx, `validation.maxLength|{"maxLength":${IBAN_LENGTH.max}}`);
      if (!isValidIBAN(v)) msg(ctx, 'validation.iban');
    });

/** Optional: an empty value means none. */
export const refundBic = () =>
  z
    .string(keyed)
    .transform(compactCode)
    .superRefine((v, ctx) => {
      if (!v) return;
      if (v.length > BIC_MAX) return msg(ctx, `validation.maxLength|{"maxLength":${BIC_MAX}}`);
      if (!BIC_PATTERN.test(v) || !isValidBIC(v)) msg(ctx, 'validation.bic');
    })
    .optional();

/**
 * Territories whose banks' BICs carry their own country code while their IBANs are the parent
 * country's: the exceptions of the SEPA file library (sepa 3.0.0), so a pair accepted here is always
 * one the file can carry.
 */
const BIC_TERRITORIES: Record<string, readonly string[]> = {
  FI: ['AX'],
  FR: ['GF', 'GP', 'MQ', 'RE', 'PF', 'TF', 'YT', 'NC', 'BL', 'MF', 'PM', 'WF'],
  GB: ['IM', 'JE', 'GG'],
};

/** The BIC's country and the IBAN's (ibantools), or null when they agree or there is no BIC. */
export function bicIbanMismatch(iban: string, bic: string | null | undefined) {
  if (!bic) return null;
  const ibanCountry = extractIBAN(iban).countryCode ?? iban.slice(0, 2);
  const bicCountry = extractBIC(bic).countryCode ?? bic.slice(4, 6);
  if (ibanCountry === bicCountry || BIC_TERRITORIES[ibanCountry]?.includes(bicCountry)) return null;
  return { iban: ibanCountry, bic: bicCountry };
}

/**
 * The checks of a bank account that need both fields (issue 26): the BIC's country must be the
 * IBAN's. Added at `bicPath`; skipped while either field is itself invalid.
 */
export function checkBicWithIban(
  iban: string | undefined,
  bic: string | undefined,
  ctx: z.RefinementCtx,
  bicPath: string,
) {
  if (!iban || !bic || !isValidIBAN(iban) || !BIC_PATTERN.test(bic) || !isValidBIC(bic)) return;
  const m = bicIbanMismatch(iban, bic);
  if (m)
    ctx.addIssue({ code: 'custom', path: [bicPath], message: `validation.bicCountry|${JSON.stringify(m)}` });
}

/** A refund's rules across fields: a transfer is left after the fee (issue 26), BIC and IBAN agree. */
function refundRules(
  v: { amount: number; fee?: number; ccIban: string; ccBic?: string },
  ctx: z.RefinementCtx,
) {
  if (v.fee !== undefined && Math.round(v.fee * 100) >= Math.round(v.amount * 100))
    ctx.addIssue({ code: 'custom', path: ['fee'], message: 'validation.feeUnderAmount' });
  checkBicWithIban(v.ccIban, v.ccBic, ctx, 'ccBic');
}

const owner = () =>
  z
    .string(keyed)
    .trim()
    .min(1, { ...required, abort: true })
    .min(OWNER_LENGTH.min, { error: `validation.minLength|{"minLength":${OWNER_LENGTH.min}}` })
    .max(OWNER_LENGTH.max, { error: `validation.maxLength|{"maxLength":${OWNER_LENGTH.max}}` });

const optionalEmail = () =>
  z
    .string(keyed)
    .trim()
    .max(200)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), { error: 'validation.email' })
    .optional();

const refundFields = {
  amount: money(REFUND_AMOUNT.min, REFUND_AMOUNT.max),
  fee: money(REFUND_FEE.min, REFUND_FEE.max).default(0),
  ccOwner: owner(),
  ccIban: refundIban(),
  ccBic: refundBic(),
};

/** The refund form (amount and fee in units of the financial currency); the e-mail only for new ones. */
export const RefundForm = z.object({ ...refundFields, ccEmail: optionalEmail() }).superRefine(refundRules);
export type RefundForm = z.input<typeof RefundForm>;

/** POST /infoCustomer/create-refund {refund}: for the customer's wristband; nSerie comes from it. */
export const RefundCreate = z
  .object({
    ...refundFields,
    ccEmail: optionalEmail(),
    customerId: z.number(keyed).int().positive().max(INT4_MAX),
    /** The customer's wristband; without it, the one they use now (none: refused). */
    rfidId: z.number(keyed).int().positive().max(INT4_MAX).optional(),
    /** Sent prefilled by the console; the server takes the serial of rfidId. */
    nSerie: z.string().max(64).optional(),
  })
  .superRefine(refundRules);
export type RefundCreate = z.input<typeof RefundCreate>;
export const RefundCreateRequest = z.object({ refund: RefundCreate });

/** POST /infoCustomer/edit-refund {refund}: needs refundsEdit; the e-mail is not editable. */
export const RefundEdit = z
  .object({ id: z.number(keyed).int().positive().max(INT4_MAX), ...refundFields })
  .superRefine(refundRules);
export type RefundEdit = z.input<typeof RefundEdit>;
export const RefundEditRequest = z.object({ refund: RefundEdit });

/**
 * POST /api/portal/{slug}/refund: the attendee asks for their money back by bank transfer — the whole
 * cash balance of their wristband (the gift balance is never refunded), to the account they give.
 */
export const PortalRefundRequest = z
  .object({ ccOwner: owner(), ccIban: refundIban(), ccBic: refundBic(), ccEmail: optionalEmail() })
  .superRefine((v, ctx) => checkBicWithIban(v.ccIban, v.ccBic, ctx, 'ccBic'));
export type PortalRefundRequest = z.input<typeof PortalRefundRequest>;
