import { z } from 'zod';
import { CHECK_CODE_MAX, SERIAL_LENGTH } from '../constants';
import { id } from '../inputs';

/** 01-console §3 Banned wristband, §5 Ban form. */
const upper = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min, { error: min <= 1 ? 'validation.required' : `validation.minLength|{"minLength":${min}}` })
    .max(max)
    .refine((v) => v === v.toUpperCase(), { error: 'validation.upperCase' });
const flag01 = z.union([z.literal(0), z.literal(1)]);

export const BannedWristband = z.object({
  id: z.number().int(),
  nSerie: z.string(),
  codeCheck: z.string().nullable(),
  notes: z.string().nullable(),
  enabled: flag01,
  enabledTopUps: flag01,
  date_update: z.string(),
});
export type BannedWristband = z.infer<typeof BannedWristband>;

/** The form (and POST /rfids/ban, which names the toggles banAndroid and banTopUps). */
export const BanForm = z.object({
  nSerie: upper(SERIAL_LENGTH.max, SERIAL_LENGTH.min),
  codeCheck: upper(CHECK_CODE_MAX).optional(),
  notes: z.string().trim().max(500).optional(),
  enabled: flag01,
  enabledTopUps: flag01,
});
export type BanForm = z.infer<typeof BanForm>;

/**
 * POST /rfids/ban: without `id` a new ban (a serial already banned, in any letter case, is refused
 * with 409 alreadyBanned); with `id` an edit of that ban.
 */
export const BanRequest = z.object({
  id: id().optional(),
  nSerie: BanForm.shape.nSerie,
  codeCheck: BanForm.shape.codeCheck,
  notes: BanForm.shape.notes,
  banAndroid: flag01,
  banTopUps: flag01,
});
export type BanRequest = z.infer<typeof BanRequest>;
