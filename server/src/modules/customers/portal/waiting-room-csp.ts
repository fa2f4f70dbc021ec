/**
 * The waiting room's scripts come from the queue provider's own address (online services' queue
 * configuration, https only). A portal page of an event whose queue is on may load scripts from,
 * and connect to, those origins; no other page may (core/plugins/security-headers.ts sets the strict
 * policy this widens). A saved change reaches the pages within CACHE_MS.
 */
import type { FastifyInstance } from 'fastify';
import { PORTAL_PATH } from '../../../core/config';
import type { AppContext } from '../../../core/context';
import { getOnlineServices } from '../../events';
import * as repo from './portal.repo';
import { queueOf } from './portal.service';

const CACHE_MS = 30_000;
/** Slugs remembered at most (an address typed at random is looked up, never remembered past it). */
const CACHE_SIZE = 500;

export function waitingRoomCsp(app: FastifyInstance, ctx: AppContext) {
  const cache = new Map<string, { origins: string[]; at: number }>();
  const originsOf = async (slug: string) => {
    const hit = cache.get(slug);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.origins;
    const event = await repo.eventBySlug(ctx.db, slug);
    if (!event) return [];
    const queue = queueOf((await getOnlineServices(ctx, event.id)).queue);
    const origins = [...new Set((queue ?? []).map((s) => new URL(s.src).origin))];
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(slug, { origins, at: Date.now() });
    return origins;
  };
  const page = new RegExp(`^${PORTAL_PATH}/([^/?]+)`);
  app.addHook('onSend', async (req, reply) => {
    if (req.method !== 'GET') return;
    const slug = page.exec(req.url)?.[1];
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
