/**
 * A configuration cached by an older version of this app lacks the fields added since; a terminal
 * that starts offline after an update decides with it until it reaches the server. Those fields get
 * the values that change nothing (no margin over capacity, no usage limit, no role time ranges, no
 * kiosk buttons, no refund rules), never `undefined` (a capacity plus `undefined` never fills).
 */
import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';

type Cached = DeviceConfig & {
  zones: (DeviceConfig['zones'][number] & { noCheckCapacity?: number })[];
};

export function upgradeConfig(stored: DeviceConfig): DeviceConfig {
  const c = stored as Partial<Cached> & Cached;
  return {
    ...c,
    zones: c.zones.map((z) => ({ ...z, noCheckCapacity: z.noCheckCapacity ?? 0 })),
    access: {
      ...c.access,
      timeRanges: c.access.timeRanges.map((r) => ({ ...r, accessUsage: r.accessUsage ?? 0 })),
      roleTimeRanges: c.access.roleTimeRanges ?? [],
    },
    topUp: { ...c.topUp, kioskButtons: c.topUp.kioskButtons ?? [] },
    refunds: c.refunds ?? [],
  };
}
