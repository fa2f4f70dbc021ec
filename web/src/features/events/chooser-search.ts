import { z } from 'zod';

/** The event chooser's search params (in the URL: bookmarkable). */
export const ChooserSearch = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  eventName: z.string().max(200).catch('').optional(),
});
