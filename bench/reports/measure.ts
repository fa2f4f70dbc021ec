/**
 * Measuring the report calls: GETs through the app signed in as the demo's administrator on the
 * bench event, and each call timed (a warm-up, then its runs) into its figure.
 */
import { HEADERS } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import type { buildApp } from '../../server/src/app';
import type { Db } from '../../server/src/core/db/client';
import { events } from '../../server/src/core/db/schema';
import { DEMO_PASSWORD } from '../../server/src/seed/demo';
import { qs, queryOf, type ReportTarget } from './calls';
import {
  type CallFigure,
  DASHBOARD_TARGET_MS,
  DASHBOARD_URL,
  percentile,
  REPORT_TARGET_MS,
  round,
} from './figures';
import type { Venue } from './venue';

/**
 * Signs in to the app as the demo's administrator: a GET on the event answers its status, its body
 * (JSON, or null) and its size.
 */
export async function signIn(app: Awaited<ReturnType<typeof buildApp>>['app'], db: Db, eventId: number) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const [ev] = await db.select({ token: events.token }).from(events).where(eq(events.id, eventId));
  const headers = { [HEADERS.session]: login.json().result.token as string, [HEADERS.event]: ev!.token };
  const call = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    let body: any = null;
    try {
      body = res.json();
    } catch {
      body = null;
    }
    return { status: res.statusCode, body, bytes: res.rawPayload.length };
  };
  return call;
}

/** Why a call failed: the status it answered, with the error's description and fields. */
const why = (status: number, body: any) => {
  const fields = (body?.fields ?? []).map((f: { path: string }) => f.path).join(', ');
  return `answers ${status}${body?.description ? `: ${body.description}` : ''}${fields ? ` (${fields})` : ''}`;
};

/**
 * Times one report call over the day `window`: a warm-up, then `runs` timed calls. A call that does
 * not answer 200 (or has a path parameter without a value) is FAILED.
 */
export async function timeCall(
  call: Awaited<ReturnType<typeof signIn>>,
  { route, label, extra }: ReportTarget,
  window: { start: string; end: string },
  v: Venue,
  runs: number,
  log: (s: string) => void,
): Promise<CallFigure> {
  const target = route === DASHBOARD_URL ? DASHBOARD_TARGET_MS : REPORT_TARGET_MS;
  const { url, query } = queryOf(route, window, v);
  const q = qs({ ...query, ...extra });
  const full = q ? `${url}?${q}` : url;
  const figure: CallFigure = {
    url: label,
    query: q,
    status: 0,
    p50: 0,
    p95: 0,
    max: 0,
    target,
    bytes: 0,
  };
  if (url.includes(':')) {
    figure.failed = 'path parameter without a value (add it to queryOf in bench/reports/calls.ts)';
    log(`  ${label}: FAILED ${figure.failed}`);
    return figure;
  }
  const warm = await call(full);
  figure.status = warm.status;
  figure.bytes = warm.bytes;
  if (warm.status !== 200) {
    figure.failed = why(warm.status, warm.body);
    log(`  ${label}: FAILED ${figure.failed}`);
    return figure;
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await call(full);
    times.push(performance.now() - t);
    if (res.status !== 200) {
      figure.status = res.status;
      figure.failed = `run ${i + 1} ${why(res.status, res.body)}`;
      break;
    }
  }
  times.sort((a, b) => a - b);
  figure.p50 = round(percentile(times, 50));
  figure.p95 = round(percentile(times, 95));
  figure.max = round(times[times.length - 1] ?? 0);
  log(`  ${label}: ${figure.failed ? `FAILED ${figure.failed}` : `p95 ${figure.p95} ms`}`);
  return figure;
}
