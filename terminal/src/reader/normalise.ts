/**
 * A wristband's serial as the rest of the product writes it: the chip's UID in upper-case hex, most
 * significant byte first (NTAG/Ultralight: 7 bytes, 14 digits, starting with NXP's 04; 4-byte UIDs:
 * 8 digits). USB keyboard-wedge readers type it in hex or in decimal, in either byte order, with or
 * without separators; this turns any of those into that form.
 */
import { SERIAL_LENGTH } from '@pulsera/contracts';

export type WedgeFormat = 'auto' | 'hex' | 'decimal';
export type ByteOrder = 'auto' | 'msb' | 'lsb';

export interface WedgeSettings {
  format: WedgeFormat;
  byteOrder: ByteOrder;
}

export const DEFAULT_WEDGE: WedgeSettings = { format: 'auto', byteOrder: 'auto' };

/**
 * The UID sizes the product keeps: a serial is 8 to 18 characters (01-console §9), so 4- and 7-byte
 * UIDs; a 10-byte UID (20 digits) cannot be a wristband of this system.
 */
const UID_BYTES = [4, 7].filter((b) => b * 2 >= SERIAL_LENGTH.min && b * 2 <= SERIAL_LENGTH.max);
const LONG_UID_DIGITS = 20;

const reverseBytes = (hex: string) => (hex.match(/../g) ?? []).reverse().join('');

/** The hex digits of a decimal reading, padded to the shortest UID length that holds them. */
function decimalToHex(digits: string): string | null {
  const value = BigInt(digits);
  const hex = value.toString(16).toUpperCase();
  const bytes = UID_BYTES.find((b) => hex.length <= b * 2);
  return bytes ? hex.padStart(bytes * 2, '0') : null;
}

/**
 * The serial of a reading, or null when it is not one. `auto` format: digits only, of a length no
 * hex UID has (not 8, 14 or 20), are decimal (at least 8 digits); anything else is hex. `auto` byte order: a 7-byte UID
 * that ends in 04 and does not start with it was typed least significant byte first.
 */
export function normaliseSerial(reading: string, settings: WedgeSettings = DEFAULT_WEDGE): string | null {
  const raw = cleaned(reading);
  if (!raw) return null;
  const decimal =
    settings.format === 'decimal' ||
    (settings.format === 'auto' && /^\d+$/.test(raw) && !UID_BYTES.some((b) => raw.length === b * 2));
  let hex: string | null;
  // Wedge readers pad decimal readings (10 digits for 4 bytes): fewer than 8 digits is a typo.
  if (decimal) hex = /^\d{8,25}$/.test(raw) ? decimalToHex(raw) : null;
  else hex = /^[0-9A-F]+$/.test(raw) && raw.length % 2 === 0 ? raw : null;
  if (!hex || !UID_BYTES.includes(hex.length / 2)) return null;
  const reversed =
    settings.byteOrder === 'lsb' ||
    (settings.byteOrder === 'auto' && hex.length === 14 && hex.endsWith('04') && !hex.startsWith('04'));
  return reversed ? reverseBytes(hex) : hex;
}

const cleaned = (reading: string) =>
  reading
    .trim()
    .replace(/^0x/i, '')
    .replace(/[\s:.-]/g, '')
    .toUpperCase();

/** Why a reading gave no serial: a 10-byte chip (longer than a serial may be), or no UID at all. */
export const readingProblem = (reading: string): 'tooLong' | 'invalid' =>
  new RegExp(`^[0-9A-F]{${LONG_UID_DIGITS}}$`).test(cleaned(reading)) ? 'tooLong' : 'invalid';

/** A serial typed by hand (as printed on the wristband): hex, separators allowed, most significant first. */
export const manualSerial = (typed: string) => normaliseSerial(typed, { format: 'hex', byteOrder: 'msb' });
