/** The schemas of money.ts's shapes, for the answers that carry them (device configuration, portal). */
import { z } from 'zod';
import type { CurrencyLabel as CurrencyLabelShape, EventCurrency as EventCurrencyShape } from './money';

export const CurrencyLabel: z.ZodType<CurrencyLabelShape> = z.object({
  iso: z.string(),
  symbol: z.string(),
  fraction: z.number(),
});

export const EventCurrency: z.ZodType<EventCurrencyShape> = z.object({
  financial: CurrencyLabel,
  display: CurrencyLabel,
  /** 1 financial unit = rate display units. */
  rate: z.number(),
});
