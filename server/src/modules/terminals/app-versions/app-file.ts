import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AppInfoParser from 'app-info-parser';
import { fileTypeFromBuffer } from 'file-type';
import JSZip from 'jszip';
import { fail } from '../../../core/lib/errors';
import { isZipArchive } from '../../uploads';

/** What the console shows of an uploaded app (02-catalogue §3 Uploaded APK info). */
export interface AppFileInfo {
  fileKind: 'apk' | 'zip';
  versionCode: number;
  versionName: string;
  packageName: string;
  /** From the manifest's `android:debuggable`: a debuggable build is a development build. */
  development: boolean;
  minSdk: number | null;
}

interface Manifest {
  versionCode?: unknown;
  versionName?: unknown;
  package?: unknown;
  usesSdk?: { minSdkVersion?: unknown };
  application?: { debuggable?: unknown };
}

/** Reads an APK's manifest with app-info-parser (which needs a file path in Node). */
async function readApk(bytes: Buffer): Promise<Omit<AppFileInfo, 'fileKind'>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pulsera-apk-'));
  const file = path.join(dir, 'app.apk');
  let manifest: Manifest;
  try {
    await writeFile(file, bytes);
    manifest = (await new AppInfoParser(file).parse()) as Manifest;
  } catch (e) {
    throw unreadable(e);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const versionCode = Number(manifest.versionCode);
  const versionName = typeof manifest.versionName === 'string' ? manifest.versionName.trim() : '';
  const packageName = typeof manifest.package === 'string' ? manifest.package.trim() : '';
  const min = Number(manifest.usesSdk?.minSdkVersion);
  if (!Number.isInteger(versionCode) || versionCode < 0 || versionCode > 2_147_483_647)
    throw fail('appFileUnreadable', { params: { reason: 'versionCode' } });
  if (!versionName || versionName.length > 100)
    throw fail('appFileUnreadable', { params: { reason: 'versionName' } });
  if (!/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/.test(packageName) || packageName.length > 200)
    throw fail('appFileUnreadable', { params: { reason: 'package' } });
  const debuggable = manifest.application?.debuggable;
  return {
    versionCode,
    versionName,
    packageName,
    development: debuggable === true || debuggable === 'true',
    minSdk: Number.isInteger(min) && min > 0 && min < 1000 ? min : null,
  };
}

function unreadable(e: unknown) {
  const message = e instanceof Error ? e.message : String(e);
  // The parser's own words name what it could not find; keep them short and printable.
  const reason = message.replace(/[^\w .:,'()-]+/g, ' ').slice(0, 120) || 'AndroidManifest.xml';
  return fail('appFileUnreadable', { params: { reason } });
}

/**
 * The real type of an uploaded file from its bytes (02-catalogue §5 "the real file type is checked
 * from its first bytes"), then its app info: an .apk is read directly; a .zip must hold exactly one
 * .apk, whose info it gets. A text file renamed .apk is refused.
 */
export async function readAppFile(bytes: Buffer): Promise<AppFileInfo> {
  if (!isZipArchive(bytes)) throw fail('appFileType');
  const type = await fileTypeFromBuffer(bytes);
  if (type?.ext === 'apk') return { fileKind: 'apk', ...(await readApk(bytes)) };
  if (type && type.ext !== 'zip') throw fail('appFileType');
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch (e) {
    throw unreadable(e);
  }
  const apks = Object.values(zip.files).filter((f) => !f.dir && /\.apk$/i.test(f.name));
  if (apks.length !== 1) throw fail('appZipNoApk', { params: { count: apks.length } });
  const inner = await apks[0]!.async('nodebuffer');
  if (!isZipArchive(inner)) throw fail('appFileType');
  return { fileKind: 'zip', ...(await readApk(inner)) };
}
