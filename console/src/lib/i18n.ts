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
import { type ComponentType, lazy } from 'react';
import { initReactI18next } from 'react-i18next';

const LANGUAGE_KEY = 'pulsera.language';

type Texts = () => Promise<{ default: Record<string, unknown> }>;

/**
 * Each language's texts are chunks of their own, loaded when the language is chosen (the first load
 * carries one language, not four), in two parts (issue 31, first load): the shell's texts
 * (`locales/shell/*.json`: the top-level areas of the sign-in page, the event chooser and the admin
 * layout) with the server's error and validation messages (contracts), loaded before the first paint;
 * and every other screen's texts (`locales/screens/*.json`), loaded with the first screen that is not
 * one of those (`lazyScreen`). An area lives in exactly one of the two files (locales.test.ts), and a
 * key the shell's files name must be in the shell's part (locales-split.test.ts).
 */
const shellTexts: Record<Language, Texts> = {
  en: () => import('../locales/shell/en.json'),
  es: () => import('../locales/shell/es.json'),
  it: () => import('../locales/shell/it.json'),
  fr: () => import('../locales/shell/fr.json'),
};
const screenTexts: Record<Language, Texts> = {
  en: () => import('../locales/screens/en.json'),
  es: () => import('../locales/screens/es.json'),
  it: () => import('../locales/screens/it.json'),
  fr: () => import('../locales/screens/fr.json'),
};

/** The server's messages of one language (contracts/src/messages/<language>.ts), a chunk each. */
const serverTexts: Record<Language, () => Promise<Catalogue>> = {
  en: () => import('@pulsera/contracts/messages/en').then((m) => m.en),
  es: () => import('@pulsera/contracts/messages/es').then((m) => m.es),
  it: () => import('@pulsera/contracts/messages/it').then((m) => m.it),
  fr: () => import('@pulsera/contracts/messages/fr').then((m) => m.fr),
};

const loading = new Map<string, Promise<void>>();
/** Loads one part of a language's texts into i18n once (later calls share the first load). */
function loadPart(lang: Language, part: 'shell' | 'screens'): Promise<void> {
  const key = `${lang}:${part}`;
  let done = loading.get(key);
  if (!done) {
    done =
      part === 'shell'
        ? Promise.all([shellTexts[lang](), serverTexts[lang]()]).then(([shell, messages]) => {
            const texts = { ...shell.default, errors: messages.errors, validation: messages.validation };
            i18n.addResourceBundle(lang, 'translation', texts, true, true);
          })
        : screenTexts[lang]().then((m) => {
            i18n.addResourceBundle(lang, 'translation', m.default, true, true);
          });
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

/** Whether a screen beyond the shell has been opened: a language chosen later loads its screens' texts too. */
let screensWanted = false;

/** Loads a language's texts (the shell's; every screen's too once one was opened); then returns at once. */
export async function loadLanguage(lang: Language) {
  await Promise.all([loadPart(lang, 'shell'), screensWanted ? loadPart(lang, 'screens') : undefined]);
}

/** Loads every screen's texts of the current language (and, from now on, of any language chosen). */
export function loadScreenTexts(): Promise<void> {
  screensWanted = true;
  return loadPart(currentLanguage(), 'screens');
}

/**
 * A lazy screen that shows with its texts: the page's chunk and the screens' texts load together
 * (every page but the sign-in page, the event chooser and the admin layout).
 */
export const lazyScreen = <T extends ComponentType>(load: () => Promise<{ default: T }>) =>
  lazy(() => Promise.all([load(), loadScreenTexts()]).then(([page]) => page));

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
