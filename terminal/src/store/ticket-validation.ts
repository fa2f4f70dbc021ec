/**
 * Ticket validation at a gate: the ticket looked up on the server (a gate cannot check a ticket
 * offline: the configuration carries no tickets yet), then bound to the wristband tapped next — the
 * ticketValidation operation in the outbox and the wristband's role in what this gate knows of it, in
 * one transaction, so the access decision that follows admits it by its role.
 */
import type { DeviceTicket } from '@pulsera/contracts/terminals/feed-devices';
import { ApiError, ticket } from '../api';
import type { TerminalDb } from './db';
import { enqueue } from './outbox';

/** Why a ticket cannot be validated here (an ApiError's text is the server's, in the operator's language). */
export type TicketRefusal =
  | { reason: 'offline' }
  | { reason: 'used'; serial: string }
  | { reason: 'server'; text: string };

/** The ticket to bind, or why not. */
export async function checkTicket(code: string): Promise<{ ticket: DeviceTicket } | TicketRefusal> {
  if (!navigator.onLine) return { reason: 'offline' };
  try {
    const found = await ticket(code);
    if (found.boundTo !== null) return { reason: 'used', serial: found.boundTo };
    return { ticket: found };
  } catch (e) {
    if (e instanceof ApiError) return { reason: 'server', text: e.message };
    return { reason: 'offline' };
  }
}

/** Binds the ticket to the wristband: the operation queued and the wristband's role known here. */
export async function bindTicket(
  db: TerminalDb,
  at: { staffId: number; locationId: number },
  found: DeviceTicket,
  serial: string,
) {
  await db.transaction('rw', db.kv, db.outbox, db.balances, db.passes, async () => {
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
