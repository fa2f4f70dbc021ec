import { z } from 'zod';

/**
 * Shared image uploads (01-console §7 "Shared uploads", §9 image sizes and types).
 * POST /upload-image answers a signed, expiring address; the browser PUTs the bytes there; then the
 * owning resource is updated with `PUT {path}` (key + imageObject) or cleared with `PUT {path}/delete`.
 */

/** The accepted types (01-console §9): by extension, and the type their first bytes must show. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type ImageMime = (typeof IMAGE_MIME_TYPES)[number];
export const IMAGE_EXTENSIONS: Record<string, ImageMime> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};
/** For `<input accept>`. */
export const IMAGE_ACCEPT = Object.keys(IMAGE_EXTENSIONS).join(',');
/** The extension a stored object gets, from its checked type. */
export const EXTENSION_OF: Record<ImageMime, 'png' | 'jpg' | 'svg'> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
};
export const MIME_OF_EXTENSION: Record<string, ImageMime> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
};
/** How a type is named in messages. */
export const IMAGE_TYPE_LABEL: Record<ImageMime, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/svg+xml': 'SVG',
};

/** Image sizes of 01-console §9 (width × height in pixels). */
export const IMAGE_SIZES = {
  eventLogo: { width: 500, height: 500 },
  sponsor: { width: 500, height: 140 },
  receiptLogo: { width: 200, height: 200 },
  auxButton: { width: 150, height: 120 },
  auxDisplay: { width: 900, height: 600 },
  article: { width: 200, height: 200 },
  role: { width: 500, height: 140 },
  ad: { width: 500, height: 500 },
  favicon: { width: 16, height: 16 },
  header: { width: 300, height: 160 },
  login: { width: 300, height: 260 },
} as const;
export const IMAGE_PREVIEW_HEIGHT = 200;
export const IMAGE_DEFAULT_WIDTH = 500;
/** "background image under 1 MB" (01-console §9). */
export const BACKGROUND_IMAGE_MAX_BYTES = 1_048_576;

/**
 * The size rule of one use of an image. A raster image (PNG, JPEG) must measure exactly width ×
 * height; an SVG scales without loss, so it must only have the same aspect ratio (within 1 %).
 * `maxBytes` lowers the server's upload limit for that use.
 */
export interface ImageRule {
  width: number;
  height: number;
  maxBytes?: number;
  /**
   * Also accepted: these proportions (width:height), shown fitted inside width × height. A raster
   * image must be at least that fitted size (2:1 in 300 × 260 → 300 × 150); an SVG only the proportions.
   */
  ratios?: readonly (readonly [number, number])[];
  /** Any width and height: only the type, safety and `maxBytes` are checked. */
  anySize?: boolean;
}
export interface MeasuredImage {
  mime: ImageMime;
  width: number;
  height: number;
}
export type SizeProblem =
  | { kind: 'exact'; width: number; height: number; actualWidth: number; actualHeight: number }
  | { kind: 'ratio'; width: number; height: number; actualWidth: number; actualHeight: number }
  | {
      kind: 'ratios';
      width: number;
      height: number;
      actualWidth: number;
      actualHeight: number;
      /** e.g. `2:1, 1:1`. */
      ratios: string;
      /** The least raster sizes of those proportions, e.g. `300×150, 260×260`. */
      minimums: string;
    };

/** The size an image of proportions w:h takes fitted inside the rule's box (rounded to pixels). */
export function fittedSize(rule: ImageRule, [w, h]: readonly [number, number]) {
  const ratio = w / h;
  const width = Math.min(rule.width, rule.height * ratio);
  return { width: Math.round(width), height: Math.round(width / ratio) };
}

const sameRatio = (a: number, b: number) => Math.abs(a - b) / b <= 0.01;

/**
 * The size rule of a use: the exact size (or its proportions for an SVG), or, when the rule lists
 * `ratios`, one of those proportions at least its fitted size. Null when the image fits.
 */
