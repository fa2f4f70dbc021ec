import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CAPACITY_LOG_MINUTES, OFFLINE_LIMIT_DEFAULTS } from '@pulsera/contracts';
import ipaddr from 'ipaddr.js';

/**
 * Every setting of the server, read once from the environment. The README's settings table lists
 * them; keep the two in step.
 */
/** The repository's root: the nearest folder above this file (or the compiled server/dist/main.js) holding server/drizzle. */
function repoRoot(from: string) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'server', 'drizzle'))) return dir;
    if (path.dirname(dir) === dir)
      throw new Error(`No server/drizzle above ${from}: run the server from the repository`);
  }
}
export const REPO_ROOT = repoRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Where this server serves the attendee portal (portal/dist): `/portal/<slug>`. */
export const PORTAL_PATH = '/portal';

const int = (name: string, fallback: number, min = 0) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`Setting ${name} must be a whole number >= ${min}`);
  return n;
};
const str = (name: string, fallback: string) => process.env[name] || fallback;
/** `1`: all; `0` or unset: none; else a comma-separated list of IP addresses or networks (CIDR). */
const privateAddresses = (name: string): boolean | string[] => {
  const raw = str(name, '0').trim();
  if (raw === '0') return false;
  if (raw === '1') return true;
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list)
    if (!(entry.includes('/') ? ipaddr.isValidCIDR(entry) : ipaddr.isValid(entry)))
      throw new Error(
        `Setting ${name} must be 0, 1 or a comma-separated list of IP addresses or networks (10.1.0.0/16): ${entry}`,
      );
  return list;
};
/**
 * Minutes of a scheduled slot (0 = off): slots start at whole multiples since the epoch, so the length
 * must divide an hour, or be whole hours dividing a day (the job's cron: capacity-log.task.ts).
 */
