/**
 * The simulation's places from what the event's terminals load (GET /api/device/config, contracts
 * DeviceConfig): the same choices as event-setup.ts makes from the database, so a run in process and
 * a run against a running server (`npm run simulate -- --url …`) name the event's own locations,
 * staff, articles at their menu prices, zones and gates.
 */
import type { DeviceConfig } from '@pulsera/contracts';
import type { SimulationOptions } from './options';

export function setupFromConfig(config: DeviceConfig): Partial<SimulationOptions> {
  const active = config.locations.filter((l) => l.active);
  const has = (code: string) => active.filter((l) => l.activities.includes(code)).map((l) => l.id);
  const staff = config.staff.filter((s) => s.active).map((s) => s.id);
  const metres = config.staff.filter((s) => s.active && s.trusts.includes('M')).map((s) => s.id);
  const kitchenPlaces = new Set(config.kitchens.map((k) => k.locationId));
  const bars = has('V').filter((id) => !kitchenPlaces.has(id));
  const grounds = config.zones.find(
    (z) => z.parentId === null && config.zones.some((inner) => inner.parentId === z.id),
  );
  const inner = grounds && config.zones.find((z) => z.parentId === grounds.id);
  const zones = grounds && inner ? { grounds: grounds.id, inner: inner.id } : undefined;
  const gates = config.gates.filter((g) => g.active && g.locationId !== null);
  const gate = (g: (typeof gates)[number]) => ({ location: g.locationId!, gate: g.id });
  const entrances = zones ? gates.filter((g) => g.zoneFromId === null && g.zoneToId === zones.grounds) : [];
  const innerGate = zones
    ? gates.find((g) => g.zoneFromId === zones.grounds && g.zoneToId === zones.inner)
    : undefined;
  const roleIds = config.roles.map((r) => r.id);
  const kiosks = has('K');
  const desk = active.find((l) => l.activities.includes('C') && !l.activities.includes('K'))?.id;
  const presence = config.locations
    .filter((l) => l.activities.includes('P'))
    .map((l) => l.id)
    .sort((a, b) => a - b)[0];
  const articles = new Map<number, number>();
  for (const menu of config.menus)
    for (const item of menu.items) if (!articles.has(item.id)) articles.set(item.id, item.price);
  // Locations without a menu sell the event's articles at their base price.
  for (const a of config.articles) if (a.price > 0 && !articles.has(a.id)) articles.set(a.id, a.price);
  return {
    ...(articles.size ? { articles: [...articles].map(([id, price]) => ({ id, price })) } : {}),
    menus: config.menus.map((m) => ({
      location: m.location,
      items: m.items.map(({ id, price }) => ({ id, price })),
      sticks: m.sticks,
    })),
    addons: config.addons,
    ...(staff.length ? { staff } : {}),
    ...(presence !== undefined ? { presenceLocation: presence } : {}),
    ...(zones ? { zones } : {}),
    ...(roleIds.length
      ? {
          roles: {
            general: roleIds[0]!,
            vip: roleIds[1] ?? roleIds.at(-1)!,
            crew: roleIds[2] ?? roleIds.at(-1)!,
          },
        }
      : {}),
    roleFlags: config.flags.slice(0, 1).map((f) => f.id),
    ...(entrances.length ? { gates: entrances.map(gate) } : {}),
    ...(innerGate ? { innerGate: gate(innerGate) } : {}),
    ...(kiosks.length ? { kiosks } : {}),
    ...(desk !== undefined ? { desk } : {}),
    ...(bars.length ? { bars } : {}),
    kitchens: config.kitchens,
    ...(metres.length ? { metres } : {}),
  };
}
