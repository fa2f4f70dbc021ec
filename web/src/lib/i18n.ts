import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  MESSAGES,
  moneyParams,
  splitMessage,
} from '@pulsera/contracts';
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import it from '../locales/it.json';

const LANGUAGE_KEY = 'pulsera.language';
const screens = { en, es, it, fr } as const;

/** Screen texts (locales/*.json) plus the server's error and validation messages (contracts). */
export const resources = Object.fromEntries(
  LANGUAGES.map((l) => [
    l,
    { translation: { ...screens[l], errors: MESSAGES[l].errors, validation: MESSAGES[l].validation } },
  ]),
) as unknown as Record<Language, { translation: Record<string, unknown> }>;

/** The stored choice, else the browser's language, else en (01-console §1). */
export function initialLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null;
  const pick = (v: string | null | undefined) => LANGUAGES.find((l) => l === v?.slice(0, 2).toLowerCase());
  return (
    pick(stored) ??
    pick(typeof navigator !== 'undefined' ? navigator.language : undefined) ??
    DEFAULT_LANGUAGE
  );
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const currentLanguage = (): Language => LANGUAGES.find((l) => l === i18n.language) ?? DEFAULT_LANGUAGE;

export async function changeLanguage(lang: Language) {
  localStorage.setItem(LANGUAGE_KEY, lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

/** Renders a validation message of either side: 'validation.key' or 'validation.key|{"param":1}'. */
export function translateMessage(
  t: TFunction,
  message: string | undefined,
  /** Formats the amounts of the message (`<name>Cents` params): the screen's `messageAmount(money)`. */
  amount?: (cents: number) => string,
): string | undefined {
  if (!message) return undefined;
  const { key, params } = splitMessage(message);
  return key.includes('.') ? t(key, moneyParams(params, amount) as Record<string, string>) : message;
}