const slotMinutes = (name: string, fallback: number) => {
  const m = int(name, fallback, 0);
  const fits = m === 0 || (m < 60 && 60 % m === 0) || (m % 60 === 0 && 24 % (m / 60) === 0);
  if (!fits)
    throw new Error(
      `Setting ${name} must divide an hour (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30) or be whole hours dividing a day (60, 120, 180, 240, 360, 480, 720, 1440), or 0`,
    );
  return m;
};

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /**
   * The role that owns the tables (MIGRATION_DATABASE_URL): the migrations run as it, and the server
   * (DATABASE_URL) as a role that owns nothing. Null: DATABASE_URL's role does both.
   */
  migrationDatabaseUrl?: string | null;
  sessionSecret: string;
  tokenExpiryDays: number;
  tokenRefreshMinutes: number;
  trustsExpiryHours: number;
  passwordExpiryDays: number;
  qrSecret: string;
  seed: 'demo' | 'none';
  consoleDist: string;
  /** The built terminal web app (terminal/dist), served at /terminal/. */
  terminalDist: string;
  /**
   * The terminals' offline limits (TERMINAL_OFFLINE_HOURS, TERMINAL_OFFLINE_WRISTBAND_CENTS): the
   * longest a terminal sells without contact, the most one wristband spends offline on one terminal.
   */
  terminalOffline: { hours: number; wristbandCents: number };
  /** The built attendee portal (PORTAL_DIST, default portal/dist), served at PORTAL_PATH. */
  portalDist: string;
  topUpSiteUrl: string;
  /**
   * The base host of the portal's subdomain sites (`<subdomain>.<portalHost>`, lower case, no port):
   * PORTAL_HOST, else the host of TOPUP_SITE_URL.
   */
  portalHost: string;
  /** reCAPTCHA's verification call (RECAPTCHA_VERIFY_URL): Google's siteverify, or a test server. */
  recaptchaVerifyUrl: string;
  /**
   * Card top-ups by Stripe Checkout (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL for a
   * local simulator). Without a secret key card payment is off and the portal says so.
   */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string };
  /** Minutes a card top-up stays pending before the reconciliation job asks Stripe (STRIPE_RECONCILE_MINUTES). */
  stripeReconcileMinutes: number;
  /**
   * This server's public address (PUBLIC_URL, e.g. https://console.example.com): the origin of every
   * link the server writes (e-mails, device QR codes, OAuth callbacks), never taken from a request.
   * Required outside the demo; the demo derives it from HOST and PORT (publicUrlFor).
   */
  publicUrl: string;
  festivalPaths: string[];
  trustProxy: boolean;
  bodyLimitBytes: number;
  /** A whole request (headers and body) must arrive within this many ms (REQUEST_TIMEOUT_SECONDS). */
  requestTimeoutMs: number;
  /** Its headers within this many ms (HEADERS_TIMEOUT_SECONDS). */
  headersTimeoutMs: number;
  loginThrottle: { pairFailures: number; ipFailures: number; accountFailures: number; windowMinutes: number };
  /** Requests one API key may make per window (API_KEY_RATE_LIMIT, API_KEY_RATE_WINDOW_SECONDS). */
  apiKeyRateLimit: { max: number; windowSeconds: number };
  logLevel: string;
  /** Minutes between two points of the realtime capacity log; 0: this process does not write it. */
  capacityLogMinutes: number;
  /** Hours after which an uploaded image that was never attached is deleted; 0: this process does not sweep. */
  uploadSweepHours: number;
  /** This process works the job queues and fires their schedules (JOB_WORKERS=1; 0: it only serves). */
  jobWorkers: boolean;
  /** Shared image uploads: local disk under `<dataDir>/uploads` unless S3 settings are given. */
  storage?: StorageConfig;
  /** E-mail: SMTP_URL (nodemailer) or, when unset, .eml files in `outboxDir` (DATA_DIR/outbox). */
  smtpUrl: string | null;
  smtpFrom: string;
  outboxDir: string;
  /** Hours an invitation link stays valid (INVITATION_LINK_HOURS). */
  invitationLinkHours: number;
  /** Minutes a password-reset link stays valid (RESET_LINK_MINUTES). */
  resetLinkMinutes: number;
  /**
   * The secret that encrypts stored integration secrets and tokens (SECRETS_KEY; default
   * SESSION_SECRET): lib/secret-box.ts.
   */
  secretsKey: string;
  /**
   * Integrations (the sales platform) may be reached over plain http (INTEGRATIONS_ALLOW_HTTP=1):
   * only for a local test platform; otherwise their addresses must be https.
   */
  integrationsAllowHttp: boolean;
  /**
   * Integrations may reach addresses inside the network (INTEGRATIONS_ALLOW_PRIVATE_ADDRESSES): `1`
   * every one, or a comma-separated list of addresses and networks; only for local test platforms
   * (tests, the demo, the bench). Otherwise loopback, private, link-local… are refused
   * (modules/integrations/outbound-address.ts).
   */
  integrationsAllowPrivateAddresses: boolean | readonly string[];
  /** Minutes between two checks for sales periods to push (SALES_PUSH_MINUTES; 0: not scheduled). */
  salesPushMinutes: number;
  /** Pages of a ticketing platform one import job reads before it continues in the next (TICKET_IMPORT_PAGES_PER_JOB). */
  ticketImportPagesPerJob: number;
}

export interface S3Config {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, …); null for AWS itself. */
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Where stored objects are shown from (a CDN or the bucket's public address). */
  publicUrl: string | null;
  forcePathStyle: boolean;
}

export interface StorageConfig {
  uploadMaxBytes: number;
  uploadUrlMinutes: number;
  /** Largest terminal app file (.apk or .zip); unset = APP_UPLOAD_MAX_BYTES_DEFAULT. */
  appUploadMaxBytes?: number;
  s3: S3Config | null;
}

export const APP_UPLOAD_MAX_BYTES_DEFAULT = 150 * 1_048_576;

export function loadStorageConfig(): StorageConfig {
  const bucket = process.env.S3_BUCKET || '';
  const opt = (name: string) => process.env[name] || null;
  return {
    uploadMaxBytes: int('UPLOAD_MAX_BYTES', 2 * 1_048_576, 1024),
    uploadUrlMinutes: int('UPLOAD_URL_MINUTES', 10, 1),
    appUploadMaxBytes: int('APP_UPLOAD_MAX_BYTES', APP_UPLOAD_MAX_BYTES_DEFAULT, 1024),
    s3: bucket
      ? {
          bucket,
          endpoint: opt('S3_ENDPOINT'),
          region: str('S3_REGION', 'us-east-1'),
          accessKeyId: opt('S3_ACCESS_KEY_ID'),
          secretAccessKey: opt('S3_SECRET_ACCESS_KEY'),
          publicUrl: opt('S3_PUBLIC_URL'),
          forcePathStyle: ['1', 'true'].includes(str('S3_FORCE_PATH_STYLE', '0')),
        }
      : null,
  };
}

