import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDemoFestivalApp } from '../../../../test/helper';
import { REPO_ROOT } from '../../../core/config';

/**
 * The README's demo wristband and ticket sign in to the demo festival's portal and show a balance, a
 * bonus and purchases, whatever the hour the demo first starts (the simulated festival stops at that
 * hour): a change to the simulated festival that moves them fails here, not in a newcomer's hands.
 */
const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
const wristband = /serial \*\*`(\w+)`\*\* and check code \*\*`(\w+)`\*\*/.exec(readme);
const ticket = /ticket code \*\*`([\w-]+)`\*\*/.exec(readme);
const slug = /\/portal\/([a-z0-9-]+)>/.exec(readme);

describe.each(['2026-11-28T23:30:00Z', '2026-11-29T00:20:00Z', '2026-11-29T13:10:00Z'])(
  "the README's demo portal, first started at %s",
  (startedAt) => {
    let app: Awaited<ReturnType<typeof createDemoFestivalApp>>['app'];
    let close: () => Promise<void>;
    beforeAll(async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(startedAt) });
      ({ app, close } = await createDemoFestivalApp());
    }, 240_000);
    afterAll(async () => {
      await close();
      vi.useRealTimers();
    });

    const session = async (body: object) => {
      const res = await app.inject({ method: 'POST', url: `/api/portal/${slug![1]}/session`, payload: body });
      expect(res.statusCode, res.body).toBe(200);
      const me = await app.inject({
        method: 'GET',
        url: `/api/portal/${slug![1]}/me`,
        headers: { authorization: `Bearer ${res.json().result.token}` },
      });
      return me.json().result;
    };

    it('signs in with the demo wristband and shows its money, bonus and purchases', async () => {
      expect(wristband && slug).toBeTruthy();
      const me = await session({ method: 'rfid', serial: wristband![1], checkCode: wristband![2] });
      expect(me.wristband.serial).toBe(wristband![1]);
      expect(me.wristband.cash).toBeGreaterThan(0);
      expect(me.wristband.gift).toBeGreaterThan(0);
      expect(me.operations.some((o: { operation: string }) => o.operation === 'sale')).toBe(true);
    });

    it('signs in with the demo ticket', async () => {
      const me = await session({ method: 'ticket', ticketCode: ticket![1] });
      expect(me.ticketCode).toBe(ticket![1]);
      expect(me.wristband).not.toBeNull();
    });
  },
);
