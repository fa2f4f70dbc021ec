import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';

/** The attendee's language: the one chosen before, else the browser's, among the four. */
export const PORTAL_LANGUAGES = ['en', 'es', 'it', 'fr'] as const;
export type PortalLanguage = (typeof PORTAL_LANGUAGES)[number];
export const LANGUAGE_NAMES: Record<PortalLanguage, string> = {
  en: 'English',
  es: 'Español',
  it: 'Italiano',
  fr: 'Français',
};
const KEY = 'pulsera.portal.language';
const isLanguage = (v: string | null | undefined): v is PortalLanguage =>
  !!v && (PORTAL_LANGUAGES as readonly string[]).includes(v);

export function initialLanguage(): PortalLanguage {
  const saved = localStorage.getItem(KEY);
  if (isLanguage(saved)) return saved;
  for (const l of navigator.languages ?? [navigator.language]) {
    const base = l.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export function chooseLanguage(l: PortalLanguage) {
  localStorage.setItem(KEY, l);
  document.documentElement.lang = l;
  return i18next.changeLanguage(l);
}

export const i18n = i18next.use(initReactI18next);
export function startI18n() {
  const lng = initialLanguage();
  document.documentElement.lang = lng;
  return i18n.init({
    lng,
    fallbackLng: 'en',
    resources: { en: { t: en }, es: { t: es }, it: { t: it }, fr: { t: fr } },
    defaultNS: 't',
    interpolation: { escapeValue: false },
  });
}
