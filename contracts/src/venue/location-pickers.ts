import type { LocationActivity } from './locations';

/**
 * Which locations a location picker offers (02-catalogue §3, Location activity codes): those whose
 * NFC activities fit what is chosen, one rule for the screens and the server.
 * - `topUp`: where wristbands are topped up (C top-up, K kiosk) — automatic bonuses "only at chosen
 *   top-up locations", top-up fees, refund rules (balances are paid back where money is taken), the
 *   top-up reports' filters;
 * - `sale`: where articles are sold (V sale, I sale in a top-up location) — packs, kitchens (orders come
 *   from a selling location), the sales reports' filters.
 * A location already named by a saved row stays offered (and accepted) for that row after its
 * activities change, so an edit never loses it silently; a new choice must fit.
 */
export const LOCATION_PICKERS = {
  topUp: ['C', 'K'],
  sale: ['V', 'I'],
} as const satisfies Record<string, readonly LocationActivity[]>;
export type LocationPicker = keyof typeof LOCATION_PICKERS;

export const locationFits = (picker: LocationPicker, activities: readonly string[]) =>
  activities.some((a) => (LOCATION_PICKERS[picker] as readonly string[]).includes(a));

/** The validation message (key of the shared catalogue) of a location that does not fit. */
export const LOCATION_PICKER_MESSAGE: Record<LocationPicker, string> = {
  topUp: 'validation.locationNotTopUp',
  sale: 'validation.locationNotSale',
};
