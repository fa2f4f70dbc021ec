/**
 * Ticket validation at a gate: the ticket looked up on the server, or offline in the event's ticket
 * list the gate holds (store/ticket-list.ts), then bound to the wristband tapped next — the
 * ticketValidation operation in the outbox, the wristband's role in what this gate knows of it and the
 * ticket marked validated here, in one transaction, so the access decision that follows admits it by
 * its role and a second scan of the same ticket on this terminal is refused, online or not.
 */
import type { DeviceTicket } from '@pulsera/contracts/terminals/feed-devices';
import { ticketHash } from '@pulsera/contracts/terminals/ticket-hash';
import { ApiError, ticket } from '../api';
import type { TerminalDb } from './db';
import { enqueue } from './outbox';
import { listedTicket, validatedHere } from './ticket-list';

/** Why a ticket cannot be validated here (an ApiError's text is the server's, in the operator's language). */
export type TicketRefusal =
  | { reason: 'offline' }
  | { reason: 'unknownOffline' }
  | { reason: 'cancelledOffline' }
  | { reason: 'used'; serial: string }
  | { reason: 'server'; text: string };

/** The ticket as the list held describes it, or why it cannot be used. */
async function fromList(
  db: TerminalDb,
  eventId: number,
  code: string,
): Promise<{ ticket: DeviceTicket } | TicketRefusal> {
  const found = await listedTicket(db, eventId, code);
  if ('noList' in found) return { reason: 'offline' };
  if ('unknown' in found) return { reason: 'unknownOffline' };
  const { ticket: t } = found;
  if (t.cancelled) return { reason: 'cancelledOffline' };
  if (t.boundTo !== null) return { reason: 'used', serial: t.boundTo };
  return { ticket: { code, roleId: t.roleId, holder: t.holder, boundTo: null } };
}

/**
 * The ticket to bind, or why not: one this terminal validated already is refused first; online the
 * server answers, offline (or when the server cannot be reached) the list the gate holds.
 */
export async function checkTicket(
  db: TerminalDb,
  eventId: number,
  typed: string,
): Promise<{ ticket: DeviceTicket } | TicketRefusal> {
  const code = typed.trim();
  const mine = await validatedHere(db, eventId, code);
  if (mine) return { reason: 'used', serial: mine.serial };
  if (!navigator.onLine) return fromList(db, eventId, code);
  try {
    const found = await ticket(code);
    if (found.boundTo !== null) return { reason: 'used', serial: found.boundTo };
    return { ticket: found };
  } catch (e) {
    if (e instanceof ApiError && e.status < 500) return { reason: 'server', text: e.message };
    return fromList(db, eventId, code);
  }
}

/** Binds the ticket to the wristband: the operation queued and the wristband's role known here. */
export async function bindTicket(
  db: TerminalDb,
  at: { staffId: number; locationId: number; eventId: number },
  found: DeviceTicket,
  serial: string,
) {
  const hash = await ticketHash(at.eventId, found.code);
  await db.transaction('rw', [db.kv, db.outbox, db.balances, db.passes, db.validated], async () => {
    await db.validated.put({ hash, serial, at: Date.now() });
    await enqueue(db, (seq) => ({
      operation: {
        kind: 'ticketValidation',
        id: crypto.randomUUID(),
        deviceTime: new Date().toISOString(),
        seq,
        staffId: at.staffId,
        locationId: at.locationId,
        ticketCode: found.code,
        rfid: serial,
        ...(found.roleId !== null ? { roleId: found.roleId } : {}),
        ...(found.holder ? { customer: { name: found.holder } } : {}),
      },
    }));
    const known = await db.passes.get(serial);
    await db.passes.put({
      serial,
      flags: [],
      lastZone: null,
      entries: [],
      bannedTerminals: false,
      ...known,
      roleId: found.roleId,
    });
  });
}
