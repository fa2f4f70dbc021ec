/** The rols screen's texts prefix, the list call's extras, and the options and names of their ids. */
import type { RolsResult } from '@pulsera/contracts';
import { dayjs } from '../../../lib/format';

export const P = 'rols';
export type Extra = Omit<RolsResult, 'rols'>;
export type Option = { id: number; name: string };

export const optionsOf = (rows: Option[] | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
export const nameOf = (rows: Option[] | undefined, id: number) =>
  rows?.find((r) => r.id === id)?.name ?? `#${id}`;
export const day = (d: string) => dayjs(d).format('DD/MM/YYYY');
