/**
 * The event's ticket list on a gate (GET /device/tickets): fetched with the configuration, whole the
 * first time, then only what changed since the version held, so a gate validates offline and a ticket
 * cancelled after the download is refused once the gate has the newer list.
 */

import { ticketHash } from '@pulsera/contracts/terminals/ticket-hash';
import type { DeviceTicketList } from '@pulsera/contracts/terminals/ticket-list';
import type { TerminalDb, TicketRow, ValidatedRow } from './db';

/** Takes an answer of the server: a whole list replaces what was held, a delta is merged by id. */
export async function applyTicketList(db: TerminalDb, answer: DeviceTicketList) {
  await db.transaction('rw', db.kv, db.tickets, async () => {
    if (answer.full || answer.tooLarge) await db.tickets.clear();
    if (answer.tickets.length) await db.tickets.bulkPut(answer.tickets);
    await db.put('ticketListTooLarge', answer.tooLarge);
    await db.put('ticketListVersion', answer.version);
  });
}

/**
 * Brings the list up to date (whole, or the delta since the version held). A merged list that holds
 * another number of tickets than the event has (one was deleted in the console) is fetched whole again.
 */
export async function refreshTicketList(
  db: TerminalDb,
  fetchList: (since?: string) => Promise<DeviceTicketList>,
) {
  const since = await db.get('ticketListVersion');
  const tooLarge = await db.get('ticketListTooLarge');
  const answer = await fetchList(tooLarge ? undefined : since);
  await applyTicketList(db, answer);
  if (!answer.full && !answer.tooLarge && (await db.tickets.count()) !== answer.total)
    await applyTicketList(db, await fetchList());
}

/** What the list held says of a code: the ticket, not in the list, or no list to tell. */
export async function listedTicket(
  db: TerminalDb,
  eventId: number,
  code: string,
): Promise<{ ticket: TicketRow } | { unknown: true } | { noList: true }> {
  const hash = await ticketHash(eventId, code);
  const ticket = await db.tickets.where('hash').equals(hash).first();
  if (ticket) return { ticket };
  const held = (await db.get('ticketListVersion')) !== undefined && !(await db.get('ticketListTooLarge'));
  return held ? { unknown: true } : { noList: true };
}

/** Whether this terminal validated the code already (its binding, even before the server has it). */
export async function validatedHere(
  db: TerminalDb,
  eventId: number,
  code: string,
): Promise<ValidatedRow | undefined> {
  return db.validated.get(await ticketHash(eventId, code));
}
