import type { FilterKind, FiltersResult } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import * as repo from './filters.repo';

/** GET /filters: the option lists the report filter bar asks for, and the event's calendar. */
export async function filters(
  ctx: AppContext,
  eventId: number,
  kinds: FilterKind[],
  trust?: string,
): Promise<FiltersResult> {
  const cal = await repo.eventCalendar(ctx.db, eventId);
  const result: FiltersResult = {
    event: {
      start: cal.start.toISOString(),
      end: cal.end.toISOString(),
      timezone: cal.timezone,
      offset: cal.offset,
    },
  };
  for (const kind of kinds) {
    if (kind === 'staffs') result.staffs = await repo.staffOptions(ctx.db, eventId, trust);
    else if (kind === 'locations') result.locations = await repo.locationOptions(ctx.db, eventId);
    else result[kind] = await repo.options(ctx.db, eventId, kind);
  }
  return result;
}
