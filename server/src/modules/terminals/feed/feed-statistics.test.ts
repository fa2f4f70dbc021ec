import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { rowsOf } from '../../../core/db/rows';
import { FEED_LOOKUP_TABLES, feedStatisticsJob } from './feed-statistics.task';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the terminal feed statistics job', () => {
  it("gives the planner each lookup table's current size", async () => {
    const eventId = (await t.activeEvent()).id;
    // A festival morning: wristbands arrive after the statistics were taken.
    await t.database.db.execute(sql`analyze wristbands`);
    await t.database.db.execute(sql`
      insert into wristbands (event_id, n_serie)
      select ${eventId}::int, 'STATS-' || g from generate_series(1, 3000) g`);
    const sizes = async () =>
      new Map(
        rowsOf<{ relname: string; reltuples: number; actual: number }>(
          await t.database.db.execute(sql`
            select c.relname, c.reltuples::float8 as reltuples,
              (xpath('/row/n/text()', query_to_xml('select count(*) as n from ' || quote_ident(c.relname), false, true, '')))[1]::text::float8 as actual
            from pg_class c where c.relname in (${sql.join(
              FEED_LOOKUP_TABLES.map((n) => sql`${n}`),
              sql`, `,
            )}) and c.relkind = 'r'`),
        ).map((r) => [r.relname, { planned: Number(r.reltuples), actual: Number(r.actual) }]),
      );
    const before = (await sizes()).get('wristbands')!;
    expect(before.actual - before.planned).toBeGreaterThanOrEqual(3000);

    const output = await t.database.db.transaction((tx) =>
      feedStatisticsJob.run(t.ctx, tx, {}, undefined as never),
    );
    expect(output).toEqual({ analysed: [...FEED_LOOKUP_TABLES] });
    const after = await sizes();
    expect([...after.keys()].sort()).toEqual([...FEED_LOOKUP_TABLES].sort());
    // ANALYZE reads every row of a table under 30,000 rows, and a sample of a larger one.
    for (const [, size] of after)
      expect(Math.abs(size.planned - size.actual)).toBeLessThanOrEqual(size.actual * 0.05);
  });
});
