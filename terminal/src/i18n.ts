/** The terminal's languages (en, es, it, fr): the browser's, else English. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';

export const LANGUAGES = ['en', 'es', 'it', 'fr'] as const;
const browser = navigator.language.slice(0, 2);
const lng = (LANGUAGES as readonly string[]).includes(browser) ? browser : 'en';
document.documentElement.lang = lng;

void i18next.use(initReactI18next).init({
  lng,
  fallbackLng: 'en',
  resources: {
    en: { translation: en },
    es: { translation: es },
    it: { translation: it },
    fr: { translation: fr },
  },
  interpolation: { escapeValue: false },
});

/** Cents of the event's currency, in the screen's language. */
export function money(cents: number, currency: string | undefined) {
  return new Intl.NumberFormat(i18next.language, {
    style: currency ? 'currency' : 'decimal',
    currency: currency || undefined,
    minimumFractionDigits: 2,
  }).format(cents / 100);
}

/** "3 min", "2 h"… of an age in milliseconds. */
export function age(ms: number) {
  const rtf = new Intl.RelativeTimeFormat(i18next.language, { numeric: 'always', style: 'narrow' });
  const s = Math.round(ms / 1000);
  if (s < 60) return rtf.format(-s, 'second');
  if (s < 3600) return rtf.format(-Math.round(s / 60), 'minute');
  return rtf.format(-Math.round(s / 3600), 'hour');
}
