import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { type Config, PORTAL_PATH } from '../config';
import { AppError } from '../lib/errors';

/**
 * One port serves the built web app (with history fallback) beside /api, and the attendee portal
 * (portal/dist) under PORTAL_PATH, each page of it `/portal/<slug>` answered with the portal's
 * index.html. The festival paths send the browser to the top-up site (TOPUP_SITE_URL, by default this
 * server's portal) with the path lower-cased (01-console §2).
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
    // Pre-compressed copies (.br, .gz, written by the build) by Accept-Encoding; hashed assets are
    // cached for a year, everything else (index.html) is revalidated on every load.
    await app.register(fastifyStatic, {
      root: config.consoleDist,
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
  }

  const portalIndex = path.join(config.portalDist, 'index.html');
  const hasPortal = existsSync(portalIndex);
  if (hasPortal) {
    await app.register(fastifyStatic, {
      root: config.portalDist,
      prefix: `${PORTAL_PATH}/`,
      decorateReply: !hasWeb,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader(
          'cache-control',
          /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/.test(filePath)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const isPortalPage = (url: string) => url === PORTAL_PATH || url.startsWith(`${PORTAL_PATH}/`);

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api')) throw new AppError('routeNotFound');
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new AppError('routeNotFound');
    // Assets that do not exist are a real 404; every other path is a route of the single-page app.
    if (/\.[a-z0-9]+$/i.test(req.url.split('?')[0] ?? '')) throw new AppError('routeNotFound');
    const urlPath = req.url.split('?')[0] ?? '';
    if (isPortalPage(urlPath)) {
      if (!hasPortal)
        return reply
          .status(503)
          .type('text/plain')
          .send('The attendee portal is not built. Run `npm start` (it builds it) or `npm run build`.');
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .sendFile('index.html', config.portalDist);
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
