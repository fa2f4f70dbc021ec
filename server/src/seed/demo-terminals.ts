import { and, asc, eq, exists, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { events, gates, locationArticles, locations } from '../core/db/schema';
import { fail } from '../core/lib/errors';
import { serverOrigin } from '../core/lib/public-origin';
import { generateDeviceQr } from '../modules/terminals';
import { ACTIVE_DEMO_EVENT } from './demo';

/**
 * The demo's ready-to-open terminals (README "Terminal"): GET /terminal/demo/bar, /top-up, /gate and
 * /kiosk send a browser to the terminal web app with a fresh configuration code of the demo festival
 * and the place to work at in its setup link (terminal/src/setup-link.ts): the festival's first bar
 * with a menu, its top-up point (a top-up location that is not a kiosk), its first gate (the North
 * gate, at its scanner's location) or its first kiosk (customer service). Each browser
 * becomes a terminal of its own in the fleet. Served only with SEED=demo: it hands a terminal's
 * authorisation to whoever opens it, as the demo's published accounts do.
 */
export const DEMO_TERMINALS = ['bar', 'top-up', 'gate', 'kiosk'] as const;
type DemoTerminal = (typeof DEMO_TERMINALS)[number];

/** The code lets a terminal set up for an hour; the terminal it sets up works for three days. */
const QR = { qrExpiration: 60, authExpiration: 72 };

export async function demoTerminalPlace(ctx: Pick<AppContext, 'db'>, which: DemoTerminal) {
  const [event] = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.name, ACTIVE_DEMO_EVENT))
    .orderBy(asc(events.id))
    .limit(1);
  if (!event) return null;
  if (which === 'gate') {
    // The first active gate whose scanner is an active location (the demo's North gate).
    const [gate] = await ctx.db
      .select({ gateId: gates.id, locationId: locations.id })
      .from(gates)
      .innerJoin(locations, eq(locations.id, gates.locationId))
      .where(and(eq(gates.eventId, event.id), eq(gates.active, 1), isNull(locations.inactiveAt)))
      .orderBy(asc(gates.id))
      .limit(1);
    return gate ? { eventId: event.id, ...gate } : null;
  }
  const place =
    which === 'bar'
      ? and(
          sql`'V' = any(${locations.activities})`,
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(locationArticles)
              .where(and(eq(locationArticles.locationId, locations.id), eq(locationArticles.visible, 1))),
          ),
        )
      : which === 'kiosk'
        ? sql`'K' = any(${locations.activities})`
        : and(sql`'C' = any(${locations.activities})`, sql`not ('K' = any(${locations.activities}))`);
  const [location] = await ctx.db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.eventId, event.id), isNull(locations.inactiveAt), place))
    .orderBy(asc(locations.id))
    .limit(1);
  return location ? { eventId: event.id, locationId: location.id } : null;
}

export async function demoTerminalRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const which of DEMO_TERMINALS) {
    app.get(`/terminal/demo/${which}`, async (_req, reply) => {
      const place = await demoTerminalPlace(ctx, which);
      if (!place) throw fail('notFound');
      const qr = await generateDeviceQr(ctx, place.eventId, serverOrigin(ctx.config), QR);
      const link = new URLSearchParams({ setup: qr, location: String(place.locationId) });
      if ('gateId' in place) link.set('gate', String(place.gateId));
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(`/terminal/#${link}`, 302);
    });
  }
}
