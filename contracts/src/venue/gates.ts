import { z } from 'zod';
import { INT4_MAX, id } from '../inputs';

/**
 * Gates of admin/access/gates (permission puertas). The spec names the route only; the design
 * (docs/decisions/venue.md): a named passage from one zone (null = from outside the venue) into another,
 * optionally belonging to a location (its scanners), with a direction and an active flag. Locations
 * choose one as their validate-and-access gate.
 */
export const GATE_DIRECTIONS = ['in', 'out', 'both'] as const;
export type GateDirection = (typeof GATE_DIRECTIONS)[number];

const flag01 = z.union([z.literal(0), z.literal(1)]);
const required = { error: 'validation.required' } as const;

/** An option of a select: id and name. */
export const VenueOption = z.object({ id: z.number().int(), name: z.string() });
export type VenueOption = z.infer<typeof VenueOption>;

export const Gate = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The zone it leads from; null means from outside the venue. */
  idZoneFrom: z.number().int().nullable(),
  /** The zone it leads to. */
  idZoneTo: z.number().int(),
  /** The location it belongs to; null for none. */
  idLocation: z.number().int().nullable(),
  direction: z.enum(GATE_DIRECTIONS),
  active: flag01,
  date_update: z.string(),
});
export type Gate = z.infer<typeof Gate>;

/** POST /gates {gate}: no id creates, an id updates. */
export const GateSave = z
  .object({
    id: id().optional(),
    name: z.string(required).trim().min(1, required).max(150),
    idZoneFrom: id().nullable().optional(),
    idZoneTo: z.number(required).int().positive().max(INT4_MAX),
    idLocation: id().nullable().optional(),
    direction: z.enum(GATE_DIRECTIONS).default('both'),
    active: flag01.default(1),
  })
  .superRefine((v, ctx) => {
    if (v.idZoneFrom != null && v.idZoneFrom === v.idZoneTo) {
      ctx.addIssue({ code: 'custom', path: ['idZoneTo'], message: 'validation.sameZones' });
    }
  });
export type GateSave = z.infer<typeof GateSave>;
export const GateSaveRequest = z.object({ gate: GateSave });

/** GET /gates: the gates and the options of the form (zones and locations of the event). */
export const GatesResult = z.object({
  gates: z.array(Gate),
  zones: z.array(VenueOption),
  locations: z.array(VenueOption),
});
export type GatesResult = z.infer<typeof GatesResult>;

/** The form: selects hold ids as strings. */
export const GateForm = z
  .object({
    name: GateSave.shape.name,
    idZoneFrom: z.string().nullable(),
    idZoneTo: z.string(required).min(1, required),
    idLocation: z.string().nullable(),
    direction: z.enum(GATE_DIRECTIONS),
    active: flag01,
  })
  .superRefine((v, ctx) => {
    if (v.idZoneFrom && v.idZoneFrom === v.idZoneTo) {
      ctx.addIssue({ code: 'custom', path: ['idZoneTo'], message: 'validation.sameZones' });
    }
  });
export type GateForm = z.infer<typeof GateForm>;
