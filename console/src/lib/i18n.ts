import {
  type Catalogue,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  moneyParams,
  plurals,
  splitMessage,
} from '@pulsera/contracts';
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';

const LANGUAGE_KEY = 'pulsera.language';

/**
 * Each language's texts are a chunk of their own, loaded when the language is chosen (the first
 * load carries one language, not four): the screen texts (locales/*.json) plus the server's error
 * and validation messages (contracts).
 */
const screenTexts: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../locales/en.json'),
  es: () => import('../locales/es.json'),
  it: () => import('../locales/it.json'),
  fr: () => import('../locales/fr.json'),
};

/** The server's messages of one language (contracts/src/messages/<language>.ts), a chunk each. */
const serverTexts: Record<Language, () => Promise<Catalogue>> = {
  en: () => import('@pulsera/contracts/messages/en').then((m) => m.en),
  es: () => import('@pulsera/contracts/messages/es').then((m) => m.es),
  it: () => import('@pulsera/contracts/messages/it').then((m) => m.it),
  fr: () => import('@pulsera/contracts/messages/fr').then((m) => m.fr),
};

/** Loads a language's texts into i18n once; later calls return at once. */
export async function loadLanguage(lang: Language) {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const [screens, messages] = await Promise.all([screenTexts[lang](), serverTexts[lang]()]);
  i18n.addResourceBundle(lang, 'translation', {
    ...screens.default,
    errors: messages.errors,
    validation: messages.validation,
  });
}

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
/**
 * The server's messages hold their plural forms as `{count, one {…} other {…}}` (contracts plural.ts):
 * the same formatter resolves them here, after i18next's interpolation.
 */
const pluralForms = {
  type: 'postProcessor' as const,
  name: 'plurals',
  process: (value: string, _key: string | string[], options: Record<string, unknown>) =>
    plurals(i18n.language || DEFAULT_LANGUAGE, value, options),
};
void i18n
  .use(initReactI18next)
  .use(pluralForms)
  .init({
    postProcess: ['plurals'],
    resources: {},
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

export const currentLanguage = (): Language => LANGUAGES.find((l) => l === i18n.language) ?? DEFAULT_LANGUAGE;

export async function changeLanguage(lang: Language) {
  localStorage.setItem(LANGUAGE_KEY, lang);
  document.documentElement.lang = lang;
  await loadLanguage(lang);
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
