import { ticketHash } from '@pulsera/contracts/terminals/ticket-hash';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TerminalDb } from './db';
import { applyTicketList, refreshTicketList } from './ticket-list';
import { bindTicket, checkTicket } from './ticket-validation';

const db = new TerminalDb('ticket-list-test');
beforeEach(() => vi.stubGlobal('navigator', { onLine: false }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
  await db.open();
});

const EVENT = 7;
const entry = async (id: number, code: string, over: object = {}) => ({
  id,
  hash: await ticketHash(EVENT, code),
  roleId: 4,
  holder: 'Ada Gate',
  cancelled: false,
  boundTo: null,
  ...over,
});
const at = { staffId: 5, locationId: 3, eventId: EVENT };

describe('a ticket validated offline from the gate’s list', () => {
  it('says the gate cannot check a ticket while it holds no list', async () => {
    expect(await checkTicket(db, EVENT, 'GATE-1')).toEqual({ reason: 'offline' });
  });

  it('validates a listed ticket, refuses an unknown code, and refuses a second scan here', async () => {
    await applyTicketList(db, {
      version: '2026-11-29T03:00:00.000000Z',
      full: true,
      tooLarge: false,
      tickets: [await entry(1, 'GATE-1')],
      total: 1,
    });
    expect(await checkTicket(db, EVENT, ' GATE-1 ')).toEqual({
      ticket: { code: 'GATE-1', roleId: 4, holder: 'Ada Gate', boundTo: null },
    });
    expect(await checkTicket(db, EVENT, 'GATE-404')).toEqual({ reason: 'unknownOffline' });
    // The same code of another event is not this event's ticket.
    expect(await checkTicket(db, EVENT + 1, 'GATE-1')).toEqual({ reason: 'unknownOffline' });

    const found = await checkTicket(db, EVENT, 'GATE-1');
    if (!('ticket' in found)) throw new Error('expected a ticket');
    await bindTicket(db, at, found.ticket, '04AB000000000A');
    const queued = await db.outbox.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.operation).toMatchObject({ kind: 'ticketValidation', ticketCode: 'GATE-1', roleId: 4 });
    expect(await checkTicket(db, EVENT, 'GATE-1')).toEqual({ reason: 'used', serial: '04AB000000000A' });
    // A delta that still says unbound (the validation not sent yet) does not undo the refusal.
    await applyTicketList(db, {
      version: '2026-11-29T03:01:00.000000Z',
      full: false,
      tooLarge: false,
      tickets: [await entry(1, 'GATE-1', { holder: 'Ada Renamed' })],
      total: 1,
    });
    expect(await checkTicket(db, EVENT, 'GATE-1')).toEqual({ reason: 'used', serial: '04AB000000000A' });
  });

  it('asks for the changes since the version held, and refuses a ticket the delta cancelled', async () => {
    const asked: (string | undefined)[] = [];
    const answers = [
      {
        version: 'v1',
        full: true,
        tooLarge: false,
        tickets: [await entry(1, 'GATE-1'), await entry(2, 'GATE-2')],
        total: 2,
      },
      {
        version: 'v2',
        full: false,
        tooLarge: false,
        tickets: [await entry(2, 'GATE-2', { cancelled: true })],
        total: 2,
      },
      // GATE-1 deleted in the console: the next delta is empty but the event has one ticket less.
      { version: 'v3', full: false, tooLarge: false, tickets: [], total: 1 },
      {
        version: 'v3',
        full: true,
        tooLarge: false,
        tickets: [await entry(2, 'GATE-2', { cancelled: true })],
        total: 1,
      },
    ];
    const fetchList = async (since?: string) => {
      asked.push(since);
      return answers[asked.length - 1]!;
    };
    await refreshTicketList(db, fetchList);
    expect(await checkTicket(db, EVENT, 'GATE-2')).toHaveProperty('ticket');
    await refreshTicketList(db, fetchList);
    expect(asked).toEqual([undefined, 'v1']);
    expect(await checkTicket(db, EVENT, 'GATE-2')).toEqual({ reason: 'cancelledOffline' });
    expect(await checkTicket(db, EVENT, 'GATE-1')).toHaveProperty('ticket');
    await refreshTicketList(db, fetchList);
    expect(asked).toEqual([undefined, 'v1', 'v2', undefined]);
    expect(await checkTicket(db, EVENT, 'GATE-1')).toEqual({ reason: 'unknownOffline' });
  });

  it('replaces a ticket whose code changed: the old code is unknown, the new one found', async () => {
    const many = await Promise.all(Array.from({ length: 300 }, (_, i) => entry(i + 1, `GATE-${i + 1}`)));
    await applyTicketList(db, { version: 'v1', full: true, tooLarge: false, tickets: many, total: 300 });
    expect(await checkTicket(db, EVENT, 'GATE-250')).toHaveProperty('ticket');
    // Ticket 250's code changed on the platform, and a new ticket 5000 (another id record) came.
    await applyTicketList(db, {
      version: 'v2',
      full: false,
      tooLarge: false,
      tickets: [await entry(250, 'GATE-250-NEW'), await entry(5000, 'GATE-5000')],
      total: 301,
    });
    expect(await checkTicket(db, EVENT, 'GATE-250')).toEqual({ reason: 'unknownOffline' });
    expect(await checkTicket(db, EVENT, 'GATE-250-NEW')).toHaveProperty('ticket');
    expect(await checkTicket(db, EVENT, 'GATE-5000')).toHaveProperty('ticket');
    expect(await checkTicket(db, EVENT, 'GATE-1')).toHaveProperty('ticket');
    expect(await db.get('ticketCount')).toBe(301);
  });

  it('refuses a ticket validated elsewhere, naming its wristband; too large a list is no list', async () => {
    await applyTicketList(db, {
      version: 'v1',
      full: true,
      tooLarge: false,
      tickets: [await entry(1, 'GATE-1', { boundTo: '04CC000000000C' })],
      total: 1,
    });
    expect(await checkTicket(db, EVENT, 'GATE-1')).toEqual({ reason: 'used', serial: '04CC000000000C' });
    await applyTicketList(db, { version: 'v2', full: true, tooLarge: true, tickets: [], total: 300_000 });
    expect(await checkTicket(db, EVENT, 'GATE-1')).toEqual({ reason: 'offline' });
  });
});
