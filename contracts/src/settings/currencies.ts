import { z } from 'zod';
import { id } from '../inputs';

/** 01-console §3 Currency, §7 Currencies. Default is euro with fraction 0.01. */
export const CURRENCY_ISO_PATTERN = /^[A-Z]{3}$/;
export const DEFAULT_FRACTION = 0.01;

export const Currency = z.object({
  id: z.number().int(),
  name: z.string(),
  isFinancial: z.boolean(),
  symbol: z.string(),
  iso: z.string(),
  fraction: z.number(),
  /** Set for an event's own (token) currency; null for global ones. */
  idEvent: z.number().int().nullable(),
});
export type Currency = z.infer<typeof Currency>;

/** The form, and the body of POST /global/currencies: an id updates, no id creates. */
export const CurrencySave = z.object({
  id: id().optional(),
  name: z.string().trim().min(1).max(150),
  isFinancial: z.boolean().default(false),
  symbol: z.string().trim().min(1).max(10),
  iso: z.string().trim().regex(CURRENCY_ISO_PATTERN, { error: 'validation.currencyIso' }),
  fraction: z.number().gt(0, { error: 'validation.positive' }).max(1).default(DEFAULT_FRACTION),
});
export type CurrencySave = z.infer<typeof CurrencySave>;

export const CurrencySaveRequest = z.object({ currency: CurrencySave });

export const CurrencyIsoParam = z.object({
  iso: z.string().trim().toUpperCase().regex(CURRENCY_ISO_PATTERN, { error: 'validation.currencyIso' }),
});

/** GET /global/currencies/conversion/{iso}: how events convert that financial currency to their local one. */
export const CurrencyConversion = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  localIso: z.string(),
  /** 1 financial currency = rate local currency. */
  rate: z.number(),
});
export type CurrencyConversion = z.infer<typeof CurrencyConversion>;
