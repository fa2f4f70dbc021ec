/**
 * The event's ticket list on a gate (GET /device/tickets): fetched with the configuration, whole the
 * first time, then only what changed since the version held, so a gate validates offline and a ticket
 * cancelled after the download is refused once the gate has the newer list.
 */

import { ticketHash } from '@pulsera/contracts/terminals/ticket-hash';
import type { DeviceTicketList } from '@pulsera/contracts/terminals/ticket-list';
import type { TerminalDb, TicketBucketRow, TicketIdsRow, TicketRow, ValidatedRow } from './db';

/**
 * The list is held in 1,024 buckets by the first ten bits of each code's hash (about 100 tickets a
 * record for 100,000), and which bucket holds each id in records of 4,096 ids: a download writes about
 * a thousand records, not 100,000 (IndexedDB's cost is per record: the first download of the gate
 * bench, issue 30), a lookup reads one bucket, and a delta rewrites only the buckets it touches.
 */
const bucketOf = (hash: string) => Number.parseInt(hash.slice(0, 3), 16) >> 2;
const IDS_PER_CHUNK = 4096;
const chunkOf = (id: number) => Math.floor(id / IDS_PER_CHUNK);

/** Writes a whole list (what was held is dropped). */
async function replaceList(db: TerminalDb, tickets: readonly TicketRow[]) {
  const buckets = new Map<number, TicketRow[]>();
  const chunks = new Map<number, Record<number, number>>();
  for (const ticket of tickets) {
    const bucket = bucketOf(ticket.hash);
    const held = buckets.get(bucket);
    if (held) held.push(ticket);
    else buckets.set(bucket, [ticket]);
    const chunk = chunkOf(ticket.id);
    const ids = chunks.get(chunk);
    if (ids) ids[ticket.id] = bucket;
    else chunks.set(chunk, { [ticket.id]: bucket });
  }
  await Promise.all([db.ticketBuckets.clear(), db.ticketIds.clear()]);
  await Promise.all([
    db.ticketBuckets.bulkPut([...buckets].map(([bucket, held]) => ({ bucket, tickets: held }))),
    db.ticketIds.bulkPut([...chunks].map(([chunk, ids]) => ({ chunk, buckets: ids }))),
    db.put('ticketCount', tickets.length),
  ]);
}

/** Merges a delta by id: a changed ticket replaces its entry (in another bucket if its code changed). */
async function mergeDelta(db: TerminalDb, tickets: readonly TicketRow[]) {
  const chunkKeys = [...new Set(tickets.map((t) => chunkOf(t.id)))];
  const [chunkRows, count] = await Promise.all([db.ticketIds.bulkGet(chunkKeys), db.get('ticketCount')]);
  const chunks = new Map<number, TicketIdsRow>(
    chunkKeys.map((chunk, i) => [chunk, chunkRows[i] ?? { chunk, buckets: {} }]),
  );
  const idsOf = (id: number) => chunks.get(chunkOf(id))!.buckets;
  const bucketKeys = [
    ...new Set(tickets.flatMap((t) => [bucketOf(t.hash), idsOf(t.id)[t.id]]).filter((b) => b !== undefined)),
  ];
  const bucketRows = await db.ticketBuckets.bulkGet(bucketKeys);
  const buckets = new Map<number, TicketBucketRow>(
    bucketKeys.map((bucket, i) => [bucket, bucketRows[i] ?? { bucket, tickets: [] }]),
  );
  let added = 0;
  for (const ticket of tickets) {
    const ids = idsOf(ticket.id);
    const was = ids[ticket.id];
    if (was === undefined) added++;
    else {
      const old = buckets.get(was)!;
      old.tickets = old.tickets.filter((t) => t.id !== ticket.id);
    }
    const bucket = bucketOf(ticket.hash);
    buckets.get(bucket)!.tickets.push(ticket);
    ids[ticket.id] = bucket;
  }
  await Promise.all([
    db.ticketBuckets.bulkPut([...buckets.values()]),
    db.ticketIds.bulkPut([...chunks.values()]),
    db.put('ticketCount', (count ?? 0) + added),
  ]);
}

/** Takes an answer of the server: a whole list replaces what was held, a delta is merged by id. */
export async function applyTicketList(db: TerminalDb, answer: DeviceTicketList) {
  await db.transaction('rw', db.kv, db.ticketBuckets, db.ticketIds, async () => {
    if (answer.full || answer.tooLarge) await replaceList(db, answer.tooLarge ? [] : answer.tickets);
    else if (answer.tickets.length) await mergeDelta(db, answer.tickets);
    await Promise.all([
      db.put('ticketListTooLarge', answer.tooLarge),
      db.put('ticketListVersion', answer.version),
    ]);
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
  const [since, tooLarge] = await Promise.all([db.get('ticketListVersion'), db.get('ticketListTooLarge')]);
  const answer = await fetchList(tooLarge ? undefined : since);
  await applyTicketList(db, answer);
  if (!answer.full && !answer.tooLarge && (await db.get('ticketCount')) !== answer.total)
    await applyTicketList(db, await fetchList());
}

/** What the list held says of a code: the ticket, not in the list, or no list to tell. */
export async function listedTicket(
  db: TerminalDb,
  eventId: number,
  code: string,
): Promise<{ ticket: TicketRow } | { unknown: true } | { noList: true }> {
  const hash = await ticketHash(eventId, code);
  const [bucket, version, tooLarge] = await db.transaction('r', db.kv, db.ticketBuckets, () =>
    Promise.all([
      db.ticketBuckets.get(bucketOf(hash)),
      db.get('ticketListVersion'),
      db.get('ticketListTooLarge'),
    ]),
  );
  const ticket = bucket?.tickets.find((t) => t.hash === hash);
  if (ticket) return { ticket };
  return version !== undefined && !tooLarge ? { unknown: true } : { noList: true };
}

/** Whether this terminal validated the code already (its binding, even before the server has it). */
export async function validatedHere(
  db: TerminalDb,
  eventId: number,
  code: string,
): Promise<ValidatedRow | undefined> {
  return db.validated.get(await ticketHash(eventId, code));
}
