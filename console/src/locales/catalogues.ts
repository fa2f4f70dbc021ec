import enScreens from './screens/en.json';
import esScreens from './screens/es.json';
import frScreens from './screens/fr.json';
import itScreens from './screens/it.json';
import enShell from './shell/en.json';
import esShell from './shell/es.json';
import frShell from './shell/fr.json';
import itShell from './shell/it.json';

/**
 * Each language's texts as the tests read them: the shell's part (`shell/*.json`, loaded before the
 * first paint) and every other screen's (`screens/*.json`, loaded with the first such screen), and
 * the two together. The app never imports this module: it loads each part as a chunk (lib/i18n.ts).
 */
export const SHELL = { en: enShell, es: esShell, it: itShell, fr: frShell };
export const SCREENS = { en: enScreens, es: esScreens, it: itScreens, fr: frScreens };
export const TEXTS = {
  en: { ...enShell, ...enScreens },
  es: { ...esShell, ...esScreens },
  it: { ...itShell, ...itScreens },
  fr: { ...frShell, ...frScreens },
};
