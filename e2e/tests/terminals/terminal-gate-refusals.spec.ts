import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { startPretixFake } from '../../../server/test/pretix-fake';
import { openActiveEvent } from '../helpers';
import { consoleHeaders, openGate, ticketsHeld } from './terminal-helpers';

/**
 * A gate's refusals (issue 30) on a phone (360×740), at a gate of the test's own: a zone of capacity 1
 * that denies a second entry, a ticket role that opens it now and one whose time range is over. The
 * first wristband is admitted (S), tapped again it is refused as a double entry (ND); a second one is
 * refused because the zone is full (NC); one of the expired role is refused out of time (NT); each
 * with its code and its reason as the terminal's English texts say them. A ticket sold on a ticket
 * platform and cancelled there after the gate downloaded the event's ticket list is refused at the
 * gate: online by the server, and offline once the gate has synced the newer list.
 */

const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
const band = () => `04${hex(6)}`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Posts to the console's API as the admin open in `page`, and gives the result. */
async function post<T>(page: Page, url: string, data: unknown): Promise<T> {
  const res = await page.request.post(url, { headers: await consoleHeaders(page), data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()).result as T;
}

/** A zone (capacity 1, no second entry), its gate, a role open now and one past its time range. */
async function gateSetUp(page: Page, sfx: string) {
  const range = (name: string, dateStart: string, dateEnd: string) =>
    post<{ id: number }>(page, '/api/timeRange', { name, dateStart, dateEnd });
  const now = await range(`Refusals now ${sfx}`, day(-1), day(1));
  const over = await range(`Refusals over ${sfx}`, '2020-01-01', '2020-01-02');
  const zone = await post<number>(page, '/api/zones', {
    zone: { name: `Refusals zone ${sfx}`, modeDoubleIn: 'N', capacity: 1, resetCapacity: 0 },
  });
  const place = await post<{ id: number }>(page, '/api/locations', {
    location: { nombre: `Refusals place ${sfx}`, actividades_nfc: ['A'] },
  });
  const gate = `Refusals gate ${sfx}`;
  await post(page, '/api/gates', {
    gate: { name: gate, idZoneFrom: null, idZoneTo: zone, idLocation: place.id, direction: 'in', active: 1 },
  });
  const role = (name: string, idTimeRange: number) =>
    post<number>(page, '/api/rols', {
      rol: { name, price: 0, rolesAccess: [{ idZone: zone, idTimeRange, nAccess: -1 }] },
    });
  const open = `Refusals open ${sfx}`;
  const late = `Refusals late ${sfx}`;
  return { gate, open, late, openId: await role(open, now.id), lateId: await role(late, over.id) };
}

test('a gate refuses a double entry (ND), a full zone (NC) and a role out of its time (NT), each with its reason', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await openActiveEvent(page, 'admin@demo.test');
  const sfx = hex(3);
  const setUp = await gateSetUp(page, sfx);
  const [first, second, late] = [band(), band(), band()];
  const codes = { first: `REF-${sfx}-1`, second: `REF-${sfx}-2`, late: `REF-${sfx}-3` };
  await post(page, '/api/api-ticket/manual', {
    rows: [
      { line: 1, code: codes.first, role: setUp.open, holder: 'Fiona First', email: '', reseller: '' },
      { line: 2, code: codes.second, role: setUp.open, holder: 'Sam Second', email: '', reseller: '' },
      { line: 3, code: codes.late, role: setUp.late, holder: 'Leo Late', email: '', reseller: '' },
    ],
  });
  const { headers, phone, terminal, tap } = await openGate(
    page,
    browser,
    `E2E-REFUSALS-${sfx}`,
    undefined,
    setUp.gate,
  );
  // The tickets validated at the box office: each wristband holds its ticket's role.
  const validated = await page.request.post('/api/device/sync', {
    headers,
    data: {
      operations: [
        [codes.first, first, setUp.openId],
        [codes.second, second, setUp.openId],
        [codes.late, late, setUp.lateId],
      ].map(([ticketCode, rfid, roleId]) => ({
        kind: 'ticketValidation',
        id: crypto.randomUUID(),
        deviceTime: new Date().toISOString(),
        ticketCode,
        rfid,
        roleId,
      })),
    },
  });
  expect((await validated.json()).result.accepted).toHaveLength(3);

  const code = terminal.getByTestId('gate-code');
  const reason = terminal.getByTestId('gate-reason');
  const next = () => terminal.getByTestId('gate-next').click();

  await expect(await tap(first)).toHaveClass(/admitted/);
  await expect(code).toHaveText('S · allowed');
  await expect(reason).toHaveText('Welcome in.');
  await next();

  // Inside already, in a zone that denies a second entry.
  const twice = await tap(first);
  await expect(twice).toHaveClass(/refused/);
  await expect(twice).toContainText('REFUSED');
  await expect(code).toHaveText('ND · denied: double entry');
  await expect(reason).toHaveText('Already inside this zone: a second entry is not allowed.');
  await terminal.screenshot({ path: 'test-results/terminal-gate-refused-nd.png' });
  await next();

  // The zone holds its one person.
  const full = await tap(second);
  await expect(full).toHaveClass(/refused/);
  await expect(code).toHaveText('NC · denied: capacity full');
  await expect(reason).toHaveText('The zone is full.');
  await terminal.screenshot({ path: 'test-results/terminal-gate-refused-nc.png' });
  await next();

  // A role whose access into the zone is over.
  const out = await tap(late);
  await expect(out).toHaveClass(/refused/);
  await expect(code).toHaveText('NT · denied: no permission');
  await expect(reason).toHaveText('This ticket gives no access to this zone at this time.');
  await terminal.screenshot({ path: 'test-results/terminal-gate-refused-nt.png' });
  await next();
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  await phone.close();
});

