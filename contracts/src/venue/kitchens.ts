import { z } from 'zod';
import { INT4_MAX, id } from '../inputs';
import { VenueOption } from './gates';

/** 02-catalogue §2 Kitchens, §3 Kitchen and Kitchen printer, §5, §7. */
const required = { error: 'validation.required' } as const;
export const KITCHEN_MAX_PRINTERS = 50;

const isIpv4 = (v: string) => z.ipv4().safeParse(v).success;
const isIpv6 = (v: string) => z.ipv6().safeParse(v).success;
export const isIp = (v: string) => isIpv4(v) || isIpv6(v);

export const KitchenPrinter = z.object({ id: z.number().int(), name: z.string(), ip: z.string() });
export type KitchenPrinter = z.infer<typeof KitchenPrinter>;

/** A printer of the sub-form: name and ip required. An id keeps that printer, none adds one. */
export const KitchenPrinterSave = z.object({
  id: id().optional(),
  name: z.string(required).trim().min(1, required).max(100),
  ip: z
    .string(required)
    .trim()
    .min(1, { ...required, abort: true })
    .refine(isIp, { error: 'validation.ip' }),
});
export type KitchenPrinterSave = z.infer<typeof KitchenPrinterSave>;

export const Kitchen = z.object({
  id: z.number().int(),
  name: z.string(),
  idLocation: z.number().int(),
  printers: z.array(KitchenPrinter),
  /** Room ids. */
  rooms: z.array(z.number().int()),
  date_update: z.string(),
});
export type Kitchen = z.infer<typeof Kitchen>;

/** POST /kitchens {kitchen} creates; PATCH /kitchens {kitchen} updates the kitchen with that id. */
export const KitchenSave = z.object({
  id: id().optional(),
  name: z.string(required).trim().min(1, required).max(150),
  idLocation: z.number(required).int().positive().max(INT4_MAX),
  printers: z.array(KitchenPrinterSave).max(KITCHEN_MAX_PRINTERS).default([]),
  rooms: z.array(id()).max(1000).default([]),
});
export type KitchenSave = z.infer<typeof KitchenSave>;
export const KitchenCreateRequest = z.object({ kitchen: KitchenSave });
export const KitchenUpdateRequest = z.object({
  kitchen: KitchenSave.extend({ id: z.number(required).int().positive().max(INT4_MAX) }),
});

/** GET /kitchens: the kitchens and the options of the form (locations and rooms of the event). */
export const KitchensResult = z.object({
  kitchens: z.array(Kitchen),
  locations: z.array(VenueOption),
  rooms: z.array(VenueOption),
});
export type KitchensResult = z.infer<typeof KitchensResult>;

/** The form: selects hold ids as strings; printers are edited in the sub-form and saved with it. */
export const KitchenForm = z.object({
  name: KitchenSave.shape.name,
  idLocation: z.string(required).min(1, required),
  printers: z.array(KitchenPrinterSave),
  rooms: z.array(z.string()),
});
export type KitchenForm = z.infer<typeof KitchenForm>;
