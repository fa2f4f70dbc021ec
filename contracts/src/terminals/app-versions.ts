import { z } from 'zod';

/**
 * Terminal software (admin/configuration/upload-versions, 02-catalogue §2 APK versions, §3 APK
 * record and uploaded APK info, §5, §7). A terminal's channel is development or production; the
 * latest enabled version of a channel is the one its terminals must run.
 */
export const APP_CHANNELS = ['development', 'production'] as const;
export const AppChannel = z.enum(APP_CHANNELS);
export type AppChannel = z.infer<typeof AppChannel>;

/** The upload form's accepted names (the real type is checked from the first bytes). */
export const APP_FILE_ACCEPT = '.apk,.zip';
/** The content type the browser PUTs the bytes with (signed into an S3 address). */
export const APP_UPLOAD_MIME = 'application/octet-stream';
/** A stored app file: `apks/<32 hex>.bin` until it is read. */
export const APP_KEY_PATTERN = /^apks\/[a-f0-9]{32}\.bin$/;
export const AppFileName = z
  .string()
  .max(100)
  .regex(/^[a-f0-9]{32}\.bin$/, { error: 'validation.invalid' });

/** POST /global/upload-version/apk: where to PUT the bytes, and the file name to preview. */
export const AppUploadResult = z.object({
  url: z.string(),
  fileName: z.string(),
  expiresAt: z.string(),
  maxBytes: z.number().int(),
});
export type AppUploadResult = z.infer<typeof AppUploadResult>;

/** GET /global/upload-version/preview?fileName: the uploaded APK info (02-catalogue §3). */
export const AppPreviewQuery = z.object({ fileName: AppFileName });
export const UploadedApkInfo = z.object({
  id: z.number().int(),
  versionCode: z.number().int(),
  versionName: z.string(),
  package: z.string(),
  isDevelopment: z.union([z.literal(0), z.literal(1)]),
  minVersion: z.number().int().nullable(),
  fileKind: z.enum(['apk', 'zip']),
  bytes: z.number().int(),
});
export type UploadedApkInfo = z.infer<typeof UploadedApkInfo>;

export const AppEnableRequest = z.object({ id: z.number().int().min(1).max(2_147_483_647) });

/** An APK record (02-catalogue §3): type, vName, vCode; one per channel in lastApks. */
export const ApkRecord = z.object({
  id: z.number().int(),
  type: AppChannel,
  vName: z.string(),
  vCode: z.number().int(),
  package: z.string(),
  minVersion: z.number().int().nullable(),
  fileKind: z.enum(['apk', 'zip']),
  bytes: z.number().int(),
  enabledAt: z.string(),
});
export type ApkRecord = z.infer<typeof ApkRecord>;
export const LastApks = z.object({ development: ApkRecord.nullable(), production: ApkRecord.nullable() });
export type LastApks = z.infer<typeof LastApks>;

export const DownloadApkQuery = z.object({ type: AppChannel });

/** What a terminal learns at each sync: the version its channel must run (null: none enabled). */
export const RequiredAppVersion = z.object({
  channel: AppChannel,
  versionCode: z.number().int(),
  versionName: z.string(),
  package: z.string(),
  /** Where the terminal downloads it with its device token. */
  download: z.string(),
});
export type RequiredAppVersion = z.infer<typeof RequiredAppVersion>;
