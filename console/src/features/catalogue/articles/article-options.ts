/** The articles screen's texts prefix, the list call's extras and the choices built from them. */
import type { ArticlesResult } from '@pulsera/contracts';
import { C } from './shared';

export const P = `${C}.articles`;

/** What the list call answers beside the articles, with the names the columns show. */
export type Extra = Omit<ArticlesResult, 'articles'> & {
  names: Map<number, string>;
  rolNames: Map<number, string>;
};

export const options = (list: { id: number; name: string }[]) =>
  list.map((o) => ({ value: String(o.id), label: o.name }));
/** Choices, plus the chosen ids the choices no longer have (shown by number). */
export const withChosen = (opts: { value: string; label: string }[], chosen: number[]) => [
  ...opts,
  ...chosen
    .filter((id) => !opts.some((o) => o.value === String(id)))
    .map((id) => ({ value: String(id), label: `#${id}` })),
];