/** How many cancelled tickets the gate's list holds (its IndexedDB). */
const cancelledHeld = (terminal: Page) =>
  terminal.evaluate<number>(`new Promise((done) => {
    const open = indexedDB.open('pulsera-terminal');
    open.onsuccess = () => {
      const all = open.result.transaction('ticketBuckets').objectStore('ticketBuckets').getAll();
      all.onsuccess = () => {
        open.result.close();
        done(all.result.reduce((n, b) => n + b.tickets.filter((t) => t.cancelled).length, 0));
      };
    };
  })`);

test('a ticket cancelled on its platform after the gate downloaded its list is refused at the gate', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await openActiveEvent(page, 'admin@demo.test');
  const sfx = hex(3);
  const { gate, openId } = await gateSetUp(page, sfx);
  // A ticket sold on pretix (a local server answering as its API), imported by a schedule run now.
  const pretix = await startPretixFake({ organizer: `org${sfx.toLowerCase()}` });
  const code = `CANCEL-${sfx}`;
  pretix.items = [{ id: 1345, name: 'Day pass' }];
  pretix.orders = [
    {
      code: `C${sfx}`,
      status: 'p',
      email: 'cancel@example.org',
      datetime: new Date().toISOString(),
      last_modified: new Date().toISOString(),
      positions: [
        {
          id: 1,
          positionid: 1,
          item: 1345,
          variation: null,
          secret: code,
          attendee_name: 'Cora Cancelled',
          attendee_email: null,
        },
      ],
    },
  ];
  const { schedule } = await post<{ schedule: { id: number } }>(page, '/api/api-ticket/schedules', {
    schedule: {
      name: `Refusals pretix ${sfx}`,
      platform: 'pretix',
      baseUrl: pretix.url,
      organizer: pretix.organizer,
      platformEvent: pretix.event,
      token: pretix.token,
      mappings: [{ item: 1345, variation: null, roleId: openId, resellerId: null }],
      intervalMinutes: 60,
      enabled: 0,
    },
  });
  const run = async (counted: 'created' | 'cancelled') => {
    const { runId } = await post<{ runId: number }>(page, `/api/api-ticket/schedules/${schedule.id}/run`, {});
    await expect
      .poll(
        async () => {
          const runs = await page.request.get(`/api/api-ticket/schedules/${schedule.id}/runs`, {
            headers: await consoleHeaders(page),
          });
          const mine = ((await runs.json()).result as { id: number; status: string }[]).find(
            (r) => r.id === runId,
          ) as Record<string, unknown> | undefined;
          return mine && { status: mine.status, [counted]: mine[counted] };
        },
        { timeout: 30_000 },
      )
      .toEqual({ status: 'done', [counted]: 1 });
  };
  try {
    await run('created');
    const { phone, terminal } = await openGate(page, browser, `E2E-CANCELLED-${sfx}`, undefined, gate);
    await expect.poll(() => ticketsHeld(terminal)).toBeGreaterThan(0);
    const cancelledBefore = await cancelledHeld(terminal);

    // Cancelled on the platform; the next run brings the cancellation to the console.
    pretix.touch(`C${sfx}`, (o) => {
      o.status = 'c';
    });
    await run('cancelled');

    // Online, the server refuses it.
    const refused = terminal.getByTestId('ticket-refused');
    await terminal.getByTestId('gate-validate-ticket').click();
    await terminal.getByTestId('ticket-code').fill(code);
    await terminal.getByTestId('ticket-check').click();
    await expect(refused).toHaveText('This ticket was cancelled: it does not admit');
    await expect(terminal.getByTestId('ticket-found')).toHaveCount(0);

    // At its next sync (the terminal started again) the gate holds the newer list: offline too, the
    // ticket is refused as cancelled.
    await terminal.reload();
    await expect.poll(() => cancelledHeld(terminal)).toBe(cancelledBefore + 1);
    await phone.setOffline(true);
    await terminal.getByTestId('gate-validate-ticket').click();
    await terminal.getByTestId('ticket-code').fill(code);
    await terminal.getByTestId('ticket-check').click();
    await expect(refused).toHaveText(
      "Refused: this ticket was cancelled (checked offline, against the gate's ticket list).",
    );
    await terminal.screenshot({ path: 'test-results/terminal-gate-refused-cancelled.png' });
    await phone.close();
  } finally {
    await page.request.delete(`/api/api-ticket/schedules/${schedule.id}`, {
      headers: await consoleHeaders(page),
    });
    await pretix.close();
  }
});
