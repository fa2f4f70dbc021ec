/**
 * The bench festival in its database: the demo seeded and the festival bulk-loaded (and remembered
 * on the database with --report-keep), or a kept database's festival reused as it is (--report-db).
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/src/core/db/rows';
import { seedDemo } from '../../server/src/seed/demo';
import type { BenchDatabase } from '../databases';
import { loadFestival } from './load-festival';
import type { Venue } from './venue';

/** What a kept database remembers of its load (a comment on the database), for a run that reuses it. */
interface KeptLoad {
  venue: Venue;
  otherEventIds?: number[];
  rows: Record<string, number>;
  operations: number;
  loadSeconds: number;
  indexSeconds: number;
  wristbands: number;
  days: number;
}

/**
 * The festival of the bench database, with the shape (wristbands, days) it was loaded with: reused
 * when `reuse` names a kept database, else loaded now (and kept with `keep`).
 */
export async function festivalOf(
  database: BenchDatabase & { name?: string },
  opts: {
    wristbands: number;
    operations: number;
    days: number;
    others?: { events: number; operations: number };
    keep?: boolean;
    reuse?: string;
    log?: (s: string) => void;
  },
) {
  const log = opts.log ?? (() => {});
  const db = database.db;
  let loaded: Omit<KeptLoad, 'wristbands' | 'days'>;
  let shape = { wristbands: opts.wristbands, days: opts.days };
  if (opts.reuse) {
    const [kept] = rowsOf<{ note: string | null }>(
      await db.execute(
        sql`select shobj_description(oid, 'pg_database') as note from pg_database where datname = current_database()`,
      ),
    );
    if (!kept?.note) throw new Error(`${opts.reuse} was not kept by a reports bench run (--report-keep)`);
    const k = JSON.parse(kept.note) as KeptLoad;
    k.venue.start = new Date(k.venue.start);
    loaded = k;
    shape = { wristbands: k.wristbands, days: k.days };
    // Migrations added since the load (indexes, rollups rebuilt) leave dead rows and no
    // statistics: vacuumed and analysed, as autovacuum would soon do on a server.
    await db.execute(sql`vacuum analyze`);
    log(
      `reusing ${opts.reuse}: ${k.operations.toLocaleString('en')} operations, ${k.wristbands.toLocaleString('en')} wristbands`,
    );
  } else {
    await seedDemo(db);
    if (opts.others?.events)
      log(
        `beside the festival: ${opts.others.events} other event(s) of ${opts.others.operations.toLocaleString('en')} operations each`,
      );
    log(
      `loading ${opts.operations.toLocaleString('en')} operations over ${opts.wristbands.toLocaleString('en')} wristbands with INSERT … SELECT generate_series (not through the device API, which would take hours at this size)…`,
    );
    loaded = await loadFestival(db, opts);
    if (opts.keep && database.name) {
      const note: KeptLoad = { ...loaded, wristbands: opts.wristbands, days: opts.days };
      await db.execute(
        sql.raw(`comment on database ${database.name} is '${JSON.stringify(note).replace(/'/g, "''")}'`),
      );
      log(`kept database ${database.name} (reuse it with --report-db ${database.name}; drop it when done)`);
    }
  }
  return { loaded, shape };
}
