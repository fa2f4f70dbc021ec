import { z } from 'zod';
import { id } from '../inputs';

/** 01-console §7 Promoters (the API calls them promotors). */
export const Promoter = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Whether the promoter's events may carry an external analytics id (01-console §4). */
  externalAnalytics: z.boolean(),
});
export type Promoter = z.infer<typeof Promoter>;

/** The form, and the body of POST /global/promotors: an id updates, no id creates. */
export const PromoterSave = z.object({
  id: id().optional(),
  name: z.string().trim().min(1).max(150),
  externalAnalytics: z.boolean().default(false),
});
export type PromoterSave = z.infer<typeof PromoterSave>;

export const PromoterSaveRequest = z.object({ promotor: PromoterSave });
