import { describe, expect, it } from 'vitest';
import { manualSerial, normaliseSerial, readingProblem } from './normalise';

const SERIAL = '04A1B2C3D4E5F6';
const LSB = 'F6E5D4C3B2A104';
const decimal = (hex: string) => BigInt(`0x${hex}`).toString(10);

describe('keyboard-wedge readings become the product serial', () => {
  it('takes hex in either byte order, with or without separators', () => {
    expect(normaliseSerial(SERIAL)).toBe(SERIAL);
    expect(normaliseSerial('04a1b2c3d4e5f6')).toBe(SERIAL);
    expect(normaliseSerial('04:A1:B2:C3:D4:E5:F6')).toBe(SERIAL);
    expect(normaliseSerial('04 a1 b2 c3 d4 e5 f6\n')).toBe(SERIAL);
    expect(normaliseSerial(LSB)).toBe(SERIAL);
    expect(normaliseSerial('F6:E5:D4:C3:B2:A1:04')).toBe(SERIAL);
  });

  it('takes decimal in either byte order', () => {
    expect(normaliseSerial(decimal(SERIAL))).toBe(SERIAL);
    expect(normaliseSerial(decimal(LSB))).toBe(SERIAL);
    expect(normaliseSerial(decimal(SERIAL), { format: 'decimal', byteOrder: 'msb' })).toBe(SERIAL);
  });

  it('keeps 4-byte UIDs and honours a configured byte order', () => {
    expect(normaliseSerial('DEADBEEF')).toBe('DEADBEEF');
    expect(normaliseSerial('3735928559')).toBe('DEADBEEF');
    expect(normaliseSerial('DEADBEEF', { format: 'hex', byteOrder: 'lsb' })).toBe('EFBEADDE');
    expect(normaliseSerial('04A1B2C3', { format: 'hex', byteOrder: 'msb' })).toBe('04A1B2C3');
  });

  it('refuses what is no UID', () => {
    for (const bad of ['', '   ', 'XYZ', '04A1B', '04A1B2C3D4E5', '123', 'G4A1B2C3D4E5F6']) {
      expect(normaliseSerial(bad)).toBeNull();
    }
  });

  it('refuses a 10-byte UID, longer than the 18 characters a serial may have, and says why', () => {
    const long = '04A1B2C3D4E5F6A7B8C9';
    expect(normaliseSerial(long)).toBeNull();
    expect(normaliseSerial('04:A1:B2:C3:D4:E5:F6:A7:B8:C9', { format: 'hex', byteOrder: 'msb' })).toBeNull();
    expect(readingProblem('04:a1:b2:c3:d4:e5:f6:a7:b8:c9')).toBe('tooLong');
    expect(readingProblem('XYZ')).toBe('invalid');
    expect(readingProblem('04A1B')).toBe('invalid');
  });

  it('reads a hand-typed serial as printed, most significant byte first', () => {
    expect(manualSerial('04-a1-b2-c3-d4-e5-f6')).toBe(SERIAL);
    expect(manualSerial(LSB)).toBe(LSB);
    expect(manualSerial('12345')).toBeNull();
  });
});
