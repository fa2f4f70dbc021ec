/**
 * A ticket as a gate validates it (GET /device/ticket/:code): only the device's event's tickets; an
 * unknown code is ticketNotFound and a cancelled one ticketCancelled, so the gate says why it refuses.
 */
import type { DeviceTicket } from '@pulsera/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { customers, tickets, wristbands } from '../../../core/db/schema';
import { fail } from '../../../core/lib/errors';

export async function deviceTicket(db: Executor, eventId: number, code: string): Promise<DeviceTicket> {
  const [ticket] = await db
    .select({
      code: tickets.code,
      roleId: tickets.roleId,
      cancelled: tickets.cancelled,
      validated: tickets.validated,
      holder: customers.name,
      boundTo: wristbands.nSerie,
    })
    .from(tickets)
    .leftJoin(customers, eq(customers.id, tickets.customerId))
    .leftJoin(wristbands, eq(wristbands.id, tickets.wristbandId))
    .where(and(eq(tickets.eventId, eventId), eq(tickets.code, code)));
  if (!ticket) throw fail('ticketNotFound');
  if (ticket.cancelled === 1) throw fail('ticketCancelled');
  return {
    code: ticket.code,
    roleId: ticket.roleId,
    holder: ticket.holder || null,
    // A validated ticket whose wristband is gone still counts as used.
    boundTo: ticket.validated === 1 ? (ticket.boundTo ?? '') : (ticket.boundTo ?? null),
  };
}
