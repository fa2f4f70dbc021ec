import { z } from 'zod';
import { id } from '../inputs';

/** 01-console §3 (event province: name, country), §7 Provinces. */
export const Province = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
});
export type Province = z.infer<typeof Province>;

/** The form, and the body of POST /provinces: an id updates, no id creates. */
export const ProvinceSave = z.object({
  id: id().optional(),
  name: z.string().trim().min(1).max(150),
  country: z.string().trim().min(1).max(150),
});
export type ProvinceSave = z.infer<typeof ProvinceSave>;

export const ProvinceSaveRequest = z.object({ province: ProvinceSave });

/** GET /provinces/find?name: the event form's typeahead. */
export const ProvinceFindQuery = z.object({ name: z.string().trim().max(150).default('') });