export function checkImageSize(image: MeasuredImage, rule: ImageRule): SizeProblem | null {
  if (rule.anySize) return null;
  const exact = checkExactSize(image, rule);
  if (!exact || !rule.ratios?.length) return exact;
  const got = image.width / image.height;
  for (const r of rule.ratios) {
    if (image.width <= 0 || image.height <= 0 || !sameRatio(got, r[0] / r[1])) continue;
    if (image.mime === 'image/svg+xml') return null;
    const fit = fittedSize(rule, r);
    if (image.width >= fit.width && image.height >= fit.height) return null;
  }
  return {
    kind: 'ratios',
    width: rule.width,
    height: rule.height,
    actualWidth: image.width,
    actualHeight: image.height,
    ratios: rule.ratios.map(([w, h]) => `${w}:${h}`).join(', '),
    minimums: rule.ratios
      .map((r) => fittedSize(rule, r))
      .map((f) => `${f.width}×${f.height}`)
      .join(', '),
  };
}

/** The error (key of the catalogue) that names a size problem. */
export const SIZE_PROBLEM_ERROR = {
  exact: 'imageDimensions',
  ratio: 'imageRatio',
  ratios: 'imageRatios',
} as const satisfies Record<SizeProblem['kind'], string>;

function checkExactSize(image: MeasuredImage, rule: ImageRule): SizeProblem | null {
  const params = {
    width: rule.width,
    height: rule.height,
    actualWidth: image.width,
    actualHeight: image.height,
  };
  if (image.mime === 'image/svg+xml') {
    if (image.width <= 0 || image.height <= 0) return { kind: 'ratio', ...params };
    const want = rule.width / rule.height;
    const got = image.width / image.height;
    return Math.abs(got - want) / want <= 0.01 ? null : { kind: 'ratio', ...params };
  }
  return image.width === rule.width && image.height === rule.height ? null : { kind: 'exact', ...params };
}

