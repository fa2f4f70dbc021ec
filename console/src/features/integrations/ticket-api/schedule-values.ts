/** A ticket import schedule as its form holds it: the values of a new one and of a saved one. */
import type {
  ExternalProduct,
  TicketProductMapping,
  TicketSchedule,
  TicketScheduleSave as TicketScheduleSaveInput,
} from '@pulsera/contracts';

export type Values = TicketScheduleSaveInput & { token?: string };

export const empty = (): Values => ({
  name: '',
  platform: 'pretix',
  baseUrl: 'https://pretix.eu',
  organizer: '',
  platformEvent: '',
  token: '',
  mappings: [],
  intervalMinutes: 15,
  enabled: 1,
  reportEmail: '',
});
export const valuesOf = (s: TicketSchedule): Values => ({
  id: s.id,
  name: s.name,
  platform: s.platform,
  baseUrl: s.baseUrl,
  organizer: s.organizer,
  platformEvent: s.platformEvent,
  token: '',
  mappings: s.mappings,
  intervalMinutes: s.intervalMinutes,
  enabled: s.enabled === 1 ? 1 : 0,
  reportEmail: s.reportEmail ?? '',
});

/** The key of a product in the mapping's choice: item and variation. */
export const productKey = (p: { item: number; variation: number | null }) => `${p.item}:${p.variation ?? ''}`;

/**
 * The mapping's product choices: the platform's products by name (the id added only when two share
 * a name), and a mapped product the platform no longer lists by its id.
 */
export function productChoices(
  products: ExternalProduct[],
  mapped: Pick<TicketProductMapping, 'item' | 'variation'>[],
  unknown: (id: string) => string,
) {
  const named = new Map<string, number>();
  for (const p of products) named.set(p.name, (named.get(p.name) ?? 0) + 1);
  const idOf = (p: { item: number; variation: number | null }) =>
    `#${p.item}${p.variation !== null ? `/${p.variation}` : ''}`;
  const options = products.map((p) => ({
    value: productKey(p),
    label: named.get(p.name)! > 1 ? `${p.name} (${idOf(p)})` : p.name,
  }));
  const known = new Set(options.map((o) => o.value));
  for (const m of mapped)
    if (m.item > 0 && !known.has(productKey(m))) {
      known.add(productKey(m));
      options.push({ value: productKey(m), label: unknown(idOf(m)) });
    }
  return options;
}
