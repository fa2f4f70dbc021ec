import { z } from 'zod';
import { ListQuery } from '../envelope';
import { instant } from '../inputs';
import { OnlineTopUp } from './customers';

/**
 * Search top-up (admin/configuration/search-top-up, admins): an online top-up found across every
 * event by its order id, its authorisation code, the last four digits of its card, its customer's
 * e-mail, its amount and its purchase dates. At least one criterion.
 */
export const TOP_UP_SEARCH_FIELDS = ['idOrder', 'authCode', 'cardDigits', 'email', 'amount'] as const;

const term = (max: number) => z.string().trim().min(1).max(max, { error: 'validation.invalid' });

export const TopUpSearchQuery = ListQuery.extend({
  /** The order id (the shop's order, or the payment gateway's), exactly. */
  idOrder: term(64).optional(),
  /** The payment's authorisation code, exactly (any letter case). */
  authCode: term(32).optional(),
  /** The last four digits of the card. */
  cardDigits: z
    .string()
    .trim()
    .regex(/^\d{4}$/, { error: 'validation.cardDigits' })
    .optional(),
  /** Part of the customer's e-mail (at least 3 characters). */
  email: z.string().trim().min(3, { error: 'validation.minChars|{"min":3}' }).max(254).optional(),
  /** The total amount in units of the currency (e.g. 20 or 20.50). */
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,7}([.,]\d{1,2})?$/, { error: 'validation.amountFormat' })
    .optional(),
  /** Purchased at or after / before these instants. */
  dateStart: instant().optional(),
  dateEnd: instant().optional(),
});
export type TopUpSearchQuery = z.infer<typeof TopUpSearchQuery>;

/** One found top-up: enough to tell it apart, with its event and customer. */
export const TopUpSearchRow = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventName: z.string(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  idOrder: z.string().nullable(),
  payTpvAuthCode: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardNumber: z.string().nullable(),
  /** Cents. */
  amountTotal: z.number().int(),
  payTpvCurrency: z.string().nullable(),
  payed: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(-1)]),
  dateRechargeOnline: z.string(),
});
export type TopUpSearchRow = z.infer<typeof TopUpSearchRow>;

export const TopUpSearchResult = z.object({ topUps: z.array(TopUpSearchRow), total: z.number().int() });
export type TopUpSearchResult = z.infer<typeof TopUpSearchResult>;

/** One top-up opened: every §3 Online top-up field, its event, its customer and wristband. */
export const TopUpFound = z.object({
  topUp: OnlineTopUp,
  eventId: z.number().int(),
  eventName: z.string(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  rfidId: z.number().int().nullable(),
  nSerie: z.string().nullable(),
});
export type TopUpFound = z.infer<typeof TopUpFound>;

/** ISO 4217 numeric codes the payment gateway sends, by their letters (978 is EUR). */
export const ISO_4217_NUMERIC: Record<string, string> = {
  '978': 'EUR',
  '840': 'USD',
  '826': 'GBP',
  '756': 'CHF',
  '752': 'SEK',
  '208': 'DKK',
  '578': 'NOK',
  '985': 'PLN',
  '203': 'CZK',
  '484': 'MXN',
};
