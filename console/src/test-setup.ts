import { LANGUAGES } from '@pulsera/contracts';
import { loadLanguage, loadScreenTexts } from './lib/i18n';

// Screen tests render in any language at once: every language's texts (the shell's and every
// screen's) are loaded before they run.
await loadScreenTexts();
await Promise.all(LANGUAGES.map(loadLanguage));
