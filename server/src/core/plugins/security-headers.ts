import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { type Config, PORTAL_PATH } from '../config';

/** reCAPTCHA's script and challenge frame (Google's documented origins), allowed on portal pages only. */
const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
const RECAPTCHA_FRAME = 'https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/';
/** Where the server serves the terminal web app (core/plugins/static.ts). */
const TERMINAL_PATH = '/terminal';

/**
 * Browser hardening on every answer (console, API, files): a strict Content-Security-Policy with no
 * inline script, no framing (`frame-ancestors 'none'`), `nosniff`, a referrer policy that sends no
 * path to other sites, and HSTS when the public address is https. Styles may be inline: Mantine sets
 * element styles at run time (a style cannot run script). Images and uploads may reach the bucket's
 * public address when one is configured.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const extraOrigins = [config.storage?.s3?.publicUrl, config.storage?.s3?.endpoint]
    .filter((u): u is string => !!u)
    .map((u) => new URL(u).origin);
  const s3Bucket = config.storage?.s3 && !config.storage.s3.endpoint ? ['https://*.amazonaws.com'] : [];
  const https = config.publicUrl?.startsWith('https://') ?? false;
  // Built once (its options and policy parsed once), then applied to every answer: building it per
  // request, as @fastify/helmet does, cost a few per cent of a small list call's time.
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...extraOrigins],
        'font-src': ["'self'", 'data:'],
        // The browser PUTs an image straight to a presigned bucket address.
        'connect-src': ["'self'", ...extraOrigins, ...s3Bucket],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'worker-src': ["'self'", 'blob:'],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Images from /api/files are shown by the console only; other sites may not embed them.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    applyHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  const under = (url: string, base: string) => url === base || url.startsWith(`${base}/`);
  app.addHook('onSend', async (req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp !== 'string') return;
    // The attendee portal's pages load reCAPTCHA when an event has a site key: its script and frame.
    if (under(url, PORTAL_PATH))
      reply.header(
        'content-security-policy',
        csp
          .replace("script-src 'self'", `script-src 'self' ${RECAPTCHA_SCRIPT}`)
          .concat(`;frame-src ${RECAPTCHA_FRAME}`),
      );
    // The terminal's camera scan runs a barcode reader compiled to WebAssembly (its own file, from
    // /terminal/): compiling WebAssembly is allowed there, and nothing else (no eval of text).
    if (under(url, TERMINAL_PATH))
      reply.header(
        'content-security-policy',
        csp.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'"),
      );
  });
}
