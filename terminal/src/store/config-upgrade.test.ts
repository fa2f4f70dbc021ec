import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import { describe, expect, it } from 'vitest';
import { upgradeConfig } from './config-upgrade';

describe('a configuration cached by an older app', () => {
  it('gets the fields added since with values that change nothing', () => {
    const old = {
      zones: [{ id: 1, name: 'Grounds', parentId: null, modeDoubleIn: 'W', capacity: 100 }],
      access: {
        timeRanges: [
          {
            id: 2,
            dateStart: '2020-01-01',
            dateEnd: '2099-12-31',
            timeStart: '00:00:00',
            timeEnd: '23:59:59',
            weekdays: 'LMXJVSD',
          },
        ],
        roleAccess: [],
        flagAccess: [],
      },
      topUp: { bonuses: [], fees: [], presets: [500] },
    } as unknown as DeviceConfig;
    const c = upgradeConfig(old);
    expect(c.zones[0]!.noCheckCapacity).toBe(0);
    expect(c.access.timeRanges[0]!.accessUsage).toBe(0);
    expect(c.access.roleTimeRanges).toEqual([]);
    expect(c.topUp.kioskButtons).toEqual([]);
    expect(c.refunds).toEqual([]);
    // A current one is unchanged.
    expect(upgradeConfig(c)).toEqual(c);
  });
});
