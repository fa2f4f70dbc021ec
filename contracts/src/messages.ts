import type { Language } from './constants';
import type { Catalogue } from './messages/catalogue';
import { en } from './messages/en';
import { es } from './messages/es';
import { fr } from './messages/fr';
import { it } from './messages/it';

export type { Catalogue };

/**
 * Messages the server sends in `description` and the generic validation messages (01-console §5, §8),
 * in the four languages, one module each (messages/<language>.ts). The web app loads the chosen
 * language's module only, under the namespaces `errors` and `validation` (web/src/lib/i18n.ts).
 */
export const MESSAGES: Record<Language, Catalogue> = { en, es, it, fr };

/** Renders `{{name}}` placeholders. */
export function interpolate(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) =>
    k in params ? String(params[k]) : `{{${k}}}`,
  );
}
