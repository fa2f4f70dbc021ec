import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** Real image bytes for the upload tests, made here (no binary fixtures). */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
/** A valid RGB PNG of that size (a red-to-blue gradient). */
export function png(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set([x % 256, 64, y % 256], y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** The start of a baseline JPEG (SOI, JFIF, SOF0 with the size). */
export function jpeg(width: number, height: number) {
  const jfif = Buffer.from([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3]);
  const comps = Buffer.from([1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, sof, comps, Buffer.from([0xff, 0xd9])]);
}
export const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0)]);
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126, 0x90)]);
export const svg = (attrs: string, inner = '<rect width="10" height="10"/>') =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${inner}</svg>\n`,
  );

/** A PNG of that size whose pixels are random, so it hardly compresses (bytes ≈ width × height × 3). */
export function noisyPng(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = randomBytes((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Files no upload should answer with a 5xx (the route walk sends them to every route that takes a
 * file): empty, random, truncated, another type than declared, and polyglots (one file valid as two
 * types).
 */
export function hostileFiles(): [name: string, bytes: Buffer][] {
  const goodPng = png(20, 20);
  const goodJpeg = jpeg(20, 20);
  const logo = svg('width="20" height="20"');
  const zipHead = Buffer.from('504b0304140000000800', 'hex');
  return [
    ['empty', Buffer.alloc(0)],
    ['one byte', Buffer.from([0x89])],
    ['random', randomBytes(4096)],
    ['PNG signature only', goodPng.subarray(0, 8)],
    ['PNG cut inside IHDR', goodPng.subarray(0, 20)],
    ['PNG cut inside IDAT', goodPng.subarray(0, goodPng.length - 20)],
    ['PNG of 0×0', png(1, 1).fill(0, 16, 24)],
    [
      'PNG claiming 2³¹ pixels a side',
      Buffer.concat([goodPng.subarray(0, 16), Buffer.from('7fffffff7fffffff', 'hex'), goodPng.subarray(24)]),
    ],
    ['JPEG SOI only', goodJpeg.subarray(0, 2)],
    ['JPEG cut inside SOF', goodJpeg.subarray(0, 25)],
    ['SVG cut in the root', logo.subarray(0, 60)],
    ['SVG in UTF-16', Buffer.from(`\ufeff${logo.toString()}`, 'utf16le')],
    ['SVG with a NUL', Buffer.concat([logo.subarray(0, 50), Buffer.from([0]), logo.subarray(50)])],
    ['SVG with an HTML body', Buffer.from(`${logo.toString()}<html><body onload="alert(1)"></body></html>`)],
    ['SVG nested a thousand deep', svg('width="20" height="20"', '<g>'.repeat(1000) + '</g>'.repeat(1000))],
    ['GIF/JavaScript polyglot', Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00*/=alert(1)//;')],
    ['PNG with a zip appended', Buffer.concat([goodPng, zipHead, randomBytes(64)])],
    [
      'zip with a PNG inside its comment',
      Buffer.concat([Buffer.from('504b0506000000000000000000000000000000000000', 'hex'), goodPng]),
    ],
    ['JPEG with a PHP tail', Buffer.concat([goodJpeg, Buffer.from('<?php system($_GET[0]); ?>')])],
    ['PDF header', Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n')],
    ['ELF', ELF],
    ['EXE', EXE],
    ['zip header only', zipHead],
    ['zip local header with random data', Buffer.concat([zipHead, randomBytes(2048)])],
    ['CSV with formulas', Buffer.from('serial;code\n=cmd|" /C calc"!A0;1\n04A1B2C3D4E5F6;@SUM(1)\n')],
    ['text with a NUL and a lone surrogate', Buffer.from('04A1B2C3\u0000D4\ud800E5F6;1\n', 'utf8')],
  ];
}
