import yauzl from 'yauzl';
import { AppError, fail } from '../../../core/lib/errors';
import { formatBytes } from '../../uploads';

/**
 * Limits of an app archive (.apk or .zip), checked from its central directory before anything is
 * inflated (docs/decisions/terminals.md, 2026-11-28). A real APK holds a few thousand files and
 * unpacks to two or three times its size.
 */
export const ZIP_LIMITS = {
  /** Files an archive may list. */
  maxEntries: 50_000,
  /** Bytes all its files may declare, unpacked. */
  maxTotalBytes: 2 * 1024 ** 3,
  /** Declared unpacked bytes per byte of archive, once the archive declares more than `ratioFrom`. */
  maxRatio: 100,
  ratioFrom: 16 * 1_048_576,
} as const;

export interface ArchiveEntry {
  name: string;
  /** Unpacked bytes, as the central directory declares them (inflating more is refused). */
  size: number;
  entry: yauzl.Entry;
}

export function unreadable(e: unknown) {
  if (e instanceof AppError) return e;
  const message = e instanceof Error ? e.message : String(e);
  // The reader's own words name what it could not read; keep them short and printable.
  const reason = message.replace(/[^\w .:,'()-]+/g, ' ').slice(0, 120) || 'AndroidManifest.xml';
  return fail('appFileUnreadable', { params: { reason } });
}

const entryTooLarge = (name: string, limit: number) =>
  fail('appArchiveEntryTooLarge', { params: { name: name.slice(0, 120), limit: formatBytes(limit) } });

/**
 * An archive read by its central directory (yauzl): the list of its files and their declared sizes,
 * checked against ZIP_LIMITS; a file is inflated only when asked for, as a stream, never past a cap.
 */
export class BoundedZip {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: ArchiveEntry[],
  ) {}

  static async open(bytes: Buffer): Promise<BoundedZip> {
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
    } catch (e) {
      throw unreadable(e);
    }
    try {
      if (zip.entryCount > ZIP_LIMITS.maxEntries)
        throw fail('appArchiveTooManyEntries', {
          params: { count: zip.entryCount, max: ZIP_LIMITS.maxEntries },
        });
      const entries: ArchiveEntry[] = [];
      let total = 0;
      for await (const entry of zip.eachEntry()) {
        entries.push({ name: entry.fileName, size: entry.uncompressedSize, entry });
        total += entry.uncompressedSize;
      }
      if (total > ZIP_LIMITS.maxTotalBytes)
        throw fail('appArchiveTooLarge', {
          params: { size: formatBytes(total), limit: formatBytes(ZIP_LIMITS.maxTotalBytes) },
        });
      const ratio = total / Math.max(bytes.length, 1);
      if (total > ZIP_LIMITS.ratioFrom && ratio > ZIP_LIMITS.maxRatio)
        throw fail('appArchiveRatio', { params: { ratio: Math.round(ratio), max: ZIP_LIMITS.maxRatio } });
      return new BoundedZip(zip, entries);
    } catch (e) {
      zip.close();
      throw unreadable(e);
    }
  }

  /** The first file whose name matches. */
  find(test: (name: string) => boolean): ArchiveEntry | undefined {
    return this.entries.find((e) => !e.name.endsWith('/') && test(e.name));
  }

  /**
   * A file's bytes, inflated as a stream and counted: past `cap` (or past the size its header
   * declares, which yauzl checks) the stream is destroyed and the archive refused.
   */
  async read(file: ArchiveEntry, cap: number): Promise<Buffer> {
    if (file.size > cap) throw entryTooLarge(file.name, cap);
    if (!file.entry.canDecodeFileData())
      throw unreadable(new Error(`${file.name} is encrypted or packed oddly`));
    let stream: Awaited<ReturnType<yauzl.ZipFile['openReadStreamPromise']>>;
    try {
      stream = await this.zip.openReadStreamPromise(file.entry);
    } catch (e) {
      throw unreadable(e);
    }
    const limit = Math.min(cap, file.size);
    return new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let received = 0;
      stream.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > limit) {
          stream.destroy();
          reject(entryTooLarge(file.name, limit));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (e) =>
        reject(/too many bytes/i.test(e.message) ? entryTooLarge(file.name, limit) : unreadable(e)),
      );
      stream.on('end', () => resolve(Buffer.concat(chunks, received)));
    });
  }

  close() {
    this.zip.close();
  }
}
