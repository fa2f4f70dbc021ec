import { NEW_TIME_RANGE_DEFAULTS, type TimeRange, type TimeRangeSave } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import { listNames } from '../venue.shared';
import * as repo from './time-ranges.repo';

/** Times travel as HH:mm:ss (PostgreSQL may answer fractions of a second). */
const hms = (t: string) => t.slice(0, 8);

const toDto = (r: repo.TimeRangeRow): TimeRange => ({
  id: r.id,
  name: r.name,
  dateStart: r.dateStart,
  dateEnd: r.dateEnd,
  timeStart: hms(r.timeStart),
  timeEnd: hms(r.timeEnd),
  weekdays: r.weekdays,
  accessUsage: r.accessUsage,
  date_update: r.updatedAt.toISOString(),
});

export const listTimeRanges = async (ctx: AppContext, eventId: number) =>
  (await repo.listTimeRanges(ctx.db, eventId)).map(toDto);

/**
 * POST /timeRange: no id creates the range with the hours 00:00:00–23:59:59 and every weekday
 * (02-catalogue §4, §9: set on creating, whatever was sent); an id updates the range of this event.
 */
export const saveTimeRange = (ctx: AppContext, eventId: number, input: TimeRangeSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const base = {
        name: input.name,
        dateStart: input.dateStart,
        dateEnd: input.dateEnd,
        accessUsage: input.accessUsage,
      };
      if (input.id === undefined) {
        const row = await repo.insertTimeRange(tx, {
          ...base,
          eventId,
          timeStart: NEW_TIME_RANGE_DEFAULTS.timeStart,
          timeEnd: NEW_TIME_RANGE_DEFAULTS.timeEnd,
          weekdays: NEW_TIME_RANGE_DEFAULTS.weekdays,
        });
        return toDto(row);
      }
      if (!(await repo.findTimeRange(tx, eventId, input.id))) throw fail('notFound');
      const row = await repo.updateTimeRange(tx, eventId, input.id, {
        ...base,
        timeStart: input.timeStart!,
        timeEnd: input.timeEnd!,
        weekdays: input.weekdays!,
      });
      return toDto(row);
    }),
  );

/**
 * DELETE /timeRange/{id}: refused while article exchanges list it (409 naming the articles); flags and
 * ticket roles using it refuse it through their foreign keys (409 naming them, guardedWrite).
 */
export const deleteTimeRange = (ctx: AppContext, eventId: number, id: number) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.findTimeRange(tx, eventId, id))) throw fail('notFound');
      const names = await repo.articlesExchangingIn(tx, eventId, id);
      if (names.length) throw fail('timeRangeUsedByArticles', { params: { names: listNames(names) } });
      await repo.deleteTimeRange(tx, eventId, id);
      return true;
    }),
  );
