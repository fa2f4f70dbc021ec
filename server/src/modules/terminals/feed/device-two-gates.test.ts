import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceHeaders } from '../../../../test/device-token';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { tickets } from '../../../core/db/schema';

/**
 * Two gates offline validate the same ticket (issue 30): each held it as unused, each bound it to the
 * wristband tapped there. Both validations reach the feed when the gates sync; the second is kept (not
 * dropped), marked repeated, and the console's ticket search flags the ticket as validated on two gates.
 */
let t: TestApp;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
});
afterAll(() => t.close());

describe('one ticket validated on two gates offline', () => {
  it('keeps both validations, flags the second, and the console shows the ticket validated on two gates', async () => {
    await t.database.db.insert(tickets).values({ eventId, code: 'TWO-GATES-1' });
    const north = await deviceHeaders(t, eventId, 'TOTEM-TWO-N');
    const south = await deviceHeaders(t, eventId, 'TOTEM-TWO-S');
    const at = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    const validation = (rfid: string, deviceTime: string) => ({
      kind: 'ticketValidation',
      id: randomUUID(),
      deviceTime,
      rfid,
      ticketCode: 'TWO-GATES-1',
    });
    // Both offline: the north gate validated it first, the south gate a minute later; the south gate
    // reconnects first.
    const first = validation('04AA00000000A1', at(10));
    const second = validation('04AA00000000B2', at(9));
    const southSync = await t.call('POST', '/api/device/sync', {
      headers: south,
      body: { operations: [second] },
    });
    const northSync = await t.call('POST', '/api/device/sync', {
      headers: north,
      body: { operations: [first] },
    });
    expect(southSync.body.result.accepted).toEqual([second.id]);
    expect(northSync.body.result.accepted).toEqual([first.id]);

    const admin = await t.session('admin@demo.test');
    const found = await t.call('GET', '/api/reports/tickets/search?query=TWO-GATES-1', admin);
    expect(found.status).toBe(200);
    const [ticket] = found.body.result.tickets;
    expect(ticket.gates).toBe(2);
    expect(
      ticket.validations.map((v: { device: string; rfid: string; repeated: boolean }) => [
        v.device,
        v.repeated,
      ]),
    ).toEqual(
      // Newest first; the one that reached the server second is the repeated one.
      [
        ['TOTEM-TWO-S', false],
        ['TOTEM-TWO-N', true],
      ],
    );
  });
});
