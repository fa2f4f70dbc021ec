import { z } from 'zod';
import { ImageRef } from '../events/events';
import { instant as dateInRange, INT4_MAX, id } from '../inputs';
import { IMAGE_SIZES, ImageAttachRequest, ImageDeleteRequest } from '../upload';
import { VenueOption } from './gates';

/** 02-catalogue §2 Locations, §3 Location, §4, §5, §7, §9. */

/** NFC activities: V sale, C topUp, I sale in a top-up location, K kiosk, P presence, A single access,
 * T ticketing. */
export const LOCATION_ACTIVITIES = ['V', 'C', 'I', 'K', 'P', 'A', 'T'] as const;
export type LocationActivity = (typeof LOCATION_ACTIVITIES)[number];
/** Categories: B bar, R restaurant, S shop. The additional type uses the same codes. */
export const LOCATION_CATEGORIES = ['B', 'R', 'S'] as const;
export type LocationCategory = (typeof LOCATION_CATEGORIES)[number];
export const LOCATION_PREFIX_MAX = 5;

const yesNo = z.enum(['S', 'N']);
const isoDate = dateInRange();
const required = { error: 'validation.required' } as const;
/** A set of codes: duplicates dropped, kept in the order of the code list. */
const codes = <T extends readonly [string, ...string[]]>(all: T) =>
  z
    .array(z.enum(all))
    .max(all.length * 2)
    .transform((v) => all.filter((c) => v.includes(c)) as T[number][]);

export const Location = z.object({
  id: z.number().int(),
  /** A number unique within the event (highest + 1 on creation). */
  id_unico_evento: z.number().int(),
  id_evento: z.number().int(),
  nombre: z.string(),
  interna: yesNo,
  /** Derived: interna = 'S'. */
  isIntern: z.boolean(),
  /** Derived: the articles on the location's menu. */
  numArticles: z.number().int(),
  /** Derived: the menu's compound articles (those with sticks). */
  numCompounds: z.number().int(),
  actividades_nfc: z.array(z.enum(LOCATION_ACTIVITIES)),
  category: z.enum(LOCATION_CATEGORIES).nullable(),
  additionalType: z.array(z.enum(LOCATION_CATEGORIES)),
  f_inactivo: isoDate.nullable(),
  /** The validate-and-access gate; null means any gate. */
  idGate: z.number().int().nullable(),
  /** The gate's name (null for any). */
  gate: z.string().nullable(),
  prefix: z.string().nullable(),
  externalAnalyticsId: z.string().nullable(),
  /** The receipt logo (200 × 200), uploaded with PUT /locations/images. */
  pictureReceiptLogo: ImageRef.nullable(),
  create_time: isoDate,
  update_time: isoDate,
});
export type Location = z.infer<typeof Location>;

/**
 * The body of POST /locations {location} (create) and PUT /locations {location} (update, with id).
 * A save replaces the item: a field left out is stored empty (the form-save helper drops empties).
 */
export const LocationSave = z.object({
  id: id().optional(),
  nombre: z.string(required).trim().min(1, required).max(150),
  interna: yesNo.default('N'),
  actividades_nfc: codes(LOCATION_ACTIVITIES).default([]),
  category: z.enum(LOCATION_CATEGORIES).nullable().optional(),
  additionalType: codes(LOCATION_CATEGORIES).default([]),
  f_inactivo: isoDate.nullable().optional(),
  idGate: id().nullable().optional(),
  prefix: z.string().trim().max(LOCATION_PREFIX_MAX).nullable().optional(),
  externalAnalyticsId: z.string().trim().max(100).nullable().optional(),
});
export type LocationSave = z.infer<typeof LocationSave>;
export const LocationCreateRequest = z.object({ location: LocationSave.omit({ id: true }) });
export const LocationUpdateRequest = z.object({
  location: LocationSave.extend({ id: z.number(required).int().positive().max(INT4_MAX) }),
});

/** A gate as the location form offers it. */
export const LocationGateOption = VenueOption.extend({ active: z.union([z.literal(0), z.literal(1)]) });

/** GET /locations: result.locations and result.gates. */
export const LocationsResult = z.object({
  locations: z.array(Location),
  gates: z.array(LocationGateOption),
});
export type LocationsResult = z.infer<typeof LocationsResult>;

/**
 * The form: internal is a checkbox, the inactive date is required when the inactive switch is on,
 * and the gate is required when "choose" is selected (none means any gate).
 */
export const LocationForm = z
  .object({
    nombre: LocationSave.shape.nombre,
    interna: z.boolean(),
    externalAnalyticsId: z.string().trim().max(100).nullable(),
    actividades_nfc: z.array(z.enum(LOCATION_ACTIVITIES)),
    category: z.enum(LOCATION_CATEGORIES).nullable(),
    additionalType: z.array(z.enum(LOCATION_CATEGORIES)),
    inactive: z.boolean(),
    f_inactivo: z.string().nullable(),
    gateMode: z.enum(['any', 'choose']),
    idGate: z.string().nullable(),
    prefix: z.string().trim().max(LOCATION_PREFIX_MAX).nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.inactive && !v.f_inactivo) {
      ctx.addIssue({ code: 'custom', path: ['f_inactivo'], message: 'validation.required' });
    }
    if (v.gateMode === 'choose' && !v.idGate) {
      ctx.addIssue({ code: 'custom', path: ['idGate'], message: 'validation.required' });
    }
  });
export type LocationForm = z.infer<typeof LocationForm>;

/** The receipt logo of a location: 200 × 200 (02-catalogue §9), stored in the folder `locations`. */
export const LOCATION_LOGO = { size: IMAGE_SIZES.receiptLogo, folder: 'locations' } as const;

/** PUT /locations/images: attaches an uploaded image as the location's receipt logo. */
export const LocationImageRequest = ImageAttachRequest.extend({
  locationId: z.number(required).int().positive().max(INT4_MAX),
});
/** PUT /locations/images/delete: removes it. */
export const LocationImageDeleteRequest = ImageDeleteRequest.extend({
  locationId: z.number(required).int().positive().max(INT4_MAX),
});
