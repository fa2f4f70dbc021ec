import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { APP_KEY_PATTERN, EXTENSION_OF, IMAGE_KEY_PATTERN, type ImageMime } from '@pulsera/contracts';
import { loadStorageConfig, type S3Config, type StorageConfig } from '../../core/config';
import type { AppContext } from '../../core/context';
import type { Tokens } from '../../core/lib/tokens';

/** The purpose (JWT audience) of the signed local upload addresses. */
export const UPLOAD_PURPOSE = 'upload';
/**
 * Claims of a local upload address: the object key, its declared type and the most bytes it may hold.
 * An image key carries its image type; a terminal app key (APP_KEY_PATTERN) carries APP_UPLOAD_MIME.
 */
export interface UploadClaims {
  k: string;
  m: string;
  max: number;
}

/** Keys this storage holds: images (IMAGE_KEY_PATTERN) and terminal app files (APP_KEY_PATTERN). */
export const isStorageKey = (key: string) => IMAGE_KEY_PATTERN.test(key) || APP_KEY_PATTERN.test(key);

/** The start of a stored object and its full size. */
export interface StoredHead {
  bytes: Buffer;
  size: number;
  storedAt: Date;
}

/** Where uploaded images and terminal app files live: local disk (default) or an S3-compatible bucket. */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** A signed address the browser PUTs the bytes to (with this content type) until it expires. */
  uploadUrl(key: string, mime: string, maxBytes: number, expiresInSeconds: number): Promise<string>;
  /** Up to `limit` bytes from the start of the object and its size; null when there is none. */
  read(key: string, limit: number): Promise<StoredHead | null>;
  remove(key: string): Promise<void>;
  /** The image objects stored before `before` (keys of IMAGE_KEY_PATTERN only: nothing else is ours). */
  listOlder(before: Date): AsyncIterable<{ key: string; storedAt: Date }>;
  /** The whole object as a stream and its size; null when there is none. */
  stream(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** The address the image is shown from. */
  publicUrl(key: string): string;
}

export const newKey = (folder: string, mime: ImageMime) =>
  `${folder}/${randomBytes(16).toString('hex')}.${EXTENSION_OF[mime]}`;

