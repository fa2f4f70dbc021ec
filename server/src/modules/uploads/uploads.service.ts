import {
  APP_KEY_PATTERN,
  APP_UPLOAD_MIME,
  IMAGE_KEY_PATTERN,
  IMAGE_MIME_TYPES,
  type ImageMime,
  type ImageRule,
  MIME_OF_EXTENSION,
  type UploadedImage,
  type UploadImageRequest,
  type UploadImageResult,
} from '@pulsera/contracts';
import { APP_UPLOAD_MAX_BYTES_DEFAULT } from '../../core/config';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db/client';
import { AppError, fail } from '../../core/lib/errors';
import { formatBytes, inspectImage } from './image-check';
import {
  LocalStorage,
  newKey,
  type Storage,
  storageConfig,
  storageFor,
  UPLOAD_PURPOSE,
  type UploadClaims,
} from './storage';
import * as repo from './uploads.repo';

/** POST /upload-image: a new key and a signed address to PUT the bytes to, valid UPLOAD_URL_MINUTES. */
export async function createUpload(ctx: AppContext, input: UploadImageRequest): Promise<UploadImageResult> {
  const cfg = storageConfig(ctx);
  const storage = storageFor(ctx);
  const key = newKey(input.folder, input.mimeType);
  const seconds = cfg.uploadUrlMinutes * 60;
  const uploadUrl = await storage.uploadUrl(key, input.mimeType, cfg.uploadMaxBytes, seconds);
  return {
    uploadUrl,
    key,
    url: storage.publicUrl(key),
    expiresAt: new Date(Date.now() + seconds * 1000).toISOString(),
    maxBytes: cfg.uploadMaxBytes,
  };
}

/** The claims of a local upload address; an expired or forged one is refused before its body is read. */
export async function verifyUploadToken(ctx: AppContext, token: string): Promise<UploadClaims> {
  const verified = await ctx.tokens.verifyPurpose<UploadClaims>(UPLOAD_PURPOSE, token);
  if (!verified.ok)
    throw fail(verified.reason === 'expired' ? 'uploadAddressExpired' : 'uploadAddressInvalid');
  const { k, m, max } = verified.claims;
  const image = IMAGE_KEY_PATTERN.test(k) && (IMAGE_MIME_TYPES as readonly string[]).includes(m);
  const app = APP_KEY_PATTERN.test(k) && m === APP_UPLOAD_MIME;
  const valid = typeof k === 'string' && (image || app) && Number.isInteger(max) && max > 0;
  if (!valid) throw fail('uploadAddressInvalid');
  return { k, m, max };
}

/** The most bytes a terminal app file may hold (APP_UPLOAD_MAX_BYTES). */
export const appUploadMaxBytes = (ctx: AppContext) =>
  storageConfig(ctx).appUploadMaxBytes ?? APP_UPLOAD_MAX_BYTES_DEFAULT;

const isAppClaim = (claims: UploadClaims) => APP_KEY_PATTERN.test(claims.k);

/** The most bytes a local upload address accepts (its own limit, never above the server's). */
export const uploadLimit = (ctx: AppContext, claims: UploadClaims) =>
  Math.min(claims.max, isAppClaim(claims) ? appUploadMaxBytes(ctx) : storageConfig(ctx).uploadMaxBytes);

export const tooLarge = (limit: number) => fail('imageTooLarge', { params: { limit: formatBytes(limit) } });
const appTooLarge = (limit: number) => fail('appFileTooLarge', { params: { limit: formatBytes(limit) } });
/** The 413 of an upload address: an image's or an app file's. */
export const tooLargeFor = (ctx: AppContext, claims: UploadClaims) =>
  isAppClaim(claims) ? appTooLarge(uploadLimit(ctx, claims)) : tooLarge(uploadLimit(ctx, claims));

/**
 * PUT /uploads/:token (local storage): checks the real type of the bytes against the declared one,
 * then stores them once under the signed key.
 */
export async function receiveUpload(
  ctx: AppContext,
  claims: UploadClaims,
  contentType: string | undefined,
  body: unknown,
) {
  const storage = storageFor(ctx);
  if (!(storage instanceof LocalStorage)) throw fail('uploadAddressInvalid');
  if (!Buffer.isBuffer(body)) throw fail('unsupportedMedia');
  const sent = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (sent !== claims.m && sent !== 'application/octet-stream') throw fail('unsupportedMedia');
  if (body.length > uploadLimit(ctx, claims)) throw tooLargeFor(ctx, claims);
  if (isAppClaim(claims)) {
    // A terminal app file: its real type (zip archive) is checked here and again when it is read.
    if (!isZipArchive(body)) throw fail('appFileType');
    if (!(await storage.write(claims.k, body))) throw fail('uploadAddressUsed');
    return { key: claims.k, url: '', width: 0, height: 0 };
  }
  const image = await inspectImage(body, claims.m as ImageMime);
  if (!(await storage.write(claims.k, body))) throw fail('uploadAddressUsed');
  return { key: claims.k, url: storage.publicUrl(claims.k), width: image.width, height: image.height };
}

/** An .apk and a .zip are both zip archives: a local file header (or an empty archive's end record). */
export const isZipArchive = (bytes: Uint8Array) =>
  bytes.length >= 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06));

/** Removes a stored object whose record is gone; a failure only leaves an unused file behind. */
export async function removeQuietly(storage: Storage, key: string | null) {
  if (!key) return;
  try {
    await storage.remove(key);
  } catch {
    // The object stays in the storage, unreferenced; nothing the user can act on.
  }
}

export interface AttachInput {
  key: string;
  /** The owning event, or null for a global image. */
  eventId: number | null;
  userId: number | null;
  rule: ImageRule;
}

/**
 * Attaches an uploaded object to a resource: re-reads the stored bytes (local file or ranged S3 read),
 * checks the real type, safety, byte size and the use's dimensions again, and records the `images`
 * row. Run it inside the transaction that updates the owning resource. A refused object is removed.
 * Attaching the same key to the same event again answers the same image.
 */
export async function attachImage(ctx: AppContext, db: Executor, input: AttachInput): Promise<UploadedImage> {
  const match = IMAGE_KEY_PATTERN.exec(input.key);
  if (!match) throw fail('imageNotUploaded');
  const existing = await repo.findByKey(db, input.key);
  if (existing) {
    if (existing.eventId !== input.eventId) throw fail('imageNotUploaded');
    return { id: existing.id, url: existing.url, width: existing.width, height: existing.height };
  }

  const storage = storageFor(ctx);
  const mime: ImageMime = MIME_OF_EXTENSION[match[1]!]!;
  const limit = Math.min(input.rule.maxBytes ?? Number.POSITIVE_INFINITY, storageConfig(ctx).uploadMaxBytes);
  const stored = await storage.read(input.key, limit + 1);
  if (!stored) throw fail('imageNotUploaded');
  let image: Awaited<ReturnType<typeof inspectImage>>;
  try {
    if (stored.size > limit) throw tooLarge(limit);
    image = await inspectImage(stored.bytes, mime, input.rule);
  } catch (e) {
    if (e instanceof AppError) await removeQuietly(storage, input.key);
    throw e;
  }

  const row = await repo.insertImage(db, {
    eventId: input.eventId,
    folder: input.key.split('/')[0]!,
    storageKey: input.key,
    url: storage.publicUrl(input.key),
    mime,
    width: image.width,
    height: image.height,
    bytes: stored.size,
    uploadedBy: input.userId,
    createdAt: stored.storedAt,
    attachedAt: new Date(),
  });
  return { id: row.id, url: row.url, width: row.width, height: row.height };
}
