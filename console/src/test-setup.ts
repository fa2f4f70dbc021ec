import { LANGUAGES } from '@pulsera/contracts';
import { loadLanguage } from './lib/i18n';

// Screen tests render in any language at once: every language's texts are loaded before they run.
await Promise.all(LANGUAGES.map(loadLanguage));
