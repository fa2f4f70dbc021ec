import { describe, expect, it } from 'vitest';
import { newStaffPin, staffPinMatches } from './staff-pin';

describe('staff PIN', () => {
  it('matches the PIN it was made from, and no other', async () => {
    const stored = await newStaffPin('4821');
    expect(stored.hash).not.toContain('4821');
    expect(await staffPinMatches('4821', stored)).toBe(true);
    expect(await staffPinMatches('4822', stored)).toBe(false);
    expect(await staffPinMatches('48210', stored)).toBe(false);
    expect(await staffPinMatches('', stored)).toBe(false);
  });
  it('salts each PIN: the same PIN twice gives two hashes', async () => {
    const [a, b] = await Promise.all([newStaffPin('1234'), newStaffPin('1234')]);
    expect(a.hash).not.toBe(b.hash);
  });
});
