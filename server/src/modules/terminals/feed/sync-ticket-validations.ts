/**
 * The ticket validations of the sync: tickets marked validated and bound to their wristband and
 * customer, before the batch's other operations; then each validation's record in batch order.
 */
import type { Executor } from '../../../core/db/client';
import type { Recording } from './sync-recording';
import * as repo from './sync-tickets.repo';
import type { Candidate, Op, OpOf } from './sync-types';
import type { WState } from './sync-wristbands';

/** The validations' rows by operation id, and what they give their customers. */
export type ValidatedTickets = Awaited<ReturnType<typeof validateTickets>>;

/**
 * The ticket validations of the batch, before its other operations and in one statement: a ticket
 * is created when unknown (its customer is the wristband's), or the wristband moves to the ticket's
 * known customer (the anonymous one it had is removed when nothing else refers to it). The customer
 * gets what the terminal knows (name, e-mail, localizer) where the record has nothing yet, the ticket
 * code and the validation date. A code validated twice in a batch counts the second as repeated.
 */
export async function validateTickets(
  tx: Executor,
  eventId: number,
  fresh: Candidate[],
  wb: (serial: string) => WState,
  orphanCustomers: number[],
  common: (op: Op) => { staff_id: number | null; device_id: number | null; location_id: number | null },
) {
  const ops = fresh
    .map((c) => c.op)
    .filter((op): op is OpOf<'ticketValidation'> => op.kind === 'ticketValidation');
  const rows = new Map<string, repo.TicketValidationRow>();
  const fills = new Map<number, repo.CustomerFill>();
  if (!ops.length) return { rows, fills: [] };
  for (const op of ops) {
    const w = wb(op.rfid);
    if (w.customer_id == null) {
      w.customer_id = await repo.insertAnonymousCustomer(tx, eventId);
      w.dirty = true;
    }
  }
  const firstByCode = new Map<string, OpOf<'ticketValidation'>>();
  for (const op of ops) if (!firstByCode.has(op.ticketCode)) firstByCode.set(op.ticketCode, op);
  const tickets = await repo.validateTickets(
    tx,
    eventId,
    [...firstByCode.values()].map((op) => ({
      code: op.ticketCode,
      customer_id: wb(op.rfid).customer_id!,
      wristband_id: wb(op.rfid).id,
      role_id: op.roleId ?? null,
      at: op.deviceTime,
    })),
  );
  for (const op of ops) {
    const w = wb(op.rfid);
    const t = tickets.get(op.ticketCode)!;
    const first = firstByCode.get(op.ticketCode) === op;
    if (t.customerId !== w.customer_id) {
      orphanCustomers.push(w.customer_id!);
      w.customer_id = t.customerId;
      w.dirty = true;
    }
    if (op.roleId && w.role_id !== op.roleId) {
      w.role_id = op.roleId;
      w.dirty = true;
    }
    if (!fills.has(t.customerId)) {
      fills.set(t.customerId, {
        id: t.customerId,
        name: op.customer?.name || null,
        email: op.customer?.email || null,
        localizer: op.customer?.localizer || null,
        ticket_code: op.ticketCode,
        at: op.deviceTime,
      });
    }
    rows.set(op.id, {
      operation_id: op.id,
      ticket_id: t.ticketId,
      code: op.ticketCode,
      wristband_id: w.id,
      customer_id: t.customerId,
      role_id: op.roleId ?? null,
      repeated: first ? t.repeated : true,
      ...common(op),
      device_time: op.deviceTime,
    });
  }
  return { rows, fills: [...fills.values()] };
}

/** Records a ticket validation in batch order: its row, made by validateTickets. */
export function recordTicketValidation(
  r: Recording,
  op: OpOf<'ticketValidation'>,
  validated: ValidatedTickets,
) {
  r.rows.validations.push(validated.rows.get(op.id)!);
}
