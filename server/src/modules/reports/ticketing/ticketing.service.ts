import {
  type ManualRolesQuery,
  type ManualRolesResult,
  type OverviewComplementsResult,
  type OverviewPreRechargesResult,
  type OverviewTicketsResult,
  type ReportQuery,
  TICKET_SEARCH_LIMIT,
  type TicketCodesQuery,
  type TicketCodesResult,
  type TicketSearchResult,
  type TicketsByStaffResult,
  type TicketValidationsQuery,
  type TicketValidationsResult,
  type TimeValidationQuery,
  type TimeValidationResult,
  type ValidationDeleteResult,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { fail } from '../../../core/lib/errors';
import * as repo from './ticketing.repo';

/** The list protocol: a page of `paginationLimit` rows, or all of them with disablePagination=1. */
const pageOf = (q: { page: number; paginationLimit: number; disablePagination?: number }) =>
  q.disablePagination === 1
    ? { offset: 0 }
    : { limit: q.paginationLimit, offset: (q.page - 1) * q.paginationLimit };

/** GET /reports/overviewTickets?datetime */
export async function overviewTickets(
  ctx: AppContext,
  eventId: number,
  datetime?: string,
): Promise<OverviewTicketsResult> {
  const at = datetime ? new Date(datetime) : new Date();
  const rows = await repo.ticketsByRol(ctx.db, eventId, at);
  const roles = rows.map((r) => ({ ...r, pending: r.sold - r.validated }));
  const sum = (k: 'sold' | 'validated' | 'pending' | 'cancelled' | 'validations' | 'repeated') =>
    roles.reduce((s, r) => s + r[k], 0);
  return {
    datetime: at.toISOString(),
    roles,
    total: {
      sold: sum('sold'),
      validated: sum('validated'),
      pending: sum('pending'),
      cancelled: sum('cancelled'),
      validations: sum('validations'),
      repeated: sum('repeated'),
    },
  };
}

/** GET /reports/overviewComplements?datetime */
export async function overviewComplements(
  ctx: AppContext,
  eventId: number,
  datetime?: string,
): Promise<OverviewComplementsResult> {
  const at = datetime ? new Date(datetime) : new Date();
  const [addons, articles] = await Promise.all([
    repo.complementAddons(ctx.db, eventId, at),
    repo.complementArticles(ctx.db, eventId, at),
  ]);
  return { datetime: at.toISOString(), addons, articles };
}

/** GET /reports/overviewPreRecharges */
export async function overviewPreRecharges(
  ctx: AppContext,
  eventId: number,
): Promise<OverviewPreRechargesResult> {
  const [{ start }, days] = await Promise.all([
    repo.eventStart(ctx.db, eventId),
    repo.preRecharges(ctx.db, eventId),
  ]);
  const sum = (k: 'count' | 'amountRecharge' | 'amountBonus' | 'redeemed' | 'amountRedeemed') =>
    days.reduce((s, d) => s + d[k], 0);
  return {
    eventStart: start,
    days,
    total: {
      count: sum('count'),
      amountRecharge: sum('amountRecharge'),
      amountBonus: sum('amountBonus'),
      redeemed: sum('redeemed'),
      amountRedeemed: sum('amountRedeemed'),
    },
  };
}

/** GET /reports/timeValidationTickets?minutes (and the filter bar's window, staff, location, rol) */
export async function timeValidation(
  ctx: AppContext,
  eventId: number,
  q: TimeValidationQuery,
): Promise<TimeValidationResult> {
  return { minutes: q.minutes, buckets: await repo.validationBuckets(ctx.db, eventId, q, q.minutes) };
}

/** GET /reports/tickets/search?query */
export async function searchTickets(
  ctx: AppContext,
  eventId: number,
  query: string,
): Promise<TicketSearchResult> {
  const found = await repo.searchTickets(ctx.db, eventId, query, TICKET_SEARCH_LIMIT);
  const validations = await repo.validationsOfTickets(
    ctx.db,
    eventId,
    found.tickets.map((t) => t.id),
  );
  return {
    tickets: found.tickets.map((t) => {
      const of = validations.get(t.id) ?? [];
      return { ...t, validations: of, gates: new Set(of.map((v) => v.device ?? '')).size };
    }),
    more: found.more,
  };
}

/** GET /ticketing/ticket-validations */
export async function ticketValidations(
  ctx: AppContext,
  eventId: number,
  q: TicketValidationsQuery,
): Promise<TicketValidationsResult> {
  const { rows, total } = await repo.validationsPage(ctx.db, eventId, q, pageOf(q));
  return { validations: rows, total };
}

/** GET /ticketing/tickets-by-staff */
export async function ticketsByStaff(
  ctx: AppContext,
  eventId: number,
  q: ReportQuery,
): Promise<TicketsByStaffResult> {
  return { rows: await repo.validationsByStaff(ctx.db, eventId, q) };
}

/** GET /ticketing/ticket-codes */
export async function ticketCodes(
  ctx: AppContext,
  eventId: number,
  q: TicketCodesQuery,
): Promise<TicketCodesResult> {
  return repo.ticketCodes(ctx.db, eventId, { idRol: q.idRol, validated: q.validated }, pageOf(q));
}

/** GET /ticketing/manual-roles */
export async function manualRoles(
  ctx: AppContext,
  eventId: number,
  q: ManualRolesQuery,
): Promise<ManualRolesResult> {
  return repo.manualRoles(ctx.db, eventId, q, pageOf(q));
}

/**
 * DELETE /ticketing/validation?id: removes a validation recorded by mistake; the ticket is not
 * validated again unless another validation of it remains. A validation of another event is not
 * found. What the validation loaded (an add-on, a VIP bonus) is a money movement of its own and
 * stays in the ledger.
 */
export async function deleteValidation(
  ctx: AppContext,
  eventId: number,
  id: number,
): Promise<ValidationDeleteResult> {
  return ctx.db.transaction(async (tx) => {
    const v = await repo.findValidation(tx, eventId, id);
    if (!v) throw fail('ticketValidationNotFound');
    const validated = await repo.deleteValidation(tx, eventId, v.id, v.ticketId);
    if (validated === null) throw fail('ticketValidationNotFound');
    return { id: v.id, code: v.code, validated };
  });
}
