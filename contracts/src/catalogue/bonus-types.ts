import { z } from 'zod';
import { id } from '../inputs';
import { keyed, required } from './rule-fields';

/**
 * Bonus types (02-catalogue §2 Bonus types, §3 Bonus type, §5, §7 Bonus types; permission
 * bonificacionesManuales): M gift, E cash. O (automatic gift) belongs to the system: it is never listed,
 * never offered and refused on save.
 */
export const BONUS_TYPES = ['M', 'E'] as const;
export type BonusTypeCode = (typeof BONUS_TYPES)[number];
/** The hidden automatic-gift type. */
export const BONUS_TYPE_AUTOMATIC = 'O';

export const BonusType = z.object({
  id: z.number().int(),
  description: z.string(),
  type: z.enum(BONUS_TYPES),
  date_update: z.string(),
});
export type BonusType = z.infer<typeof BonusType>;

/** The body of POST /bonusType {bonus}: no id creates, an id updates. */
export const BonusTypeSave = z.object({
  id: id().optional(),
  description: z.string(keyed).trim().min(1, required).max(150),
  type: z.enum(BONUS_TYPES, { error: 'validation.bonusType' }),
});
export type BonusTypeSave = z.infer<typeof BonusTypeSave>;
export const BonusTypeSaveRequest = z.object({ bonus: BonusTypeSave });

export const BonusTypeForm = BonusTypeSave.omit({ id: true });
export type BonusTypeForm = z.infer<typeof BonusTypeForm>;
