import { z } from 'zod';

/**
 * The schemas of money (see money.ts), apart from its formatter so that screens which only show
 * amounts load no zod (issue 31, first load).
 */

/** A currency as screens show it: its code, symbol and smallest fraction (0.01, 1…). */
export const CurrencyLabel = z.object({ iso: z.string(), symbol: z.string(), fraction: z.number() });
export type CurrencyLabel = z.infer<typeof CurrencyLabel>;

/** The event's money as its front ends show it: the financial currency, the display one, the rate. */
export const EventCurrency = z.object({
  financial: CurrencyLabel,
  display: CurrencyLabel,
  /** 1 financial unit = rate display units. */
  rate: z.number(),
});
export type EventCurrency = z.infer<typeof EventCurrency>;
