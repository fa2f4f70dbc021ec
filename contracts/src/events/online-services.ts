import { z } from 'zod';
import { COLOR_PATTERN } from '../catalogue/addons';
import { LANGUAGES } from '../constants';
import { instant } from '../inputs';
import { LANGUAGE_ISO_PATTERN } from '../settings/languages';
import { BACKGROUND_IMAGE_MAX_BYTES, IMAGE_SIZES, type ImageRule, UploadedImage } from '../upload';

/**
 * An event's online services: the configuration of its online top-up site (01-console §2
 * admin/events/onlineServices, §3 the event's online-services fields, §4 online-services dates,
 * §5 queue configuration, background image, https redirect URLs, §8 queue messages, §9 image sizes).
 * Choices the spec leaves open are in docs/decisions/events.md "Online services".
 */

/** Lower-case letters and digits in words joined by single hyphens: `sonora-2026`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_LENGTH = { min: 3, max: 60 } as const;
/** One DNS label (RFC 1123), lower case: letters, digits and inner hyphens, at most 63. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const SUBDOMAIN_MAX = 63;
/** Labels the top-up site's own services use: never an event's. */
export const RESERVED_SUBDOMAINS = [
  'www',
  'api',
  'admin',
  'console',
  'mail',
  'static',
  'cdn',
  'app',
] as const;

export const LOGIN_METHODS = ['rfid', 'ticket', 'rfidAndTicket'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

/** The card brands the payment page may accept (what European card acquirers offer). */
export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'maestro',
  'amex',
  'dinersClub',
  'discover',
  'jcb',
  'unionPay',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
export const CARD_BRAND_LABEL: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
  amex: 'American Express',
  dinersClub: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  unionPay: 'UnionPay',
};

/** The script types a queue script may have (a classic script or an ES module). */
export const QUEUE_SCRIPT_TYPES = ['text/javascript', 'module'] as const;
export type QueueScriptType = (typeof QUEUE_SCRIPT_TYPES)[number];
/** The function the queue script must define, e.g. `QueueIt.validateUser` (a dotted JS name). */
export const QUEUE_FUNCTION_PATTERN = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

export const REDIRECT_KINDS = ['success', 'failure', 'cancel'] as const;
export type RedirectKind = (typeof REDIRECT_KINDS)[number];

/** The online-services images and their rules (01-console §9). */
export const ONLINE_IMAGES = {
  header: { folder: 'online', rule: { ...IMAGE_SIZES.header } },
  /**
   * The login box is 300 × 260: an image fills it (300 × 260), or shows at 2:1 (300 × 150) or 1:1
   * (260 × 260); a raster image at least that large, an SVG in those proportions.
   */
  login: {
    folder: 'online',
    rule: {
      ...IMAGE_SIZES.login,
      ratios: [
        [2, 1],
        [1, 1],
      ],
    },
  },
  favicon: { folder: 'online', rule: { ...IMAGE_SIZES.favicon } },
  background: {
    folder: 'online',
    rule: { width: 0, height: 0, anySize: true, maxBytes: BACKGROUND_IMAGE_MAX_BYTES },
  },
} as const satisfies Record<string, { folder: string; rule: ImageRule }>;
export type OnlineImageSlot = keyof typeof ONLINE_IMAGES;
export const ONLINE_IMAGE_SLOTS = Object.keys(ONLINE_IMAGES) as OnlineImageSlot[];

/** Cents: what a never-configured event starts with. */
export const ONLINE_TOP_UP_DEFAULTS = { min: 500, max: 50_000 } as const;
/** The highest top-up amount accepted, in cents (one million units). */
export const ONLINE_TOP_UP_MAX = 100_000_000;
export const INFO_TEXT_MAX = 4000;

export const DEFAULT_ONLINE_COLORS = {
  primary: '#6d28d9',
  accent: '#f59e0b',
  headerText: '#ffffff',
  background: '#f4f1fb',
} as const;
export const DEFAULT_ONLINE_GRADIENT = { enabled: 1, from: '#6d28d9', to: '#db2777', angle: 135 } as const;

const flag01 = z.union([z.literal(0), z.literal(1)]);
const color = z.string().trim().regex(COLOR_PATTERN, { error: 'validation.color' });
/** Empty text is no value. */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => v || null);

/** An https address (01-console §5: a redirect URL must be https); empty is none. */
export const httpsUrl = z
  .string()
  .trim()
  .max(2000)
  .nullable()
  .transform((v) => v || null)
  .refine((v) => v === null || isHttpsUrl(v), { error: 'validation.httpsUrl' });

/** https, a host name (letters, digits, hyphens, dots), an optional port, then a path without spaces. */
const HTTPS_URL =
  /^https:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;
export const isHttpsUrl = (v: string) => HTTPS_URL.test(v);

