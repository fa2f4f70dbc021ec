import { z } from 'zod';
import { DATE_BOUNDS } from '../constants';
import { id, wireIdList } from '../inputs';
import { VenueOption } from '../venue/gates';
import { keyed, required } from './rule-fields';

/**
 * Management fees of top-ups (02-catalogue §2 Fees, §3 Fee, §5, §7 Fees, §9; permission gastosDeGestion).
 * fee, minRecharge and maxRecharge are cents of the financial currency; the numbers of the top-up the
 * fee applies to run from nRechargeIni to nRechargeEnd. Every minimum is 1 (§9 "Fee minimums are 1").
 * idLocations / idDevices empty means every location / device.
 */
export const FEE_MIN = 1;
export const FEE_MAX_ITEMS = 200;
const MAX_CENTS = 100_000_000;

export const Fee = z.object({
  id: z.number().int(),
  name: z.string(),
  fee: z.number().int(),
  nRechargeIni: z.number().int(),
  nRechargeEnd: z.number().int(),
  minRecharge: z.number().int(),
  maxRecharge: z.number().int(),
  /** ISO date-times (UTC). */
  dateStart: z.string(),
  dateEnd: z.string(),
  idLocations: z.array(z.number().int()),
  idDevices: z.array(z.number().int()),
  date_update: z.string(),
});
export type Fee = z.infer<typeof Fee>;

/** A device as the rule screens offer it. */
export const DeviceOption = z.object({ id: z.number().int(), name: z.string() });

/** GET /fees: result.fees, locations (and the devices to choose from). */
export const FeesResult = z.object({
  fees: z.array(Fee),
  locations: z.array(VenueOption),
  devices: z.array(DeviceOption),
});
export type FeesResult = z.infer<typeof FeesResult>;

const isoDateTime = z.iso.datetime({ offset: true });
/** A date-time within 2020-01-01 … 2099-12-31. */
const boundedDateTime = () =>
  z
    .string(required)
    .min(1, { ...required, abort: true })
    .refine((v) => isoDateTime.safeParse(v).success, { error: 'validation.invalid', abort: true })
    .refine((v) => new Date(v) >= new Date(`${DATE_BOUNDS.min}T00:00:00Z`), {
      error: `validation.startBound|{"bound":"${DATE_BOUNDS.min}"}`,
    })
    .refine((v) => new Date(v) <= new Date(`${DATE_BOUNDS.max}T23:59:59Z`), {
      error: `validation.endBound|{"bound":"${DATE_BOUNDS.max}"}`,
    });

function feeRules(
  v: {
    nRechargeIni: number | null;
    nRechargeEnd: number | null;
    minRecharge: number | null;
    maxRecharge: number | null;
    dateStart: string | null;
    dateEnd: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (v.nRechargeIni !== null && v.nRechargeEnd !== null && v.nRechargeEnd < v.nRechargeIni)
    ctx.addIssue({ code: 'custom', path: ['nRechargeEnd'], message: 'validation.maxBelowMin' });
  if (v.minRecharge !== null && v.maxRecharge !== null && v.maxRecharge < v.minRecharge)
    ctx.addIssue({ code: 'custom', path: ['maxRecharge'], message: 'validation.maxBelowMin' });
  if (v.dateStart && v.dateEnd && new Date(v.dateEnd) < new Date(v.dateStart))
    ctx.addIssue({ code: 'custom', path: ['dateEnd'], message: 'validation.endAfterStart' });
}

const count = () => z.number(keyed).int().min(FEE_MIN).max(1_000_000);
const cents = () => z.number(keyed).int().min(FEE_MIN).max(MAX_CENTS);

/** The body of POST /fees {fee}: no id creates, an id updates. */
export const FeeSave = z
  .object({
    id: id().optional(),
    name: z.string(keyed).trim().min(1, required).max(150),
    fee: cents(),
    nRechargeIni: count(),
    nRechargeEnd: count(),
    minRecharge: cents(),
    maxRecharge: cents(),
    dateStart: boundedDateTime(),
    dateEnd: boundedDateTime(),
    idLocations: wireIdList(z.array(id()).max(FEE_MAX_ITEMS), []).default([]),
    idDevices: wireIdList(z.array(id()).max(FEE_MAX_ITEMS), []).default([]),
  })
  .superRefine(feeRules);
export type FeeSave = z.infer<typeof FeeSave>;
export const FeeSaveRequest = z.object({ fee: FeeSave });

/** The form: amounts in units of the display currency, ids as the selects hold them. */
export const FeeForm = z
  .object({
    name: FeeSave.shape.name,
    fee: z.number(keyed).positive({ error: 'validation.positive' }),
    nRechargeIni: count(),
    nRechargeEnd: count(),
    minRecharge: z.number(keyed).positive({ error: 'validation.positive' }),
    maxRecharge: z.number(keyed).positive({ error: 'validation.positive' }),
    dateStart: z.string(keyed).min(1, required),
    dateEnd: z.string(keyed).min(1, required),
    idLocations: z.array(z.string()),
    idDevices: z.array(z.string()),
  })
  .superRefine(feeRules);
export type FeeForm = z.infer<typeof FeeForm>;
