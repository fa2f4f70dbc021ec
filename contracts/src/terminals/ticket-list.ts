/**
 * The event's tickets as a gate holds them to validate offline (issue 30): GET /api/device/tickets,
 * fetched with the configuration, whole the first time and then only what changed since the version
 * the gate holds (a delta). Codes travel hashed (`ticketHash`): whoever reads a terminal's storage does
 * not get a list of valid codes to print; the gate hashes the code it scans and looks the hash up.
 */
import { z } from 'zod';

/** The most tickets a list carries; an event with more is validated online only (`tooLarge`). */
export const TICKET_LIST_MAX = 200_000;

export const DeviceTicketListEntry = z.object({
  /** The ticket's id: a code changed by the ticketing platform replaces the entry. */
  id: z.number().int(),
  hash: z.string(),
  roleId: z.number().int().nullable(),
  holder: z.string().nullable(),
  cancelled: z.boolean(),
  /** The wristband it is validated on ('' when that wristband is gone), null: not yet. */
  boundTo: z.string().nullable(),
});
export type DeviceTicketListEntry = z.infer<typeof DeviceTicketListEntry>;

export const DeviceTicketList = z.object({
  /** What to send as `since` next time (an instant of the server's clock, ISO with microseconds). */
  version: z.string(),
  /** true: the whole list (drop what was held); false: the tickets changed since `since`. */
  full: z.boolean(),
  /** More than TICKET_LIST_MAX tickets: no list, the gate validates online only. */
  tooLarge: z.boolean(),
  tickets: z.array(DeviceTicketListEntry),
  /**
   * How many tickets the event has now. A ticket deleted in the console is not in a delta: a gate whose
   * list, once merged, holds another number asks for the whole list again.
   */
  total: z.number().int(),
});
export type DeviceTicketList = z.infer<typeof DeviceTicketList>;

/** The query: `since` the version held (absent: the whole list). */
export const DeviceTicketListQuery = z.object({
  since: z.iso.datetime({ offset: true }).optional(),
});

export { ticketHash } from './ticket-hash';
