/**
 * The plans of a kept reports database's slowest calls (bench/reports/explain.ts): each call answered
 * once through the app while the SQL it sends is captured at the pg client, then every statement run
 * again under EXPLAIN (ANALYZE, BUFFERS). Lists each scan of a feed or rollup table that no index
 * led by event_id serves (a sequential scan, or an index not on event_id), so a report that reads other
 * events' rows shows up.
 * Usage: tsx bench/reports/explain.ts <kept database> <call text,…> (a run with --report-keep keeps one);
 * EXPLAIN_FULL=1 prints each whole plan too.
 */
import pg from 'pg';
import { buildApp } from '../../server/src/app';
import { openBenchDatabase } from '../databases';
import { qs, queryOf, reportRoutes, reportTargets } from './calls';
import { festivalOf } from './festival-database';
import { signIn } from './measure';
import { HOUR } from './venue';

process.env.SESSION_SECRET ||= 'bench-explain-'.repeat(5);
process.env.PUBLIC_URL ||= 'http://127.0.0.1';
const [name, texts = ''] = process.argv.slice(2);
if (!name) throw new Error('usage: tsx bench/reports/explain.ts <kept database> <call text,…>');
const wanted = texts.split(',').filter(Boolean);
const database = await openBenchDatabase('postgres', { reuse: name, keep: true });
const { loaded, shape } = await festivalOf(database, { wristbands: 0, operations: 0, days: 0, reuse: name });
const { app } = await buildApp({ database, logger: false, config: { seed: 'none', jobWorkers: false } });
await app.ready();
const call = await signIn(app, database.db, loaded.venue.eventId);
const dayStart = new Date(loaded.venue.start.getTime() + (shape.days - 1) * 24 * HOUR);
const window = { start: dayStart.toISOString(), end: new Date(dayStart.getTime() + 24 * HOUR).toISOString() };
// As the server's pool: no JIT (server/src/core/db/client.ts).
const client = new pg.Client({ connectionString: database.url, options: '-c jit=off' });
await client.connect();
for (const target of reportTargets(reportRoutes(app), loaded.venue)) {
  if (wanted.length && !wanted.some((t) => target.label.includes(t))) continue;
  const { url, query } = queryOf(target.route, window, loaded.venue);
  const q = qs({ ...query, ...target.extra });
  const seen: { text: string; values?: unknown[] }[] = [];
  const original = pg.Client.prototype.query;
  (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
    const [text, values] = args;
    if (typeof text === 'string') seen.push({ text, values });
    else if (text && typeof text.text === 'string')
      seen.push({ text: text.text, values: text.values ?? values });
    return original.apply(this, args as never);
  };
  try {
    await call(q ? `${url}?${q}` : url);
  } finally {
    (pg.Client.prototype as { query: unknown }).query = original;
  }
  console.log(`\n== ${target.label}: ${seen.length} statements`);
  for (const s of seen) {
    if (!/^\s*(with|select)/i.test(s.text) || /pg_|current_database/.test(s.text)) continue;
    const plan = await client.query<{ 'QUERY PLAN': string }>({
      text: `explain (analyze, buffers, format text) ${s.text}`,
      values: s.values,
    });
    const lines = plan.rows.map((r) => r['QUERY PLAN']);
    const total = lines.find((l) => l.startsWith('Execution Time'));
    const scans = lines.filter((l) => /Seq Scan on|Index (Only )?Scan using|Bitmap Index Scan on/.test(l));
    console.log(`-- ${total}: ${s.text.replace(/\s+/g, ' ').slice(0, 140)}`);
    for (const l of scans) console.log(`   ${l.trim()}`);
    // EXPLAIN_FULL=1: the whole plan under the scans.
    if (process.env.EXPLAIN_FULL) for (const l of lines) console.log(`      ${l}`);
  }
}
await client.end();
await app.close();
await database.close();
