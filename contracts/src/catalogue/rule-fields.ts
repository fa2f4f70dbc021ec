import type { z } from 'zod';
import { issueMessage } from '../validation';

/**
 * The catalogue rules' schemas (flags, add-ons, bonus types, bonuses, fees, refund rules) give every
 * issue its key of the validation catalogue, so the web forms (zodResolver) and the server's field
 * errors say the same thing: `z.number(keyed).min(0)` fails with 'validation.min|{"min":0}', a missing
 * value with 'validation.required'.
 */
export const keyed = {
  error: (issue: z.core.$ZodRawIssue) => issueMessage(issue as unknown as z.core.$ZodIssue),
} as const;
export const required = { error: 'validation.required' } as const;
