/**
 * The one way the apps write a plain number or a percentage (01-console §9: "Percent shows up to 2
 * decimals, numbers up to 6"), in the reader's language. Money has its own (money.ts: formatMoney).
 */
export const PERCENT_DECIMALS_MAX = 2;
export const NUMBER_DECIMALS_MAX = 6;

const formats = new Map<string, Intl.NumberFormat>();
const formatOf = (lang: string, style: 'decimal' | 'percent') => {
  const key = `${lang}|${style}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, {
      style,
      maximumFractionDigits: style === 'percent' ? PERCENT_DECIMALS_MAX : NUMBER_DECIMALS_MAX,
    });
    formats.set(key, f);
  }
  return f;
};

/** 1234.5678901 → '1,234.56789' (en) / '1.234,56789' (es): grouped, at most 6 decimals. '' for none. */
export function formatNumber(n: number | null | undefined, lang = 'en'): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  return formatOf(lang, 'decimal').format(n);
}

/** A percentage given in percent: 12.3456 → '12.35%' (en) / '12,35 %' (es, fr, it). '' for none. */
export function formatPercent(percent: number | null | undefined, lang = 'en'): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return '';
  return formatOf(lang, 'percent').format(percent / 100);
}

/** A percentage kept as a number (a spreadsheet cell): rounded to 2 decimals. */
export const roundPercent = (percent: number) =>
  Math.round(percent * 10 ** PERCENT_DECIMALS_MAX) / 10 ** PERCENT_DECIMALS_MAX;
