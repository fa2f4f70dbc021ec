import { type ExternalProduct, productName, TicketProductsRequest } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { ticketImportSchedules } from '../../../core/db/schema';
import { fail, fieldError } from '../../../core/lib/errors';
import { addressProblem, policyOf } from '../outbound-address';
import { ConnectorError, type TicketConnection } from './connectors/connector';
import { connectionOf, connectorOf, findSchedule, type ScheduleRow } from './ticket-schedules.service';

/**
 * The platform's products of a Ticket API schedule (decisions/integrations.md "Ticket API: products
 * by name"): read for the mapping (before the first save too, from the connection the form holds),
 * kept on the schedule so that the mapping and the issues show their names, refreshed when a run or
 * a retry meets a product whose name is not known.
 */

const readFailed = (e: unknown) => {
  if (e instanceof ConnectorError) return fail('ticketApiError', { params: { reason: e.status ?? e.kind } });
  return e;
};

/** Keeps the products read on the schedule (what the mapping and the issues name them by). */
async function keep(db: Executor, scheduleId: number, products: ExternalProduct[]) {
  await db.update(ticketImportSchedules).set({ products }).where(eq(ticketImportSchedules.id, scheduleId));
}

/** GET …/schedules/:id/products: the saved schedule's products, read live and kept. */
export async function platformProducts(ctx: AppContext, eventId: number, id: number) {
  const s = await findSchedule(ctx.db, eventId, id);
  const conn = connectionOf(ctx, s);
  if (!conn) throw fail('ticketTokenUnreadable');
  try {
    const products = await connectorOf(s).products(conn);
    await keep(ctx.db, s.id, products);
    return products;
  } catch (e) {
    throw readFailed(e);
  }
}

/**
 * POST …/products: the products at the connection the form holds. The address passes the same rules
 * as on save (and the client checks it again on every connection). Without a token, the saved
 * schedule's is used only at the very address it was saved with: a saved token never goes to an
 * address typed in the request.
 */
export async function previewProducts(ctx: AppContext, eventId: number, raw: TicketProductsRequest) {
  const input = TicketProductsRequest.parse(raw);
  const policy = policyOf(ctx.config);
  const problem = addressProblem(input.baseUrl, policy);
  if (problem)
    throw fieldError(
      'schedule.baseUrl',
      problem === 'private' ? 'validation.privateAddress' : 'validation.ticketBaseUrl',
    );
  const baseUrl = input.baseUrl.replace(/\/+$/, '');
  let token = input.token?.trim() || null;
  let saved: ScheduleRow | null = null;
  if (input.id) {
    saved = await findSchedule(ctx.db, eventId, input.id);
    if (!token && saved.baseUrl === baseUrl && saved.platform === input.platform)
      token = connectionOf(ctx, saved)?.token ?? null;
  }
  if (!token) throw fieldError('schedule.token', 'validation.required');
  const conn: TicketConnection = {
    baseUrl,
    organizer: input.organizer,
    event: input.platformEvent,
    token,
    policy,
  };
  try {
    const products = await connectorOf(input).products(conn);
    // The saved schedule's own connection: its names are kept for its mapping and issues.
    if (
      saved &&
      saved.baseUrl === baseUrl &&
      saved.organizer === conn.organizer &&
      saved.platformEvent === conn.event &&
      saved.platform === input.platform
    )
      await keep(ctx.db, saved.id, products);
    return products;
  } catch (e) {
    throw readFailed(e);
  }
}

/**
 * Reads the schedule's products again when one of `wanted` has no known name (a platform that cannot
 * answer leaves the names as they were); `s.products` is updated in place. True when it asked.
 */
export async function readMissingNames(
  ctx: Pick<AppContext, 'config'>,
  db: Executor,
  s: ScheduleRow,
  wanted: { item: number; variation: number | null }[],
) {
  if (wanted.every((w) => productName(s.products, w.item, w.variation) !== null)) return false;
  const conn = connectionOf(ctx, s);
  if (!conn) return false;
  try {
    s.products = await connectorOf(s).products(conn);
    await keep(db, s.id, s.products);
  } catch (e) {
    if (!(e instanceof ConnectorError)) throw e;
  }
  return true;
}
