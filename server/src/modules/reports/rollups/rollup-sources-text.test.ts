import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sqlText } from '../../../core/db/sql-text';
import {
  accessSource,
  articlesSource,
  articleTotalsSource,
  metreSource,
  type RollupWindow,
  salesSource,
  ticketsSource,
  topUpsSource,
} from './rollups';

const dialect = new PgDialect();

/** Every shape a window gives a source: open, whole hours, cut hours, inside one hour. */
const windows: RollupWindow[] = [
  {},
  { start: new Date('2026-07-01T10:00:00Z') },
  { end: new Date('2026-07-03T08:45:00Z') },
  { start: new Date('2026-07-01T10:00:00Z'), end: new Date('2026-07-03T08:00:00Z') },
  { start: new Date('2026-07-01T10:17:00Z'), end: new Date('2026-07-03T08:45:00Z') },
  { start: new Date('2026-07-01T10:17:00Z'), end: new Date('2026-07-01T10:45:00Z') },
];

describe('the rollup sources as the server builds them (sqlText)', () => {
  it('have the text and values drizzle builds, in every window and with every filter', () => {
    for (const w of windows) {
      const sources = [
        salesSource(3, w),
        salesSource(3, w, { idLocation: 5, idStaff: 6 }),
        ticketsSource(3, w),
        articlesSource(3, w),
        articlesSource(3, w, { idLocation: 5, idStaff: 6, idArticle: 8 }),
        articleTotalsSource(3, w),
        topUpsSource(3, w),
        topUpsSource(3, w, { idLocation: 5, idStaff: 6, idDevice: 9 }),
        metreSource(3, w),
        metreSource(3, w, { idKitchen: 1, idRoom: 2, idStaff: 6 }),
        accessSource(3, w),
      ];
      for (const q of sources) {
        const { sql: text, params } = dialect.sqlToQuery(q);
        expect(sqlText(q)).toEqual({ sql: text, params });
      }
    }
  });
});