export const OnlineColors = z.object({
  primary: color,
  accent: color,
  headerText: color,
  background: color,
});
export type OnlineColors = z.infer<typeof OnlineColors>;
export const OnlineGradient = z.object({
  enabled: flag01,
  from: color,
  to: color,
  angle: z.number().int().min(0).max(360),
});
export type OnlineGradient = z.infer<typeof OnlineGradient>;

/** One queue script as typed: the spec's own messages say what is missing (checked below). */
export const QueueScript = z.object({
  type: z.string().trim().max(40).default(''),
  src: z.string().trim().max(2000).default(''),
  function: z.string().trim().max(200).default(''),
});
export type QueueScript = z.infer<typeof QueueScript>;
export const QueueConfig = z.object({
  enabled: flag01,
  scripts: z.array(QueueScript).max(10),
});
export type QueueConfig = z.infer<typeof QueueConfig>;

/** Builds the fields of the save request (cents) and of the form (amounts in the display currency). */
const fields = <A extends z.ZodType<number>>(amount: A) =>
  z.object({
    slug: z
      .string()
      .trim()
      .max(SLUG_LENGTH.max)
      .nullable()
      .transform((v) => v || null)
      .refine((v) => v === null || v.length >= SLUG_LENGTH.min, {
        error: `validation.minLength|{"minLength":${SLUG_LENGTH.min}}`,
      })
      .refine((v) => v === null || SLUG_PATTERN.test(v), { error: 'validation.slug' }),
    subdomain: z
      .string()
      .trim()
      .max(SUBDOMAIN_MAX)
      .nullable()
      .transform((v) => v || null)
      .refine((v) => v === null || SUBDOMAIN_PATTERN.test(v), { error: 'validation.subdomain' })
      .refine((v) => v === null || !(RESERVED_SUBDOMAINS as readonly string[]).includes(v), {
        error: 'validation.subdomainReserved',
      }),
    servicesOnlineDateStart: instant().nullable(),
    servicesOnlineDateEnd: instant().nullable(),
    /** By language iso: the configured languages (Configuration › Languages) and the console's four. */
    infoText: z
      .record(z.string().regex(LANGUAGE_ISO_PATTERN), z.string().trim().max(INFO_TEXT_MAX))
      .refine((r) => Object.keys(r).length <= 50, { error: 'validation.invalid' }),
    needsCodeCheck: flag01,
    manuallyTopUp: flag01,
    minTopUp: amount,
    maxTopUp: amount,
    recaptchaSiteKey: optional(100).refine((v) => v === null || /^[\w-]{20,100}$/.test(v), {
      error: 'validation.recaptchaKey',
    }),
    colors: OnlineColors,
    gradient: OnlineGradient,
    loginMethod: z.enum(LOGIN_METHODS),
    knownTicketsOnly: flag01,
    cardBrands: z
      .array(z.enum(CARD_BRANDS))
      .min(1, { error: 'validation.minItems|{"min":1}' })
      .max(CARD_BRANDS.length)
      .refine((v) => new Set(v).size === v.length, { error: 'validation.repeated' }),
    queue: QueueConfig,
    redirectUrls: z.object({ success: httpsUrl, failure: httpsUrl, cancel: httpsUrl }),
    /** The version the form was loaded with (null: never saved); another one refuses the save (409). */
    update_time: z.iso.datetime({ offset: true }).nullable(),
  });

type Fields = z.infer<ReturnType<typeof fields>>;

/**
 * The rules across fields: minimum ≤ maximum; online dates both or neither and start ≤ end; the queue
 * needs two complete scripts when on (01-console §5, §8). (The dates within the event are checked by
 * the server, which knows the event; the form checks them too.)
 */
function rules(v: Partial<Fields>, ctx: z.RefinementCtx) {
  if (typeof v.minTopUp === 'number' && typeof v.maxTopUp === 'number' && v.maxTopUp < v.minTopUp) {
    ctx.addIssue({
      code: 'custom',
      path: ['maxTopUp'],
      message: 'validation.maxBelowMin',
      input: v.maxTopUp,
    });
  }
  const start = v.servicesOnlineDateStart ?? null;
  const end = v.servicesOnlineDateEnd ?? null;
  if (start && !end) {
    ctx.addIssue({
      code: 'custom',
      path: ['servicesOnlineDateEnd'],
      message: 'validation.required',
      input: end,
    });
  } else if (end && !start) {
    ctx.addIssue({
      code: 'custom',
      path: ['servicesOnlineDateStart'],
      message: 'validation.required',
      input: start,
    });
  } else if (start && end && Date.parse(end) <= Date.parse(start)) {
    ctx.addIssue({
      code: 'custom',
      path: ['servicesOnlineDateEnd'],
      message: 'validation.endAfterStart',
      input: end,
    });
  }
  if (v.queue?.enabled !== 1) return;
  for (const issue of queueIssues(v.queue.scripts)) ctx.addIssue({ ...issue, code: 'custom' });
}

