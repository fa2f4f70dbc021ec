/**
 * The waiting room's scripts come from the queue provider's own address (online services' queue
 * configuration, https only). A portal page of an event whose queue is on may load scripts from,
 * and connect to, those origins; no other page may (core/plugins/security-headers.ts sets the strict
 * policy this widens). Read at each page load in one small query (a page is loaded once per visit;
 * its API calls are not pages), so a saved change holds from the next page on.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PORTAL_PATH } from '../../../core/config';
import type { AppContext } from '../../../core/context';
import { eventOnlineServices, events } from '../../../core/db/schema';
import { queueOf } from './portal.service';

export function waitingRoomCsp(app: FastifyInstance, ctx: AppContext) {
  const originsOf = async (slug: string) => {
    const [row] = await ctx.db
      .select({ queue: eventOnlineServices.queue })
      .from(events)
      .innerJoin(eventOnlineServices, eq(eventOnlineServices.eventId, events.id))
      .where(eq(events.slug, slug));
    const queue = row?.queue ? queueOf(row.queue) : null;
    return [...new Set((queue ?? []).map((s) => new URL(s.src).origin))];
  };
  const page = new RegExp(`^${PORTAL_PATH}/([^/?]+)`);
  app.addHook('onSend', async (req, reply) => {
    if (req.method !== 'GET') return;
    const slug = req.portalSlug ?? page.exec(req.url)?.[1];
    if (!slug || slug === 'assets' || !String(reply.getHeader('content-type')).startsWith('text/html'))
      return;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp !== 'string') return;
    let origins: string[];
    try {
      origins = await originsOf(decodeURIComponent(slug));
    } catch {
      return;
    }
    if (!origins.length) return;
    const more = origins.join(' ');
    reply.header(
      'content-security-policy',
      csp
        .replace(/script-src ([^;]*)/, `script-src $1 ${more}`)
        .replace(/connect-src ([^;]*)/, `connect-src $1 ${more}`),
    );
  });
}
