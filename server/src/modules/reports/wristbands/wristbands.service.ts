import type { ReportQuery, WristbandsOverviewResult, WristbandsPerDayResult } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { eventCalendar } from '../filters/filters.repo';
import * as repo from './wristbands.repo';

/** The wristbands report's overview tab: the event's wristbands and balances as they stand now. */
export const overview = (ctx: AppContext, eventId: number): Promise<WristbandsOverviewResult> =>
  repo.wristbandsOverview(ctx.db, eventId);

/** The per-day tab: new and active wristbands and top-ups per festival day (offset cut-off). */
export async function perDay(
  ctx: AppContext,
  eventId: number,
  q: ReportQuery,
): Promise<WristbandsPerDayResult> {
  const cal = await eventCalendar(ctx.db, eventId);
  const days = await repo.wristbandsPerDay(ctx.db, eventId, cal, q);
  return { days, timezone: cal.timezone, offset: cal.offset };
}
