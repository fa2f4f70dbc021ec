import { createHash, randomBytes } from 'node:crypto';
import {
  APP_UPLOAD_MIME,
  type ApkRecord,
  type AppChannel,
  type AppUploadResult,
  type LastApks,
  type RequiredAppVersion,
  type UploadedApkInfo,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { AppError, fail } from '../../../core/lib/errors';
import { appUploadMaxBytes, formatBytes, removeQuietly, storageConfig, storageFor } from '../../uploads';
import { readAppFile } from './app-file';
import * as repo from './app-versions.repo';

/** Where an uploaded app file is stored until (and after) it is read: `apks/<32 hex>.bin`. */
const keyOf = (fileName: string) => `apks/${fileName}`;

/**
 * POST /global/upload-version/apk (empty body): a signed address to PUT the file's bytes to (the same
 * storage and signed addresses as images: our server, or a presigned S3 address) and its file name.
 */
export async function createAppUpload(ctx: AppContext): Promise<AppUploadResult> {
  const fileName = `${randomBytes(16).toString('hex')}.bin`;
  const seconds = storageConfig(ctx).uploadUrlMinutes * 60;
  const max = appUploadMaxBytes(ctx);
  const url = await storageFor(ctx).uploadUrl(keyOf(fileName), APP_UPLOAD_MIME, max, seconds);
  return { url, fileName, expiresAt: new Date(Date.now() + seconds * 1000).toISOString(), maxBytes: max };
}

const info = (row: repo.AppVersionRow): UploadedApkInfo => ({
  id: row.id,
  versionCode: row.versionCode,
  versionName: row.versionName,
  package: row.packageName,
  isDevelopment: row.channel === 'development' ? 1 : 0,
  minVersion: row.minSdk,
  fileKind: row.fileKind === 'zip' ? 'zip' : 'apk',
  bytes: row.bytes,
});

/**
 * GET /global/upload-version/preview?fileName: reads the stored file (its real type from its bytes,
 * then its manifest) and records it, not yet enabled. A refused file is removed from the storage.
 * Reading the same file again answers the same record.
 */
export async function previewAppFile(ctx: AppContext, userId: number, fileName: string) {
  const key = keyOf(fileName);
  const known = await repo.findByKey(ctx.db, key);
  if (known) return info(known);
  const storage = storageFor(ctx);
  const max = appUploadMaxBytes(ctx);
  const stored = await storage.read(key, max + 1);
  if (!stored) throw fail('appNotUploaded');
  let file: Awaited<ReturnType<typeof readAppFile>>;
  try {
    if (stored.size > max) throw fail('appFileTooLarge', { params: { limit: formatBytes(max) } });
    file = await readAppFile(stored.bytes, max);
  } catch (e) {
    if (e instanceof AppError) await removeQuietly(storage, key);
    throw e;
  }
  const row = await repo.insertOnce(ctx.db, {
    storageKey: key,
    fileKind: file.fileKind,
    bytes: stored.bytes.length,
    sha256: createHash('sha256').update(stored.bytes).digest('hex'),
    channel: file.development ? 'development' : 'production',
    versionCode: file.versionCode,
    versionName: file.versionName,
    packageName: file.packageName,
    minSdk: file.minSdk,
    uploadedBy: userId,
  });
  return info(row);
}

const record = (row: repo.AppVersionRow): ApkRecord => ({
  id: row.id,
  type: row.channel === 'development' ? 'development' : 'production',
  vName: row.versionName,
  vCode: row.versionCode,
  package: row.packageName,
  minVersion: row.minSdk,
  fileKind: row.fileKind === 'zip' ? 'zip' : 'apk',
  bytes: row.bytes,
  enabledAt: row.enabledAt!.toISOString(),
});

/** POST /global/upload-version/enable {id}: the version becomes the latest of its channel. */
export async function enableVersion(ctx: AppContext, userId: number, id: number): Promise<ApkRecord> {
  const row = await repo.enable(ctx.db, id, userId);
  if (!row) throw fail('notFound');
  return record(row);
}

/** GET /global/upload-version/lastApks: the latest enabled development and production versions. */
export async function lastApks(ctx: AppContext): Promise<LastApks> {
  const [development, production] = await Promise.all([
    repo.latestEnabled(ctx.db, 'development'),
    repo.latestEnabled(ctx.db, 'production'),
  ]);
  return {
    development: development ? record(development) : null,
    production: production ? record(production) : null,
  };
}

/** The file of the latest enabled version of a channel, as a stream, with its download name. */
export async function latestFile(ctx: AppContext, channel: AppChannel) {
  const row = await repo.latestEnabled(ctx.db, channel);
  if (!row) throw fail('appNoVersion', { params: { channel } });
  const file = await storageFor(ctx).stream(row.storageKey);
  if (!file) throw fail('appNotUploaded');
  const ext = row.fileKind === 'zip' ? 'zip' : 'apk';
  const safe = (s: string) => s.replace(/[^\w.-]+/g, '_');
  return {
    ...file,
    mime: ext === 'zip' ? 'application/zip' : 'application/vnd.android.package-archive',
    name: `${safe(row.packageName)}-${safe(row.versionName)}-${row.versionCode}.${ext}`,
    sha256: row.sha256,
  };
}

/** The address a terminal downloads its channel's version from (with its device token). */
export const DEVICE_APP_PATH = '/api/device/app';

/**
 * The version a channel's terminals must run: the latest enabled one (null when none is). The terminal
 * feed's sync answers it; the fleet screens compare a terminal's reported version with it.
 */
export async function latestAppVersion(
  db: Executor,
  channel: AppChannel,
): Promise<RequiredAppVersion | null> {
  const row = await repo.latestEnabled(db, channel);
  return row ? requiredAppVersion(channel, row) : null;
}

/** The required version as the sync answers it, from its row (or the JSON of latestEnabledJsonSql). */
export function requiredAppVersion(
  channel: AppChannel,
  row: { versionCode: number; versionName: string; packageName: string },
): RequiredAppVersion {
  return {
    channel,
    versionCode: row.versionCode,
    versionName: row.versionName,
    package: row.packageName,
    download: `${DEVICE_APP_PATH}?channel=${channel}`,
  };
}

export const deviceMayDownload = (ctx: AppContext, id: number, version: number) =>
  repo.deviceMayDownload(ctx.db, id, version);
