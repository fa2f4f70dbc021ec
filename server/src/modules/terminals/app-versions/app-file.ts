import ResourceFinder from 'app-info-parser/src/resource-finder.js';
import { mapInfoResource } from 'app-info-parser/src/utils.js';
import ManifestXmlParser from 'app-info-parser/src/xml-parser/manifest.js';
import { fail } from '../../../core/lib/errors';
import { isZipArchive } from '../../uploads';
import { BoundedZip, unreadable } from './bounded-zip';

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

/** The most an APK's AndroidManifest.xml may unpack to (a real one is tens of KB). */
const MANIFEST_MAX_BYTES = 4 * 1_048_576;
/** The most its resources.arsc may unpack to, read only when the manifest names a resource. */
const RESOURCES_MAX_BYTES = 64 * 1_048_576;
const FIELDS_OF_RESOURCES = /resourceId:0x/;

/** The parts of an APK the console shows, from its manifest (app-info-parser's binary XML reader). */
async function manifestOf(zip: BoundedZip): Promise<Manifest> {
  const file = zip.find((name) => /^androidmanifest\.xml$/i.test(name));
  if (!file) throw unreadable(new Error("AndroidManifest.xml can't be found."));
  const bytes = await zip.read(file, MANIFEST_MAX_BYTES);
  let manifest: Manifest;
  try {
    manifest = new ManifestXmlParser(bytes, {
      ignore: [
        'application.activity',
        'application.service',
        'application.receiver',
        'application.provider',
        'permission-group',
      ],
    }).parse() as Manifest;
  } catch (e) {
    throw unreadable(e);
  }
  const used = [
    manifest.versionCode,
    manifest.versionName,
    manifest.package,
    manifest.usesSdk?.minSdkVersion,
  ];
  const resources = zip.find((name) => name === 'resources.arsc');
  if (resources && used.some((v) => FIELDS_OF_RESOURCES.test(String(v)))) {
    const table = await zip.read(resources, RESOURCES_MAX_BYTES);
    try {
      manifest = mapInfoResource(manifest, new ResourceFinder().processResourceTable(table)) as Manifest;
    } catch (e) {
      throw unreadable(e);
    }
  }
  return manifest;
}

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/** Reads an APK's manifest through the bounded archive reader (bounded-zip.ts), then closes it. */
async function readApk(zip: BoundedZip): Promise<Omit<AppFileInfo, 'fileKind'>> {
  let manifest: Manifest;
  try {
    manifest = await manifestOf(zip);
  } finally {
    zip.close();
  }
  const versionCode = Number(first(manifest.versionCode));
  const name = first(manifest.versionName);
  const pkg = first(manifest.package);
  const versionName = typeof name === 'string' ? name.trim() : '';
  const packageName = typeof pkg === 'string' ? pkg.trim() : '';
  const min = Number(first(manifest.usesSdk?.minSdkVersion));
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

/**
 * The real type of an uploaded file from its bytes (02-catalogue §5 "the real file type is checked
 * from its first bytes"), then its app info: an .apk is read directly; a .zip must hold exactly one
 * .apk, whose info it gets. A text file renamed .apk is refused.
 */
export async function readAppFile(bytes: Buffer, maxBytes: number): Promise<AppFileInfo> {
  if (!isZipArchive(bytes)) throw fail('appFileType');
  const outer = await BoundedZip.open(bytes);
  if (outer.find((name) => /^androidmanifest\.xml$/i.test(name)))
    return { fileKind: 'apk', ...(await readApk(outer)) };
  let inner: Buffer;
  try {
    const apks = outer.entries.filter((f) => !f.name.endsWith('/') && /\.apk$/i.test(f.name));
    if (apks.length !== 1) throw fail('appZipNoApk', { params: { count: apks.length } });
    inner = await outer.read(apks[0]!, maxBytes);
  } finally {
    outer.close();
  }
  if (!isZipArchive(inner)) throw fail('appFileType');
  return { fileKind: 'zip', ...(await readApk(await BoundedZip.open(inner))) };
}