/** The first bytes of PNG and JPEG files (the browser's quick check; the server uses file-type). */
export function sniffRaster(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

const SVG_START =
  /^\uFEFF?\s*(?:<\?xml\s[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE\s+svg\b[^>[]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/;

/**
 * A strict SVG sniff: text (no NUL byte) that starts with an optional XML prolog, comments and an
 * SVG doctype without internal subset, then the `<svg` root element.
 */
export function looksLikeSvg(text: string): boolean {
  const head = text.slice(0, 16_384);
  return !head.includes('\u0000') && SVG_START.test(head);
}

/**
 * What makes an SVG unsafe to show: scripts, event handlers, javascript: addresses, embedded HTML,
 * entity declarations. Such files are refused rather than rewritten.
 */
/**
 * What an SVG would do that an image must not: run script, load anything from elsewhere, or animate
 * an attribute into a link. Checked on a normalised copy: character references decoded (`&#106;`),
 * namespace prefixes dropped (`<svg:script>`), white space and control characters removed inside
 * URLs, so spelling a thing differently does not get it through. Null when the SVG is safe.
 */
export function svgUnsafeReason(text: string): string | null {
  const decoded = text
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16) % 0x110000))
    .replace(/&#([0-9]+);?/g, (_, d: string) => String.fromCodePoint(Number(d) % 0x110000))
    .replace(
      /&(?:colon|tab|newline);/gi,
      (m) => ({ '&colon;': ':', '&tab;': '\t', '&newline;': '\n' })[m.toLowerCase()]!,
    );
  // `<svg:script …>` and `</x:foreignObject>` are the same elements as without a prefix.
  const plain = decoded.replace(/<(\/?)[A-Za-z_][\w.-]*:(?=[A-Za-z_])/g, '<$1');
  // Inside a URL a browser ignores tabs, new lines and control characters: `java\tscript:`.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const squeezed = plain.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, '');
  const rules: [RegExp, string, string][] = [
    [/<script[\s>/]/i, '<script>', plain],
    [/<foreignObject[\s>/]/i, '<foreignObject>', plain],
    [/<(?:iframe|embed|object|handler|listener)[\s>/]/i, '<iframe>, <embed>, <object>', plain],
    [/<!ENTITY/i, '<!ENTITY>', plain],
    [/<[^<>]*[\s"'/]on[a-z]+\s*=/i, 'on…= attributes', plain],
    [/(?:java|vb|live)script:/i, 'javascript: URLs', squeezed],
    [/data:text\/html|data:image\/svg|data:application/i, 'data: documents', squeezed],
    [/<(?:animate|animateMotion|animateTransform|set|discard)[\s>/]/i, 'animation (<animate>, <set>)', plain],
    [/@import/i, '@import', squeezed],
    [/url\((?!["']?(?:#|data:image\/(?:png|jpe?g|gif|webp);))/i, 'url() of another address', squeezed],
    [
      /\s(?:[\w-]+:)?(?:href|src)\s*=\s*(["'])(?!\s*(?:#|data:image\/(?:png|jpe?g|gif|webp);))/i,
      'links to another address (href, src)',
      plain,
    ],
  ];
  for (const [re, label, where] of rules) if (re.test(where)) return label;
  return null;
}

const UNITS: Record<string, number> = {
  '': 1,
  px: 1,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  pt: 96 / 72,
  pc: 16,
  em: 16,
  ex: 8,
};
const length = (v: string | undefined) => {
  const m = v ? /^\s*([0-9]*\.?[0-9]+(?:e[+-]?\d+)?)\s*(px|in|cm|mm|pt|pc|em|ex)?\s*$/i.exec(v) : null;
  return m ? Number(m[1]) * UNITS[(m[2] ?? '').toLowerCase()]! : undefined;
};
const attribute = (root: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(["'])(.*?)\\1`, name === 'viewBox' ? 'i' : '').exec(root)?.[2];

/** An SVG's size from the root's width and height, else from its viewBox (ratio kept). */
export function svgDimensions(text: string): { width: number; height: number } | null {
  const root = /<svg\s(?:[^>"']|"[^"]*"|'[^']*')*>/.exec(text)?.[0];
  if (!root) return null;
  const width = length(attribute(root, 'width'));
  const height = length(attribute(root, 'height'));
  const box = attribute(root, 'viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const vb = box && box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0 ? box : null;
  if (width && height) return { width: Math.round(width), height: Math.round(height) };
  if (vb) {
    const ratio = vb[2]! / vb[3]!;
    if (width) return { width: Math.round(width), height: Math.round(width / ratio) };
    if (height) return { width: Math.round(height * ratio), height: Math.round(height) };
    return { width: Math.round(vb[2]!), height: Math.round(vb[3]!) };
  }
  return null;
}

/** Storage folders are short lower-case names (e.g. `others`, `articles`). */
export const ImageFolder = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: 'validation.invalid' });
/** A stored object: `<folder>/<32 hex>.<png|jpg|svg>`, unguessable until it is attached. */
export const IMAGE_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}\/[a-f0-9]{32}\.(png|jpg|svg)$/;
export const ImageKey = z.string().max(100).regex(IMAGE_KEY_PATTERN, { error: 'validation.invalid' });

export const UploadImageRequest = z.object({
  folder: ImageFolder,
  mimeType: z.enum(IMAGE_MIME_TYPES),
});
export type UploadImageRequest = z.infer<typeof UploadImageRequest>;

export const UploadImageResult = z.object({
  /** Where to PUT the bytes (with the same content type): our server, or a presigned S3 address. */
  uploadUrl: z.string(),
  key: z.string(),
  /** The address the image will be shown from once attached. */
  url: z.string(),
  expiresAt: z.string(),
  maxBytes: z.number().int(),
});
export type UploadImageResult = z.infer<typeof UploadImageResult>;

/** What a resource answers once the image is attached (01-console §7 "result is the image"). */
export const UploadedImage = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

/**
 * `PUT {path}`: the uploaded key and the image object the browser measured. The server trusts
 * neither url nor size: it re-reads the stored object and answers what it measured.
 */
export const ImageAttachRequest = z.object({
  key: ImageKey,
  imageObject: z
    .object({
      url: z.string().max(2000),
      width: z.number().int().nonnegative(),
      height: z.number().int().nonnegative(),
    })
    .optional(),
});
export type ImageAttachRequest = z.infer<typeof ImageAttachRequest>;

/** `PUT {path}/delete` with delete=1 (01-console §7). */
export const ImageDeleteRequest = z.object({ delete: z.literal(1).optional() });

/** The event's two images (01-console §7 Events "Image uploads"). */
export const EVENT_IMAGES = {
  'image-sponsor': { size: IMAGE_SIZES.sponsor, folder: 'others' },
  'receipt-logo': { size: IMAGE_SIZES.receiptLogo, folder: 'others' },
} as const;
export type EventImageSlot = keyof typeof EVENT_IMAGES;
