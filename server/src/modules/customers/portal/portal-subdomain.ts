/**
 * The portal at `<subdomain>.<host>` (issue 28; Event › Online services' subdomain): when the operator
 * points a wildcard host at this server, a request whose Host is `<subdomain>.<PORTAL_HOST>` (the base
 * host from configuration, by default TOPUP_SITE_URL's) gets that event's portal at `/`. The Host
 * header is only matched against the configured base host, never used to build an address; another
 * host goes on as before, an unknown subdomain is not found. The page is the portal's index.html
 * naming the event's slug (a meta tag), which addresses its API; its assets and API calls keep their
 * paths (`/portal/assets/…`, `/api/…`), so they pass through.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PORTAL_PATH } from '../../../core/config';
import type { AppContext } from '../../../core/context';
import { events } from '../../../core/db/schema';
import { fail } from '../../../core/lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The event slug of a portal page served at a subdomain (the waiting room's page policy reads it). */
    portalSlug?: string;
  }
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The subdomain a Host header names under the base host, or null (another host, or no base host). */
export function subdomainOf(hostHeader: string | undefined, baseHost: string) {
  if (!baseHost || !hostHeader) return null;
  const host = hostHeader.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (!host.endsWith(`.${baseHost}`)) return null;
  const label = host.slice(0, -(baseHost.length + 1));
  return LABEL.test(label) ? label : null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function portalSubdomain(app: FastifyInstance, ctx: AppContext) {
  const base = ctx.config.portalHost;
  if (!base) return;
  app.addHook('onRequest', async (req, reply) => {
    const sub = subdomainOf(req.headers.host, base);
    if (!sub) return;
    const urlPath = req.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath.startsWith(`${PORTAL_PATH}/`)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') throw fail('routeNotFound');
    const [event] = await ctx.db
      .select({ slug: events.slug })
      .from(events)
      .where(and(sql`lower(${events.subdomain}) = ${sub}`, isNotNull(events.slug)))
      .limit(1);
    if (!event?.slug) throw fail('routeNotFound');
    let html: string;
    try {
      html = await readFile(path.join(ctx.config.portalDist, 'index.html'), 'utf8');
    } catch {
      return reply
        .status(503)
        .type('text/plain')
        .send('The attendee portal is not built. Run `npm run build`.');
    }
    req.portalSlug = event.slug;
    const meta = `<meta name="pulsera-portal-slug" content="${escapeHtml(event.slug)}">`;
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(html.replace(/<head>/i, `<head>${meta}`));
  });
}