/** The four queue messages of 01-console §8, each at the field it is about. */
export function queueIssues(
  scripts: QueueScript[],
): { path: (string | number)[]; message: string; input: unknown }[] {
  const issues: { path: (string | number)[]; message: string; input: unknown }[] = [];
  if (scripts.length !== 2) {
    issues.push({
      path: ['queue', 'scripts'],
      message: 'validation.queueNeedsTwoScriptsError',
      input: scripts,
    });
  }
  scripts.forEach((s, i) => {
    if (!(QUEUE_SCRIPT_TYPES as readonly string[]).includes(s.type)) {
      issues.push({
        path: ['queue', 'scripts', i, 'type'],
        message: 'validation.queueScriptTypeMissingError',
        input: s.type,
      });
    }
    if (!s.src) {
      issues.push({
        path: ['queue', 'scripts', i, 'src'],
        message: 'validation.queueScriptSrcMissingError',
        input: s.src,
      });
    } else if (!isHttpsUrl(s.src)) {
      issues.push({ path: ['queue', 'scripts', i, 'src'], message: 'validation.httpsUrl', input: s.src });
    }
    if (!QUEUE_FUNCTION_PATTERN.test(s.function)) {
      issues.push({
        path: ['queue', 'scripts', i, 'function'],
        message: 'validation.queueScriptFunctionError',
        input: s.function,
      });
    }
  });
  return issues;
}

const cents = z
  .number({ error: 'validation.required' })
  .int()
  .gt(0, { error: 'validation.positive' })
  .max(ONLINE_TOP_UP_MAX);

/**
 * PUT /event/online-services: every field. `recaptchaSecret` sets a new secret; absent or empty keeps
 * the stored one; `clearRecaptchaSecret: true` removes it. The secret is never answered back.
 */
export const OnlineServicesSave = fields(cents)
  .extend({
    recaptchaSecret: optional(100)
      .optional()
      .refine((v) => !v || /^[\w-]{20,100}$/.test(v), { error: 'validation.recaptchaKey' }),
    clearRecaptchaSecret: z.boolean().optional(),
  })
  .superRefine(rules);
export type OnlineServicesSave = z.input<typeof OnlineServicesSave>;
export type OnlineServicesSaved = z.output<typeof OnlineServicesSave>;

/** The console's form: the amounts typed in the event's display currency. */
export const OnlineServicesForm = fields(
  z.number({ error: 'validation.required' }).gt(0, { error: 'validation.positive' }),
)
  .extend({ recaptchaSecret: z.string().max(100), clearRecaptchaSecret: z.boolean() })
  .superRefine(rules);
export type OnlineServicesForm = z.input<typeof OnlineServicesForm>;

const ImageRefOut = UploadedImage.pick({ id: true, url: true });

/** GET /event/online-services: what is stored, with defaults for a never-configured event. */
export const OnlineServices = z.object({
  eventId: z.number().int(),
  slug: z.string().nullable(),
  subdomain: z.string().nullable(),
  servicesOnlineDateStart: z.string().nullable(),
  servicesOnlineDateEnd: z.string().nullable(),
  infoText: z.record(z.string(), z.string()),
  needsCodeCheck: flag01,
  manuallyTopUp: flag01,
  minTopUp: z.number().int(),
  maxTopUp: z.number().int(),
  recaptchaSiteKey: z.string().nullable(),
  /** Whether a secret is stored; the secret itself never leaves the server. */
  recaptchaSecretSet: z.boolean(),
  colors: OnlineColors,
  gradient: OnlineGradient,
  images: z.object({
    header: ImageRefOut.nullable(),
    login: ImageRefOut.nullable(),
    favicon: ImageRefOut.nullable(),
    background: ImageRefOut.nullable(),
  }),
  loginMethod: z.enum(LOGIN_METHODS),
  knownTicketsOnly: flag01,
  cardBrands: z.array(z.enum(CARD_BRANDS)),
  queue: z.object({
    enabled: flag01,
    scripts: z.array(z.object({ type: z.string(), src: z.string(), function: z.string() })),
  }),
  redirectUrls: z.object({
    success: z.string().nullable(),
    failure: z.string().nullable(),
    cancel: z.string().nullable(),
  }),
  /** The top-up site's address of this event (as the event chooser shows it), or null. */
  siteUrl: z.string().nullable(),
  /** TOPUP_SITE_URL: the form shows the addresses a slug and a subdomain give as they are typed. */
  siteBaseUrl: z.string(),
  /** The event's window the online dates must lie in. */
  eventWindow: z.object({ start: z.string(), end: z.string() }),
  /** The languages info texts are kept in: the configured ones and the console's four. */
  languages: z.array(z.object({ iso: z.string(), name: z.string() })),
  update_time: z.string().nullable(),
});
export type OnlineServices = z.infer<typeof OnlineServices>;

/** The console's own languages, always offered for info texts. */
export const INFO_TEXT_LANGUAGES = LANGUAGES;
