/** The terminal's languages (en, es, it, fr): the browser's, else English. */
import { formatMoney, viewOf } from '@pulsera/contracts/money';
import type { EventCurrency } from '@pulsera/contracts/money-schemas';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import { relativeAge } from './relative-age';

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

/**
 * Cents of the event's financial currency in the screen's language, shown as the console shows them:
 * in the event's display currency at its rate ('12.00 T'), or in the financial one ('6.00 €': the
 * money a top-up collects).
 */
export const money = (cents: number, currency: EventCurrency, which: 'display' | 'financial' = 'display') =>
  formatMoney(cents, viewOf(currency, which), i18next.language);

/** "3m ago", "il y a 3 min"… of an age in milliseconds, in the screen's language. */
export const age = (ms: number) => relativeAge(ms, i18next.language);
