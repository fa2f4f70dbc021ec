import type { ReportQuery } from '@pulsera/contracts';
import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The WHERE of a report over one feed table: the event, the UTC window [dateStart, dateEnd) of the
 * filter bar, and whichever id filters the table has a column for. Columns a table lacks are
 * skipped, so one helper serves every report.
 */
export function feedWhere(
  cols: {
    eventId: PgColumn;
    time: PgColumn;
    locationId?: PgColumn;
    staffId?: PgColumn;
    deviceId?: PgColumn;
    roleId?: PgColumn;
    addonId?: PgColumn;
    articleId?: PgColumn;
    kitchenId?: PgColumn;
    roomId?: PgColumn;
  },
  eventId: number,
  q: ReportQuery,
): SQL {
  const parts: (SQL | undefined)[] = [eq(cols.eventId, eventId)];
  if (q.dateStart) parts.push(gte(cols.time, new Date(q.dateStart)));
  if (q.dateEnd) parts.push(lt(cols.time, new Date(q.dateEnd)));
  if (q.idLocation && cols.locationId) parts.push(eq(cols.locationId, q.idLocation));
  if (q.idStaff && cols.staffId) parts.push(eq(cols.staffId, q.idStaff));
  if (q.idDevice && cols.deviceId) parts.push(eq(cols.deviceId, q.idDevice));
  if (q.idRol && cols.roleId) parts.push(eq(cols.roleId, q.idRol));
  if (q.idAddon && cols.addonId) parts.push(eq(cols.addonId, q.idAddon));
  if (q.idArticle && cols.articleId) parts.push(eq(cols.articleId, q.idArticle));
  if (q.idKitchen && cols.kitchenId) parts.push(eq(cols.kitchenId, q.idKitchen));
  if (q.idRoom && cols.roomId) parts.push(eq(cols.roomId, q.idRoom));
  return and(...parts)!;
}
