import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { type Config, PORTAL_PATH } from '../config';
import { AppError } from '../lib/errors';

/** Pre-compressed copies, by Accept-Encoding; hashed assets cached a year, the rest revalidated. */
const staticOptions = (root: string, prefix?: string, decorateReply = true): FastifyStaticOptions => ({
  root,
  ...(prefix ? { prefix } : {}),
  decorateReply,
  wildcard: false,
  index: false,
  preCompressed: true,
  cacheControl: false,
  setHeaders: (res, filePath) => {
    res.setHeader('vary', 'accept-encoding');
    res.setHeader(
      'cache-control',
      /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/.test(filePath)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    );
  },
});

/**
 * One port serves the built web apps (with history fallback) beside /api: the console at /, the
 * terminal at /terminal/ (its service worker's scope) and the attendee portal (portal/dist) under
 * PORTAL_PATH, each page of it `/portal/<slug>` answered with the portal's index.html. The festival
 * paths send the browser to the top-up site (TOPUP_SITE_URL, by default this server's portal) with
 * the path lower-cased (01-console §2).
 */
export async function registerStatic(app: FastifyInstance, config: Config) {
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET') return;
    const urlPath = req.url.split('?')[0] ?? '/';
    const first = urlPath.split('/')[1]?.toLowerCase();
    if (first && config.festivalPaths.includes(first)) {
      return reply.redirect(`${config.topUpSiteUrl.replace(/\/$/, '')}${urlPath.toLowerCase()}`, 302);
    }
  });

  const indexHtml = path.join(config.consoleDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, staticOptions(config.consoleDist));
  }

  const terminalIndex = path.join(config.terminalDist, 'index.html');
  const hasTerminal = existsSync(terminalIndex);
  if (hasTerminal)
    await app.register(fastifyStatic, staticOptions(config.terminalDist, '/terminal/', !hasWeb));

  const portalIndex = path.join(config.portalDist, 'index.html');
  const hasPortal = existsSync(portalIndex);
  if (hasPortal)
    await app.register(
      fastifyStatic,
      staticOptions(config.portalDist, `${PORTAL_PATH}/`, !hasWeb && !hasTerminal),
    );
  const isPortalPage = (url: string) => url === PORTAL_PATH || url.startsWith(`${PORTAL_PATH}/`);

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api')) throw new AppError('routeNotFound');
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new AppError('routeNotFound');
    // Assets that do not exist are a real 404; every other path is a route of the single-page app.
    if (/\.[a-z0-9]+$/i.test(req.url.split('?')[0] ?? '')) throw new AppError('routeNotFound');
    const urlPath = req.url.split('?')[0] ?? '';
    // The terminal's and the portal's pages: their own index.html, or why it is missing.
    for (const app of [
      {
        is: urlPath === '/terminal' || urlPath.startsWith('/terminal/'),
        built: hasTerminal,
        dist: config.terminalDist,
        name: 'terminal app',
      },
      { is: isPortalPage(urlPath), built: hasPortal, dist: config.portalDist, name: 'attendee portal' },
    ]) {
      if (!app.is) continue;
      if (!app.built)
        return reply
          .status(503)
          .type('text/plain')
          .send(`The ${app.name} is not built. Run \`npm start\` (it builds it) or \`npm run build\`.`);
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', app.dist);
    }
    if (!hasWeb) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm start` (it builds it) or `npm run build`.');
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
