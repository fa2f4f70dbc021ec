import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * Zip archives written byte by byte for the zip-bomb tests: an entry may be `zeros` bytes of 0
 * (deflated by streaming, so a 200 MB entry never exists in memory), and its headers may lie about
 * its size (`declaredSize`). Over 65,535 entries the ZIP64 end records are written.
 */
export interface ZipItem {
  name: string;
  data?: Buffer;
  /** This many zero bytes, deflated as a stream. */
  zeros?: number;
  /** The unpacked size both headers declare, instead of the real one. */
  declaredSize?: number;
}

const CHUNK = Buffer.alloc(1_048_576);

const deflated = new Map<number, Promise<{ packed: Buffer; crc: number }>>();
/** `n` zero bytes deflated chunk by chunk (once per size): the compressed bytes and their CRC-32. */
function deflateZeros(n: number) {
  if (!deflated.has(n)) deflated.set(n, deflateStream(n));
  return deflated.get(n)!;
}

async function deflateStream(n: number): Promise<{ packed: Buffer; crc: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = 0;
  for (let left = n; left > 0; left -= CHUNK.length) {
    const part = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
    crc = crc32(part, crc);
    if (!deflate.write(part)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return { packed: Buffer.concat(out), crc };
}

async function packed(item: ZipItem) {
  if (item.zeros !== undefined) {
    const { packed: bytes, crc } = await deflateZeros(item.zeros);
    return { method: 8, bytes, crc, size: item.zeros };
  }
  const data = item.data ?? Buffer.alloc(0);
  return { method: 0, bytes: data, crc: crc32(data), size: data.length };
}

export async function buildZip(items: ZipItem[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const item of items) {
    const p = await packed(item);
    const name = Buffer.from(item.name, 'utf8');
    const size = item.declaredSize ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(p.method, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(p.method, 10);
    dir.writeUInt32LE(p.crc, 16);
    dir.writeUInt32LE(p.bytes.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, p.bytes);
    central.push(dir, name);
    offset += local.length + name.length + p.bytes.length;
  }
  const dirBytes = Buffer.concat(central);
  const count = items.length;
  const zip64 = count > 0xffff;
  const tail: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(dirBytes.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + dirBytes.length), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : count, 8);
  end.writeUInt16LE(zip64 ? 0xffff : count, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dirBytes, ...tail, end]);
}