/** An http(s) address without a trailing slash, or null when the setting is empty. */
function httpUrl(name: string): string | null {
  const raw = process.env[name]?.trim();
  if (!raw) return null;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new Error(`Setting ${name} must be an http(s) address such as https://console.example.com`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new Error(`Setting ${name} must be an http(s) address such as https://console.example.com`);
  return raw.replace(/\/+$/, '');
}

/** The file in DATA_DIR that keeps the demo's generated session secret across restarts. */
export const DEMO_SECRET_FILE = 'session-secret';

/**
 * The secret that signs sessions, event trusts, device tokens and QR codes. No secret lives in the
 * source: SESSION_SECRET when set (32+ characters); in the demo (SEED=demo) a random one generated
 * into DATA_DIR on the first start and kept; otherwise the server refuses to start.
 */
export function sessionSecretFor(dataDir: string, seed: string): string {
  const given = process.env.SESSION_SECRET;
  if (given) {
    if (given.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters');
    return given;
  }
  if (seed !== 'demo') {
    throw new Error(
      'SESSION_SECRET is not set. It signs every session and device token, so the server does not start ' +
        'without it outside the demo. Set it to 32 or more random characters, e.g. SESSION_SECRET="$(openssl rand -hex 32)".',
    );
  }
  const file = path.join(dataDir, DEMO_SECRET_FILE);
  const read = () => readFileSync(file, 'utf8').trim();
  try {
    const kept = read();
    if (kept.length >= 32) return kept;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': two processes starting at once keep the first one's secret.
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return read();
}

/**
 * This server's public address: PUBLIC_URL when set. A request's Host header is never trusted for it
 * (a forged Host would put a genuine reset e-mail's link on another site). In the demo (SEED=demo)
 * the address it listens on (HOST, PORT; localhost for a wildcard HOST); otherwise the server refuses
 * to start without it.
 */
export function publicUrlFor(seed: string, host: string, port: number): string {
  const given = httpUrl('PUBLIC_URL');
  if (given) return given;
  if (seed !== 'demo')
    throw new Error(
      'PUBLIC_URL is not set. Every link the server writes (password e-mails, device QR codes, OAuth ' +
        'callbacks) starts with it, so the server does not start without it outside the demo. Set it to ' +
        'the address users reach the console at, e.g. PUBLIC_URL=https://console.example.com.',
    );
  const name = ['', '0.0.0.0', '::', '[::]'].includes(host)
    ? 'localhost'
    : host.includes(':')
      ? `[${host}]`
      : host;
  return `http://${name}:${port}`;
}

/** SECRETS_KEY (32+ characters) when set, else the session secret. */
function secretsKeyOf(sessionSecret: string) {
  const given = process.env.SECRETS_KEY;
  if (!given) return sessionSecret;
  if (given.length < 32) throw new Error('SECRETS_KEY must be at least 32 characters');
  return given;
}

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(REPO_ROOT, str('DATA_DIR', './data'));
  const seed = overrides.seed ?? str('SEED', 'demo');
  if (seed !== 'demo' && seed !== 'none') throw new Error('SEED must be demo or none');
  const sessionSecret = overrides.sessionSecret ?? sessionSecretFor(overrides.dataDir ?? dataDir, seed);
  const port = overrides.port ?? int('PORT', 8080, 0);
  const host = overrides.host ?? str('HOST', '0.0.0.0');
  return {
    port,
    host,
    dataDir,
    databaseUrl: process.env.DATABASE_URL || null,
    migrationDatabaseUrl: process.env.MIGRATION_DATABASE_URL || null,
    sessionSecret,
    tokenExpiryDays: int('TOKEN_EXPIRY_DAYS', 7, 1),
    tokenRefreshMinutes: int('TOKEN_REFRESH_MINUTES', 15, 0),
    trustsExpiryHours: int('TRUSTS_EXPIRY_HOURS', 12, 1),
    passwordExpiryDays: int('PASSWORD_EXPIRY_DAYS', 90, 0),
    qrSecret: str('QR_SECRET', `${sessionSecret}:qr`),
    seed,
    consoleDist: path.resolve(REPO_ROOT, str('CONSOLE_DIST', 'console/dist')),
    terminalDist: path.resolve(REPO_ROOT, str('TERMINAL_DIST', 'terminal/dist')),
    portalDist: path.resolve(REPO_ROOT, str('PORTAL_DIST', 'portal/dist')),
    terminalOffline: {
      hours: int('TERMINAL_OFFLINE_HOURS', OFFLINE_LIMIT_DEFAULTS.hours, 1),
      wristbandCents: int('TERMINAL_OFFLINE_WRISTBAND_CENTS', OFFLINE_LIMIT_DEFAULTS.wristbandCents, 0),
    },
    publicUrl: overrides.publicUrl ?? publicUrlFor(seed, host, port),
    // The attendee portal is served by this server at /portal unless the operator points elsewhere.
    topUpSiteUrl: str(
      'TOPUP_SITE_URL',
      `${(overrides.publicUrl ?? publicUrlFor(seed, host, port)).replace(/\/+$/, '')}${PORTAL_PATH}`,
    ),
    portalHost: portalHostOf(
      str('PORTAL_HOST', ''),
      str(
        'TOPUP_SITE_URL',
        `${(overrides.publicUrl ?? publicUrlFor(seed, host, port)).replace(/\/+$/, '')}${PORTAL_PATH}`,
      ),
    ),
    recaptchaVerifyUrl: str('RECAPTCHA_VERIFY_URL', 'https://www.google.com/recaptcha/api/siteverify'),
    stripe: {
      secretKey: str('STRIPE_SECRET_KEY', ''),
      webhookSecret: str('STRIPE_WEBHOOK_SECRET', ''),
      apiUrl: str('STRIPE_API_URL', 'https://api.stripe.com'),
    },
    stripeReconcileMinutes: int('STRIPE_RECONCILE_MINUTES', 15, 1),
    festivalPaths: str('FESTIVAL_PATHS', 'arenal,medusa')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: str('TRUST_PROXY', '0') === '1',
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 1_048_576, 1024),
    requestTimeoutMs: int('REQUEST_TIMEOUT_SECONDS', 60, 1) * 1000,
    headersTimeoutMs: int('HEADERS_TIMEOUT_SECONDS', 20, 1) * 1000,
    loginThrottle: {
      pairFailures: int('LOGIN_MAX_FAILURES', 5, 1),
      ipFailures: int('LOGIN_MAX_FAILURES_PER_IP', 50, 1),
      accountFailures: int('LOGIN_SLOWDOWN_FAILURES', 20, 1),
      windowMinutes: int('LOGIN_WINDOW_MINUTES', 15, 1),
    },
    apiKeyRateLimit: {
      max: int('API_KEY_RATE_LIMIT', 300, 1),
      windowSeconds: int('API_KEY_RATE_WINDOW_SECONDS', 60, 1),
    },
    logLevel: str('LOG_LEVEL', 'info'),
    capacityLogMinutes: slotMinutes('CAPACITY_LOG_MINUTES', CAPACITY_LOG_MINUTES),
    uploadSweepHours: int('UPLOAD_SWEEP_HOURS', 24, 0),
    jobWorkers: int('JOB_WORKERS', 1, 0) > 0,
    storage: loadStorageConfig(),
    smtpUrl: process.env.SMTP_URL || null,
    smtpFrom: str('SMTP_FROM', 'Pulsera <no-reply@pulsera.localhost>'),
    outboxDir: path.join(overrides.dataDir ?? dataDir, 'outbox'),
    invitationLinkHours: int('INVITATION_LINK_HOURS', 72, 1),
    resetLinkMinutes: int('RESET_LINK_MINUTES', 60, 5),
    secretsKey: secretsKeyOf(sessionSecret),
    integrationsAllowHttp: str('INTEGRATIONS_ALLOW_HTTP', '0') === '1',
    integrationsAllowPrivateAddresses: privateAddresses('INTEGRATIONS_ALLOW_PRIVATE_ADDRESSES'),
    salesPushMinutes: slotMinutes('SALES_PUSH_MINUTES', 5),
    ticketImportPagesPerJob: int('TICKET_IMPORT_PAGES_PER_JOB', 20, 1),
    ...overrides,
  };
}

/** The portal's base host: the one given (PORTAL_HOST), else the top-up site's; lower case, no port. */
export function portalHostOf(given: string, topUpSiteUrl: string) {
  const host = given.trim() || (URL.canParse(topUpSiteUrl) ? new URL(topUpSiteUrl).hostname : '');
  return host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}
