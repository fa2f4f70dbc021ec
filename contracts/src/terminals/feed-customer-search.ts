/** The customer lookup's query and rows (01-console §2, §3 Customer search object and result). */
import { z } from 'zod';

const searchText = z.string().trim().max(200).optional();
export const CustomerSearchQuery = z.object({
  name: searchText,
  email: searchText,
  ticket: searchText,
  rfid: searchText,
  codeCheck: searchText,
  localizer: searchText,
  iban: searchText,
});
export type CustomerSearchQuery = z.infer<typeof CustomerSearchQuery>;

export const CustomerSearchRow = z.object({
  customerId: z.number().int(),
  idRfid: z.number().int().nullable(),
  nSerie: z.string().nullable(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  ticket: z.string().nullable(),
  codeCheck: z.string().nullable(),
});
export type CustomerSearchRow = z.infer<typeof CustomerSearchRow>;
