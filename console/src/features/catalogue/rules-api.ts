import type {
  Addon,
  AddonSave,
  AddonStatsFilters,
  AddonStatsResult,
  AddonsResult,
  Bonus,
  BonusesResult,
  BonusSave,
  BonusType,
  BonusTypeSave,
  Fee,
  FeeSave,
  FeesResult,
  Flag,
  FlagSave,
  FlagsResult,
  RefundRuleSave,
  RefundsResult,
} from '@pulsera/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';

/**
 * The calls of flags, add-ons, bonus types, bonuses, fees and refund rules (02-catalogue §7). Saves
 * wrapped as `{ <wrapper>: values }` get field errors named `<wrapper>.<field>`: each screen's
 * definition names its wrapper (`serverFields`), and the shared screen places them.
 */

/** Every list of this area shares this root: flags are offered by add-ons, bonus types by bonuses. */
export const rulesKeys = { all: ['catalogue-rules'] as const };
const keysOf = (name: string) => ({
  all: [...rulesKeys.all, name] as const,
  list: () => [...rulesKeys.all, name, 'list'] as const,
});

export const flagKeys = keysOf('flags');
export const listFlags = () => api.get<FlagsResult>('/flag');
export const saveFlag = (flag: z.input<typeof FlagSave>) => api.post<Flag>('/flag', { flag }, { form: true });
export const deleteFlag = (id: number) => api.delete<boolean>(`/flag/${id}`);

export const addonKeys = keysOf('addons');
export const listAddons = () => api.get<AddonsResult>('/addon');
export const saveAddon = (item: z.input<typeof AddonSave>) =>
  api.post<Addon>('/addon', { item }, { form: true });
export const deleteAddon = (id: number) => api.delete<boolean>(`/addon/${id}`);

/**
 * The add-on statistics: the add-ons screen asks its own call (permission addon), the report screen
 * the report's (reportAddons); both answer the same. Saving an add-on refreshes them (names, colours).
 */
export type AddonStatsSource = 'addon' | 'report';
export const addonStatsKeys = {
  all: [...rulesKeys.all, 'addon-stats'] as const,
  of: (source: AddonStatsSource, f: AddonStatsFilters) =>
    [
      ...rulesKeys.all,
      'addon-stats',
      source,
      f.dateStart ?? null,
      f.dateEnd ?? null,
      f.idStaff ?? null,
      f.idAddon ?? null,
    ] as const,
};
export const loadAddonStats = (source: AddonStatsSource, f: AddonStatsFilters) =>
  api.get<AddonStatsResult>(source === 'addon' ? '/addon/stats' : '/reports/overviewAddonLog', {
    query: { dateStart: f.dateStart, dateEnd: f.dateEnd, idStaff: f.idStaff, idAddon: f.idAddon },
  });

export const bonusTypeKeys = keysOf('bonus-types');
export const listBonusTypes = () => api.get<BonusType[]>('/bonusType');
export const saveBonusType = (bonus: z.input<typeof BonusTypeSave>) =>
  api.post<BonusType>('/bonusType', { bonus }, { form: true });
export const deleteBonusType = (id: number) => api.delete<boolean>(`/bonusType/${id}`);

export const bonusKeys = keysOf('bonuses');
export const listBonuses = () => api.get<BonusesResult>('/bonus');
export const saveBonus = (bonus: z.input<typeof BonusSave>) =>
  api.post<Bonus>('/bonus', { bonus }, { form: true });
export const deleteBonus = (id: number) => api.delete<boolean>(`/bonus/${id}`);

export const feeKeys = keysOf('fees');
export const listFees = () => api.get<FeesResult>('/fees');
export const saveFee = (fee: z.input<typeof FeeSave>) => api.post<Fee>('/fees', { fee }, { form: true });
export const deleteFee = (id: number) => api.delete<boolean>(`/fees/${id}`);

export const refundKeys = keysOf('refunds');
export const listRefunds = () => api.get<RefundsResult>('/refunds');
/** The result is the rule's id. */
export const saveRefund = (refund: z.input<typeof RefundRuleSave>) =>
  api.post<number>('/refunds', { refund }, { form: true });
export const deleteRefund = (id: number) => api.delete<boolean>(`/refunds/${id}`);