/** Files under `<DATA_DIR>/uploads`, written by PUT /api/uploads/:token and served by GET /api/files/*. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  constructor(
    readonly root: string,
    private readonly tokens: Tokens,
  ) {}

  /** The file of a key; never outside the root (keys are checked against the pattern first). */
  file(key: string) {
    if (!isStorageKey(key)) throw new Error(`Bad storage key ${key}`);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Bad storage key ${key}`);
    return file;
  }

  async uploadUrl(key: string, mime: string, maxBytes: number, expiresInSeconds: number) {
    const claims: UploadClaims = { k: key, m: mime, max: maxBytes };
    const token = await this.tokens.purpose(UPLOAD_PURPOSE, { ...claims }, `${expiresInSeconds}s`);
    return `/api/uploads/${token}`;
  }

  /** Writes a new object; false when the key already holds one (an upload address is used once). */
  async write(key: string, bytes: Buffer): Promise<boolean> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(file, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    }
    try {
      await handle.writeFile(bytes);
    } catch (e) {
      await handle.close();
      await rm(file, { force: true });
      throw e;
    }
    await handle.close();
    return true;
  }

  async read(key: string, limit: number): Promise<StoredHead | null> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.file(key), 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    try {
      const info = await handle.stat();
      const buffer = Buffer.alloc(Math.min(limit, info.size));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return { bytes: buffer.subarray(0, bytesRead), size: info.size, storedAt: info.mtime };
    } finally {
      await handle.close();
    }
  }

  /** A stream of the file and its size, for GET /api/files/*; null when missing. */
  async stream(key: string): Promise<{ stream: Readable; size: number } | null> {
    const file = this.file(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async remove(key: string) {
    await rm(this.file(key), { force: true });
  }

  async *listOlder(before: Date) {
    let folders: string[];
    try {
      folders = await readdir(this.root);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const folder of folders) {
      let names: string[];
      try {
        names = await readdir(path.join(this.root, folder));
      } catch {
        continue; // not a folder
      }
      for (const name of names) {
        const key = `${folder}/${name}`;
        if (!IMAGE_KEY_PATTERN.test(key)) continue;
        const info = await stat(this.file(key)).catch(() => null);
        if (info?.isFile() && info.mtime < before) yield { key, storedAt: info.mtime };
      }
    }
  }

  publicUrl(key: string) {
    return `/api/files/${key}`;
  }
}

/** An S3-compatible bucket: the browser PUTs to a presigned address; objects are shown from S3_PUBLIC_URL. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  constructor(private readonly cfg: S3Config) {
    this.client = new S3Client({
      region: cfg.region,
      endpoint: cfg.endpoint ?? undefined,
      forcePathStyle: cfg.forcePathStyle,
      credentials:
        cfg.accessKeyId && cfg.secretAccessKey
          ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey }
          : undefined,
      // A presigned PUT must not carry a checksum of an empty body (the browser sends the real bytes).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  uploadUrl(key: string, mime: string, _maxBytes: number, expiresInSeconds: number) {
    // The content type is signed: the browser must send the type it declared. The size and the real
    // type cannot be signed in a PUT address, so attaching re-reads the object and checks both.
    const command = new PutObjectCommand({ Bucket: this.cfg.bucket, Key: key, ContentType: mime });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
  }

  async read(key: string, limit: number): Promise<StoredHead | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.cfg.bucket,
          Key: key,
          Range: `bytes=0-${Math.max(0, limit - 1)}`,
        }),
      );
      const bytes = Buffer.from((await res.Body?.transformToByteArray()) ?? new Uint8Array());
      const total = /\/(\d+)$/.exec(res.ContentRange ?? '')?.[1];
      return {
        bytes: bytes.subarray(0, limit),
        size: total ? Number(total) : (res.ContentLength ?? bytes.length),
        storedAt: res.LastModified ?? new Date(),
      };
    } catch (e) {
      if (e instanceof S3ServiceException) {
        if (e.name === 'NoSuchKey' || e.$metadata.httpStatusCode === 404) return null;
        // An empty object has no byte 0: the range is not satisfiable.
        if (e.$metadata.httpStatusCode === 416)
          return { bytes: Buffer.alloc(0), size: 0, storedAt: new Date() };
      }
      throw e;
    }
  }

  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
  }

  async *listOlder(before: Date) {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.cfg.bucket, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key && IMAGE_KEY_PATTERN.test(o.Key) && o.LastModified && o.LastModified < before)
          yield { key: o.Key, storedAt: o.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async stream(key: string): Promise<{ stream: Readable; size: number } | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
      if (!res.Body) return null;
      return { stream: res.Body as Readable, size: res.ContentLength ?? 0 };
    } catch (e) {
      if (e instanceof S3ServiceException && (e.name === 'NoSuchKey' || e.$metadata.httpStatusCode === 404))
        return null;
      throw e;
    }
  }

  /**
   * Images are shown through GET /api/files/*, which streams the object with the same Content-Type,
   * `nosniff` and Content-Security-Policy as a file from disk (a bucket cannot carry those headers).
   * With S3_PUBLIC_URL (a CDN you configure to add them) the images are shown from there instead.
   */
  publicUrl(key: string) {
    const { publicUrl } = this.cfg;
    if (publicUrl) return `${publicUrl.replace(/\/$/, '')}/${key}`;
    return `/api/files/${key}`;
  }
}

export const storageConfig = (ctx: AppContext): StorageConfig => ctx.config.storage ?? loadStorageConfig();

const built = new WeakMap<AppContext, Storage>();
/** The app's storage, built once per context from its settings. */
export function storageFor(ctx: AppContext): Storage {
  let storage = built.get(ctx);
  if (!storage) {
    const { s3 } = storageConfig(ctx);
    storage = s3 ? new S3Storage(s3) : new LocalStorage(path.join(ctx.config.dataDir, 'uploads'), ctx.tokens);
    built.set(ctx, storage);
  }
  return storage;
}
