/**
 * "3 min ago", "hace 3 min"… of an age in milliseconds, in `lang`: the narrow style, which stays short
 * on a phone's status bar, except in French, whose narrow style writes a bare minus sign ("-3 min",
 * read as a negative number), so French takes the short one ("il y a 3 min").
 */
export function relativeAge(ms: number, lang: string) {
  const style = lang.startsWith('fr') ? 'short' : 'narrow';
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'always', style });
  const s = Math.round(ms / 1000);
  if (s < 60) return rtf.format(-s, 'second');
  if (s < 3600) return rtf.format(-Math.round(s / 60), 'minute');
  return rtf.format(-Math.round(s / 3600), 'hour');
}
