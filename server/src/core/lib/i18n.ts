import {
  DEFAULT_LANGUAGE,
  formatText,
  LANGUAGES,
  type Language,
  MESSAGES,
  moneyParams,
  splitMessage,
} from '@pulsera/contracts';

/** The request's language: header `language`, else Accept-Language, else en. */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const pick = (v: string | undefined) => {
    const code = v?.slice(0, 2).toLowerCase();
    return LANGUAGES.find((l) => l === code);
  };
  const h = headers.language;
  const explicit = pick(Array.isArray(h) ? h[0] : h);
  if (explicit) return explicit;
  const accept = headers['accept-language'];
  const first = (Array.isArray(accept) ? accept[0] : accept)?.split(',')[0];
  return pick(first) ?? DEFAULT_LANGUAGE;
}

/** Translates `errors.x`, `validation.x` (with `|{params}`) or a bare error key. */
export function translate(lang: Language, message: string, params: Record<string, unknown> = {}): string {
  const { key, params: inline } = splitMessage(message);
  const [ns, name] = key.includes('.') ? (key.split('.', 2) as [string, string]) : ['errors', key];
  const cat = MESSAGES[lang] as unknown as Record<string, Record<string, string>>;
  const text =
    cat[ns]?.[name] ?? (MESSAGES.en as unknown as Record<string, Record<string, string>>)[ns]?.[name];
  return text ? formatText(lang, text, moneyParams({ ...inline, ...params })) : key;
}
