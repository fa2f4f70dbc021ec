import type { Language } from '@pulsera/contracts';

/** Each language in its own words (the language pickers). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  it: 'Italiano',
  fr: 'Français',
};
