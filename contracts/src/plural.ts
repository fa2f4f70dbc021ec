import { formatNumber } from './number-format';

// Plural-aware texts, one formatter for the console and the server (issue 27 item 7). No zod here.

/**
 * Plural forms inside a text: `{count, one {# hour} other {# hours}}` picks the form that
 * Intl.PluralRules gives the count in the language (one, two, few, many, other; `=0` matches
 * exactly), with `#` standing for the count. A form may hold `{{placeholders}}`. A text without such a
 * block is returned as it is.
 */
const BLOCK = /\{(\w+),\s*((?:=?\w+\s*\{(?:[^{}]|\{\{\w+\}\})*\}\s*)+)\}/g;
const FORM = /(=?\w+)\s*\{((?:[^{}]|\{\{\w+\}\})*)\}/g;

const rules = new Map<string, Intl.PluralRules>();
function pluralRules(lang: string) {
  let r = rules.get(lang);
  if (!r) {
    r = new Intl.PluralRules(lang);
    rules.set(lang, r);
  }
  return r;
}

/** The plural category of a count in a language (`one`, `other`…). */
export const pluralCategory = (lang: string, count: number) => pluralRules(lang).select(count);

export function plurals(lang: string, text: string, params: Record<string, unknown>): string {
  if (!text.includes(',')) return text;
  return text.replace(BLOCK, (whole, name: string, body: string) => {
    const n = Number(params[name]);
    if (!Number.isFinite(n)) return whole;
    const forms = new Map<string, string>();
    for (const m of body.matchAll(FORM)) forms.set(m[1]!, m[2]!);
    const form = forms.get(`=${n}`) ?? forms.get(pluralCategory(lang, n)) ?? forms.get('other') ?? '';
    return form.replaceAll('#', formatNumber(n, lang));
  });
}

/** A text with its plural blocks resolved and its `{{placeholders}}` filled. */
export function formatText(lang: string, text: string, params: Record<string, unknown> = {}): string {
  return plurals(lang, text, params).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) =>
    k in params ? String(params[k]) : `{{${k}}}`,
  );
}

const DURATIONS: Record<string, { h: string; m: string }> = {
  en: { h: '{n, one {# hour} other {# hours}}', m: '{n, one {# minute} other {# minutes}}' },
  es: { h: '{n, one {# hora} other {# horas}}', m: '{n, one {# minuto} other {# minutos}}' },
  it: { h: '{n, one {# ora} other {# ore}}', m: '{n, one {# minuto} other {# minuti}}' },
  fr: { h: '{n, one {# heure} other {# heures}}', m: '{n, one {# minute} other {# minutes}}' },
};

/** A span of minutes in words, in whole hours when it is some ("1 hour", "90 minutes", "2 heures"). */
export function formatDuration(lang: string, minutes: number): string {
  const d = DURATIONS[lang] ?? DURATIONS.en!;
  return minutes % 60 === 0 && minutes > 0
    ? plurals(lang, d.h, { n: minutes / 60 })
    : plurals(lang, d.m, { n: minutes });
}
