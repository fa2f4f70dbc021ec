/**
 * What the load's statements share: the festival being loaded (its venue, event, size, mix and the
 * first ids of its rows) with the per-row SQL it builds on, the festival time of a row, and how one
 * statement runs.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../server/src/core/db/client';
import { rowsOf } from '../../server/src/core/db/rows';
import { round } from './figures';
import type { OperationMix } from './operation-mix';
import { pickRaw } from './sql';
import type { Venue } from './venue';

/** The festival being loaded, and the SQL over a row index `g` its statements share. */
export interface Load {
  db: Db;
  v: Venue;
  /** The event's id. */
  e: number;
  /** How many wristbands (attendees). */
  W: number;
  mix: OperationMix;
  /** The first ids of the loaded wristbands, customers, tickets and sales. */
  w0: number;
  c0: number;
  t0: number;
  s0: number;
  /** The wristband of attendee 1 + (expr mod W). */
  wid: (g: string) => SQL;
  /** Its rol: one attendee in twelve has a VIP ticket. */
  rolOf: (g: string) => SQL;
  /** An article line of an operation's articles (JSON). */
  article: (g: string) => string;
  /** A field of one of the event's add-ons. */
  anyAddon: (g: string, f: 'id' | 'cash' | 'bonus') => string;
  log: (s: string) => void;
}

/** The next free ids of the tables whose ids the load sets itself. */
export async function firstIds(db: Db) {
  const next = async (table: string) =>
    Number(
      rowsOf<{ n: number }>(
        await db.execute(sql.raw(`select coalesce(max(id), 0) + 1 as n from ${table}`)),
      )[0]!.n,
    );
  const w0 = await next('wristbands');
  const c0 = await next('customers');
  const t0 = await next('tickets');
  const s0 = await next('sales');
  return { w0, c0, t0, s0 };
}

/** The load of a festival of W wristbands over the venue `v`, its rows numbered from `ids`. */
export function makeLoad(
  db: Db,
  v: Venue,
  W: number,
  mix: OperationMix,
  ids: { w0: number; c0: number; t0: number; s0: number },
  log: (s: string) => void,
): Load {
  const { w0 } = ids;
  const wid = (g: string) => sql.raw(`(${w0} + ((${g}) % ${W}))`);
  const rolOf = (g: string) =>
    sql.raw(`case when (1 + ((${g}) % ${W})) % 12 = 0 then ${v.rols.vip} else ${v.rols.general} end`);
  const article = (g: string) =>
    `jsonb_build_array(jsonb_build_object('idArticle', ${pickRaw(
      v.articles.map((a) => a.id),
      g,
    )}, 'quantity', 1))`;
  const anyAddon = (g: string, f: 'id' | 'cash' | 'bonus') =>
    pickRaw(
      v.addons.map((a) => a[f]),
      g,
    );
  return { db, v, e: v.eventId, W, mix, ...ids, wid, rolOf, article, anyAddon, log };
}

/**
 * A time of the festival for row `g` of `n`: rows come day after day, as terminals upload them (row
 * g on day ⌊(g − 1) · days / n⌋), each at an hour between 14:00 and 04:00 UTC with the evening peak
 * (the mean of three uniform draws), to the second.
 */
export const timeOf = (v: Venue, g: string, n: number) =>
  sql.raw(
    `('${v.start.toISOString()}'::timestamptz + floor(((${g}) - 1) * ${v.days}::numeric / ${Math.max(1, n)}) * interval '1 day' + interval '2 hours' + ` +
      `make_interval(secs => floor((random() + random() + random()) / 3 * 14 * 3600)))`,
  );

/** Runs one load statement in its own transaction with memory for its sorts and hashes. */
export async function step(db: Db, label: string, q: ReturnType<typeof sql>, log: (s: string) => void) {
  const t = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '256MB'`);
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(q);
  });
  log(`  ${label}: ${round((performance.now() - t) / 1000)} s`);
}
